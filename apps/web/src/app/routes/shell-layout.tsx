import { Anchor, AppShell, Burger, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
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

/** Header links and the portal's name stay on one line each. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

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
  const [opened, { toggle }] = useDisclosure();
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
            <Group gap="sm">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('tree.label')} />
              <Anchor href={`#${paths.home()}`} underline="never" c="inherit">
                <Title order={2} size="h4" style={NOWRAP}>
                  {t('app.name')}
                </Title>
              </Anchor>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {/* [M2.26] Whoever may browse: MARKETPLACE read, or a vendor's service tool (the provider has both). */}
              {MARKETPLACE_BROWSE_CAPABILITY_KEYS.some((key) => user.data?.Capabilities.includes(key)) && (
                <Anchor href={href(paths.marketplace.explore())} size="sm" fw={500} style={NOWRAP}>
                  {t('marketplace.navLink')}
                </Anchor>
              )}
              <Anchor href={href(paths.reports())} size="sm" fw={500} style={NOWRAP}>
                {t('reports.navLink')}
              </Anchor>
              {user.data.Capabilities.includes('SERVICE_TOOL_INFO_READ') && (
                <Anchor href={`#${paths.services.list()}`} size="sm" fw={500} style={NOWRAP}>
                  {t('serviceTool.list.title')}
                </Anchor>
              )}
              {ORDERS_READ_CAPABILITY_KEYS.some((key) => user.data?.Capabilities.includes(key)) && (
                <Anchor href={href(paths.orders())} size="sm" fw={500} style={NOWRAP}>
                  {t('orders.navLink')}
                </Anchor>
              )}
              {user.data.Capabilities.includes('MARKETPLACE_READ') && (
                <Anchor href={href(paths.priceLists())} size="sm" fw={500} style={NOWRAP}>
                  {t('priceLists.navLink')}
                </Anchor>
              )}
              {user.data.Capabilities.includes('EXCHANGE_RATE_READ') && (
                <Anchor href={href(paths.exchangeRates())} size="sm" fw={500} style={NOWRAP}>
                  {t('exchangeRates.navLink')}
                </Anchor>
              )}
              {user.data.Capabilities.includes('OUTBOX_READ') && (
                <Anchor href={href(paths.outbox.list())} size="sm" fw={500} style={NOWRAP}>
                  {t('jobs.outbox.navLink')}
                </Anchor>
              )}
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
      <AppShell.Navbar p="xs" aria-label={t('tree.label')}>
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
        <Group h="100%" justify="space-between">
          <Text size="xs" c="dimmed">
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
