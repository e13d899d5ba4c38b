import { Anchor, AppShell, Box, Burger, Group, Loader, Menu, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { MARKETPLACE_BROWSE_CAPABILITY_KEYS, ORDERS_READ_CAPABILITY_KEYS } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { NavigationHeaderMount } from '../../components/layout/navigation-header-mount';
import { TwoPaneLayout } from '../../components/layout/panes';
import { lazyPart, PartLoader } from '../../components/ui/lazy-part';
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
import { PHONE_QUERY } from '../../lib/media-queries';
import { href, paths } from '../paths';
import { HeaderSearch } from './header-search';
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

/** A section of the portal in the header; one of a `group` opens from that group's menu (decision 0055). */
interface Section {
  href: string;
  label: string;
  group?: 'sales' | 'administration';
}
const SECTION_GROUPS = ['sales', 'administration'] as const;

/** Account pages show the account tree beside them; other pages (Reports, Orders, Services, ...) use the full width. */
const ACCOUNT_PAGE = /^\/Account\/(View|CustomAction)\//;
const TREE_PANE_ID = 'account-tree-pane';

// The menu's section links show below 1200 px once the menu opens: their code (NavLink) is fetched then.
const NavbarSections = lazyPart(() => import('./navbar-sections'), 'NavbarSections', { fallback: <PartLoader m="sm" /> });

/** Moves focus into the account tree: to its current item (the tree's one tab stop). */
function focusTree() {
  const pane = document.getElementById(TREE_PANE_ID);
  const item =
    pane?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]') ?? pane?.querySelector<HTMLElement>('[role="tree"]');
  item?.focus();
}

