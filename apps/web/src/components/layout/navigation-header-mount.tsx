import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { publish, subscribe } from '../../lib/event-bus';

/** The id of the header element a separately loaded navigation widget renders into. */
export const NAVIGATION_HEADER_ID = 'portal-navigation-header';
/** The event bus channel on which the portal tells an already loaded widget that its element was drawn again. */
export const NAVIGATION_HEADER_CHANNEL = 'navigation-header';

/** What the portal offers the navigation widget, as `window.portalNavigationHeader` (decision 0055). */
export interface NavigationHeaderApi {
  /** The element to render into (also found as `#portal-navigation-header`). */
  mountPoint: HTMLElement;
  /** The in-app event bus: the widget may publish on a channel and subscribe to one. */
  publish: typeof publish;
  subscribe: typeof subscribe;
}

declare global {
  interface Window {
    portalNavigationHeader?: NavigationHeaderApi;
  }
}

/**
 * [M2.61] The navigation header: a mount point in the header for a navigation widget loaded from a configured
 * script (NAVIGATION_HEADER_SCRIPT_URL). The script is added once, after the mount point exists; the widget finds
 * the element and the event bus on `window.portalNavigationHeader`. Without a configured script nothing is shown.
 * React never renders children into the element, so the widget owns what is inside it.
 */
export function NavigationHeaderMount({ scriptUrl, label }: { scriptUrl: string | null | undefined; label: string }) {
  useEffect(() => {
    const mountPoint = document.getElementById(NAVIGATION_HEADER_ID);
    if (!scriptUrl || !mountPoint) return;
    window.portalNavigationHeader = { mountPoint, publish, subscribe };
    // A widget loaded before (the header was drawn again) hears of its new element on its channel.
    if (document.querySelector('script[data-navigation-header]')) {
      publish(NAVIGATION_HEADER_CHANNEL, { type: 'mounted', mountPoint });
    } else {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.dataset.navigationHeader = 'true';
      document.head.appendChild(script);
    }
  }, [scriptUrl]);

  if (!scriptUrl) return null;
  return (
    <Box
      component="nav"
      id={NAVIGATION_HEADER_ID}
      aria-label={label}
      miw={0}
      style={{ overflow: 'hidden', display: 'flex', alignItems: 'center' }}
    />
  );
}
