import { Anchor, AppShell, Burger, Group, Loader, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MARKETPLACE_BROWSE_CAPABILITY_KEYS, ORDERS_READ_CAPABILITY_KEYS } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { AccountTree } from '../../features/accounts';
import {
  currentUserKey,
  ImpersonationBanner,
  InitialPasswordGate,
  TermsGate,
  UserMenu,
  useClientSettings,
  useCurrentUser,
  useGuidanceScript,
  useSignOut,
} from '../../features/auth';
import { useIsVendorOrganisation } from '../../features/vendor-profile';
import { onPasswordChangeRequired, onUnauthenticated } from '../../lib/api-client';
import { href, paths } from '../paths';
import { ShellFooter } from './shell-footer';

/** Header links and the portal's name stay on one line each. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The portal's name ends in an ellipsis on a narrow screen rather than push the user menu out. */
const TRUNCATED = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** A full page load at an in-app route: nothing of the previous identity stays in memory or in loaded scripts. */
export function reloadAt(path: string) {
  window.location.hash = href(path);
  window.location.reload();
}

export interface ShellContext {
  setTreePath: (ids: number[]) => void;
}

/** [M2.17] Base layout: header with the current user, the account tree on the left, notification area, footer. */
export function ShellLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [opened, { toggle, close }] = useDisclosure();
  const [treePath, setTreePath] = useState<number[]>([]);
  const signOut = useSignOut();
  const settings = useClientSettings(user.data ? user.data.AccountId : null);
  useGuidanceScript(user.data ? settings.data?.GuidanceScriptUrl : null);
  const isVendorStaff = useIsVendorOrganisation(user.data && !user.data.MustChangePassword ? user.data : null);

  useEffect(
    () =>
      onUnauthenticated(() => {
        queryClient.setQueryData(currentUserKey, null);
      }),
    [queryClient],
  );
  // A first-time password issued while signed in: reload the user, whose MustChangePassword opens the gate.
  useEffect(
    () => onPasswordChangeRequired(() => void queryClient.invalidateQueries({ queryKey: currentUserKey })),
    [queryClient],
  );

  if (user.isPending) return <Loader aria-label={t('app.loading')} m="xl" />;
  if (!user.data) return <Navigate to={paths.login(location.pathname + location.search)} replace />;

  // Decision 0010: a first-time password is replaced before anything else; Sign out is the only other way.
  if (user.data.MustChangePassword) {
    return (
      <InitialPasswordGate
        username={user.data.Username}
        isSigningOut={signOut.isPending}
        onSignOut={() => signOut.mutate(undefined, { onSettled: () => reloadAt(paths.login()) })}
      />
    );
  }

  // [M2.16], [M4.12] Terms come first; Decline signs out and reloads. Impersonators never see them [A6.8].
  if (user.data.TermsConditions.length > 0 && !user.data.Impersonator) {
    return (
      <TermsGate
        terms={user.data.TermsConditions}
        isDeclining={signOut.isPending}
        onDecline={() => signOut.mutate(undefined, { onSettled: () => reloadAt(paths.login()) })}
      />
    );
  }

  const can = (key: string) => user.data?.Capabilities.includes(key) === true;
  // The portal's sections the user may open, in the header on wide screens and in the menu on narrow ones.
  const sections = [
    // [M2.26] Whoever may browse: MARKETPLACE read, or a vendor's service tool (the provider has both).
    MARKETPLACE_BROWSE_CAPABILITY_KEYS.some(can) && { href: href(paths.marketplace.explore()), label: t('marketplace.navLink') },
    { href: href(paths.reports()), label: t('reports.navLink') },
    can('SERVICE_TOOL_INFO_READ') && { href: `#${paths.services.list()}`, label: t('serviceTool.list.title') },
    ORDERS_READ_CAPABILITY_KEYS.some(can) && { href: href(paths.orders()), label: t('orders.navLink') },
    // [M2.54] The quotation tool, for users with its read right.
    can('QUOTATION_TOOL_READ') && { href: href(paths.quotationTool()), label: t('quotationTool.navLink') },
    can('MARKETPLACE_READ') && { href: href(paths.priceLists()), label: t('priceLists.navLink') },
    can('EXCHANGE_RATE_READ') && { href: href(paths.exchangeRates()), label: t('exchangeRates.navLink') },
    can('OUTBOX_READ') && { href: href(paths.outbox.list()), label: t('jobs.outbox.navLink') },
    can('SALESQUOTE_READ') && { href: href(paths.salesQuotes.builder()), label: t('salesQuotes.navLink') },
  ].filter((section): section is { href: string; label: string } => section !== false);
  const selectedId = params.id ? Number(params.id) : null;
  const impersonatedId = user.data.Impersonator ? user.data.AccountId : null;
  return (
    <AppShell
      header={{ height: user.data.Impersonator ? 104 : 60 }}
      navbar={{ width: 300, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: 36 }}
      padding="md"
    >
      {/* A hash link would change the route, so the skip link is a button that moves focus. */}
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        {t('app.skipToContent')}
      </button>
      <AppShell.Header>
        <Stack gap={0} h="100%">
          <ImpersonationBanner
            user={user.data}
            onReturned={(own) => reloadAt(own && impersonatedId ? paths.account.view(impersonatedId) : paths.login())}
          />
          <Group flex={1} px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('app.menu')} />
              <Anchor href={`#${paths.home()}`} underline="never" c="inherit" miw={0}>
                <Title order={2} size="h4" style={TRUNCATED}>
                  {t('app.name')}
                </Title>
              </Anchor>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {/* Wide screens: the sections in the header; narrower ones list them above the tree (the menu). */}
              <Group component="nav" aria-label={t('app.sections')} gap="sm" wrap="nowrap" visibleFrom="lg">
                {sections.map((section) => (
                  <Anchor key={section.href} href={section.href} size="sm" fw={500} style={NOWRAP}>
                    {section.label}
                  </Anchor>
                ))}
              </Group>
              <UserMenu
                user={user.data}
                onSignedOut={() => navigate(paths.login(), { replace: true })}
                links={[
                  { label: t('access.menu.security'), href: href(paths.account.tab(user.data.AccountId, 'User_security')) },
                  { label: t('access.terms.menuLink'), href: href(paths.confirmedTerms()) },
                  // [M2.56] The vendor's staff maintain its logo and description.
                  ...(isVendorStaff ? [{ label: t('vendorProfile.navLink'), href: href(paths.vendorProfile()) }] : []),
                ]}
              />
            </Group>
          </Group>
        </Stack>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('app.menu')}>
        {sections.length > 0 && (
          <Stack component="nav" aria-label={t('app.sections')} gap={0} hiddenFrom="lg" mb="xs">
            {sections.map((section) => (
              <NavLink key={section.href} href={section.href} label={section.label} onClick={close} />
            ))}
          </Stack>
        )}
        <ScrollArea>
          <AccountTree
            rootId={user.data.CompanyAccountId}
            selectedId={selectedId}
            pathIds={treePath}
            onSelect={(id) => navigate(paths.account.view(id))}
          />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet context={{ setTreePath } satisfies ShellContext} />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          {/* [M2.57]-[M2.59] New menu, Support and the chat assistant (decision 0052); one line on a phone too. */}
          <ShellFooter user={user.data} />
          <Text size="xs" c="dimmed" truncate miw={0}>
            {t('app.footer')}
          </Text>
          <Anchor href="/api/docs" size="xs" target="_blank" rel="noreferrer">
            {t('app.apiReference')}
          </Anchor>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