/** [M2.17] Base layout: header with the current user, the account tree on the left, notification area, footer. */
export function ShellLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [opened, { toggle, open, close }] = useDisclosure();
  // A phone keeps the account tree in the drawer; wider screens show it beside account pages (decision 0055).
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [isTreeFocusWanted, setTreeFocusWanted] = useState(false);
  const [wasMenuOpened, setWasMenuOpened] = useState(false);
  // The section links are drawn from the first opening on, so that closing the menu slides them out.
  useEffect(() => {
    if (opened) setWasMenuOpened(true);
  }, [opened]);
  const [treePath, setTreePath] = useState<number[]>([]);
  const signOut = useSignOut();
  // Asked once the user is known: the settings of a signed-in user are the only ones the shell uses.
  const settings = useClientSettings(user.data?.AccountId ?? null, { enabled: Boolean(user.data) });
  useGuidanceScript(user.data ? settings.data?.GuidanceScriptUrl : null);
  const isVendorStaff = useIsVendorOrganisation(user.data && !user.data.MustChangePassword ? user.data : null);

  // Any navigation closes the drawer: choosing an account or a section, a link on the page, back and forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what the effect reacts to
  useEffect(() => close(), [location.pathname, location.search, close]);
  // "Skip to the account tree" on a phone opens the drawer first; focus moves in once the tree is drawn there.
  useEffect(() => {
    if (!isTreeFocusWanted) return;
    const frame = requestAnimationFrame(() => {
      focusTree();
      setTreeFocusWanted(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [isTreeFocusWanted]);

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
  // The portal's sections the user may open, in the header on wide screens and in the menu on narrow ones. The header
  // shows the everyday ones as links and groups the rest under Sales and Administration (decision 0055).
  const sections: Section[] = [
    // [M2.26] Whoever may browse: MARKETPLACE read, or a vendor's service tool (the provider has both).
    MARKETPLACE_BROWSE_CAPABILITY_KEYS.some(can) && { href: href(paths.marketplace.explore()), label: t('marketplace.navLink') },
    { href: href(paths.reports()), label: t('reports.navLink') },
    can('SERVICE_TOOL_INFO_READ') && { href: `#${paths.services.list()}`, label: t('serviceTool.list.title') },
    ORDERS_READ_CAPABILITY_KEYS.some(can) && { href: href(paths.orders()), label: t('orders.navLink') },
    can('MARKETPLACE_READ') && { href: href(paths.priceLists()), label: t('priceLists.navLink') },
    // [M2.54] The quotation tool, for users with its read right.
    can('QUOTATION_TOOL_READ') && { href: href(paths.quotationTool()), label: t('quotationTool.navLink'), group: 'sales' },
    can('SALESQUOTE_READ') && { href: href(paths.salesQuotes.builder()), label: t('salesQuotes.navLink'), group: 'sales' },
    can('EXCHANGE_RATE_READ') && {
      href: href(paths.exchangeRates()),
      label: t('exchangeRates.navLink'),
      group: 'administration',
    },
    can('OUTBOX_READ') && { href: href(paths.outbox.list()), label: t('jobs.outbox.navLink'), group: 'administration' },
    // [M2.8] The dashboard manager (decision 0051).
    can('DASHBOARD_MANAGER_READ') && {
      href: href(paths.dashboards.start()),
      label: t('dashboards.navLink'),
      group: 'administration',
    },
  ].filter((section): section is Section => section !== false);
  const ungrouped = sections.filter((section) => !section.group);
  const groups = SECTION_GROUPS.map((group) => ({ group, items: sections.filter((s) => s.group === group) })).filter(
    (g) => g.items.length > 0,
  );
  const selectedId = params.id ? Number(params.id) : null;
  const impersonatedId = user.data.Impersonator ? user.data.AccountId : null;
  const isAccountPage = ACCOUNT_PAGE.test(location.pathname);
  // [M2.12] The account tree: in the drawer on a phone, beside account pages on wider screens.
  const hasTreePane = isAccountPage && !isPhone;
  const hasTree = isPhone || isAccountPage;
  const tree = (
    <AccountTree
      rootId={user.data.CompanyAccountId}
      selectedId={selectedId}
      pathIds={treePath}
      onSelect={(id) => {
        close();
        navigate(paths.account.view(id));
      }}
    />
  );
  const page = (
    <Box id="main" tabIndex={-1} p="md" style={{ outline: 'none' }}>
      <Outlet context={{ setTreePath } satisfies ShellContext} />
    </Box>
  );
  return (
    <AppShell
      header={{ height: user.data.Impersonator ? 104 : 60 }}
      // Below 1200 px the Menu button opens the drawer: the sections, and on a phone the account tree.
      navbar={{ width: 300, breakpoint: 'lg', collapsed: { mobile: !opened, desktop: true } }}
      footer={{ height: 36 }}
      padding={0}
    >
      {/* A hash link would change the route, so the skip links are buttons that move focus. */}
      {hasTree && (
        <button
          type="button"
          className="skip-link"
          onClick={() => {
            if (isPhone) open();
            setTreeFocusWanted(true);
          }}
        >
          {t('layout.skipToTree')}
        </button>
      )}
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
              <Burger
                opened={opened}
                onClick={toggle}
                onPointerEnter={NavbarSections.preload}
                onFocus={NavbarSections.preload}
                hiddenFrom="lg"
                size="sm"
                aria-label={t('app.menu')}
              />
              <Anchor href={`#${paths.home()}`} underline="never" c="inherit" miw={0}>
                <Title order={2} size="h4" style={TRUNCATED}>
                  {t('app.name')}
                </Title>
              </Anchor>
              <NavigationHeaderMount scriptUrl={settings.data?.NavigationHeaderScriptUrl} label={t('layout.navigationHeader')} />
            </Group>
            <Group gap="sm" wrap="nowrap">
              {/* Wide screens: the sections in the header; narrower ones list them above the tree (the menu). */}
              <Group component="nav" aria-label={t('app.sections')} gap="sm" wrap="nowrap" visibleFrom="lg">
                {ungrouped.map((section) => (
                  <Anchor key={section.href} href={section.href} size="sm" fw={500} style={NOWRAP}>
                    {section.label}
                  </Anchor>
                ))}
                {groups.map(({ group, items }) => (
                  <Menu key={group} position="bottom-end" withinPortal>
                    <Menu.Target>
                      {/* A button that looks like its neighbours, the section links. */}
                      <Anchor component="button" type="button" size="sm" fw={500} style={NOWRAP}>
                        {t(`layout.sectionGroups.${group}`)} <span aria-hidden="true">▾</span>
                      </Anchor>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {items.map((section) => (
                        <Menu.Item key={section.href} component="a" href={section.href}>
                          {section.label}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                ))}
              </Group>
              <HeaderSearch />
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
        {/* Drawn from the menu's first opening on (its code is fetched then, or when Menu is pointed at or focused). */}
        {sections.length > 0 && wasMenuOpened && <NavbarSections ungrouped={ungrouped} groups={groups} onNavigate={close} />}
        {isPhone && <ScrollArea id={TREE_PANE_ID}>{tree}</ScrollArea>}
      </AppShell.Navbar>
      <AppShell.Main style={hasTreePane ? { height: '100dvh' } : undefined}>
        {hasTreePane ? (
          <TwoPaneLayout
            id="account-tree-split"
            splitterLabel={t('layout.treeSplitter')}
            side={
              <Box component="nav" id={TREE_PANE_ID} aria-label={t('layout.accountsPane')} p="xs">
                {tree}
              </Box>
            }
            main={page}
          />
        ) : (
          page
        )}
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
