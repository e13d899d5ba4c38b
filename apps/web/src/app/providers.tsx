import { type CSSVariablesResolver, createTheme, Loader, MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { PHONE_QUERY } from '../lib/media-queries';
import { NOTIFICATION_FADE_MS } from '../lib/notification-timing';
import { createQueryClient } from '../lib/query-client';

const baseTheme = {
  primaryColor: 'blue',
  // Shade 8 keeps white button text and blue links above the WCAG AA contrast ratio.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Dialogs, menus and notifications appear without transitions for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    // A loader is a status: its "Loading" label is announced, and an element with a label needs a role.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // An open menu holds menu items only: Mantine's focus placeholder is a bare div inside role="menu", which axe
    // reports (aria-required-children). Without it the first item takes the focus when the menu opens by keyboard.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
} as const;

/**
 * The theme; on a phone every modal (wizards and dialogs alike) is full-screen unless it says otherwise. Plain
 * default props rather than `Modal.extend`: importing Modal here would put it into the entry every page loads.
 */
function usePortalTheme() {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return useMemo(
    () =>
      createTheme({
        ...baseTheme,
        components: { ...baseTheme.components, Modal: { defaultProps: { fullScreen: isPhone } } },
      }),
    [isPhone],
  );
}

// Mantine's default dimmed grey is below the WCAG AA contrast ratio for small text.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a' },
  dark: {},
});

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** The notification area: its code is fetched with the first notification shown, and it stays from then on. */
function NotificationArea() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom right above the footer (app.css): a notice never covers the header's user menu and Sign out. [M9.13] 5 s fade. */}
      <Notifications position="bottom-right" containerWidth={380} autoClose={NOTIFICATION_FADE_MS} />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const theme = usePortalTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <NotificationArea />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
