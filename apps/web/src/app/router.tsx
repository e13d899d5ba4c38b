import { useEffect } from 'react';
import { HashRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { loadAllTranslations } from '../lib/i18n';
import { type LazyPage, lazyPage } from './lazy-page';
import { NotFoundPage } from './routes/lazy-not-found-page';

/** A page's module together with every text of the app (the sign-in page makes do with the bundled ones). */
async function withTexts<M>(module: Promise<M>): Promise<M> {
  return (await Promise.all([module, loadAllTranslations()]))[0];
}

// Every page is its own chunk, fetched when the page is first opened or when it is likely to be opened next.
const SignInPage = lazyPage(() => import('./routes/sign-in-page'), 'SignInPage');
const RedirectPage = lazyPage(() => withTexts(import('./routes/redirect-page')), 'RedirectPage');
const ResetPasswordPage = lazyPage(() => withTexts(import('./routes/reset-password-page')), 'ResetPasswordPage');
const SsoAuthPage = lazyPage(() => withTexts(import('./routes/sso-auth-page')), 'SsoAuthPage');
const ShellLayout = lazyPage(() => withTexts(import('./routes/shell-layout')), 'ShellLayout');
const HomeRedirect = lazyPage(() => import('./routes/home-redirect'), 'HomeRedirect');
const AccountCreatePage = lazyPage(() => import('./routes/account-create-page'), 'AccountCreatePage');
const AccountPage = lazyPage(() => import('./routes/account-page'), 'AccountPage');
const UpgradeSubscriptionPage = lazyPage(() => import('./routes/upgrade-subscription-page'), 'UpgradeSubscriptionPage');
const ServicesPage = lazyPage(() => import('./routes/services-page'), 'ServicesPage');
const ServiceToolPage = lazyPage(() => import('./routes/service-tool-page'), 'ServiceToolPage');
const ConfirmedTermsPage = lazyPage(() => import('./routes/confirmed-terms-page'), 'ConfirmedTermsPage');
const ReportsPage = lazyPage(() => import('./routes/reports-page'), 'ReportsPage');
const OutboxPage = lazyPage(() => import('./routes/outbox-page'), 'OutboxPage');
const OrdersPage = lazyPage(() => import('./routes/orders-page'), 'OrdersPage');
const OrderPage = lazyPage(() => import('./routes/order-page'), 'OrderPage');
const QuotationToolPage = lazyPage(() => import('./routes/quotation-tool-page'), 'QuotationToolPage');
const ExchangeRatesPage = lazyPage(() => import('./routes/exchange-rates-page'), 'ExchangeRatesPage');
const MarketplaceExplorePage = lazyPage(() => import('./routes/marketplace-explore-page'), 'MarketplaceExplorePage');
const MarketplaceOrderPage = lazyPage(() => import('./routes/marketplace-order-page'), 'MarketplaceOrderPage');
const MarketplaceServicePage = lazyPage(() => import('./routes/marketplace-service-page'), 'MarketplaceServicePage');
const VendorProfilePage = lazyPage(() => import('./routes/vendor-profile-page'), 'VendorProfilePage');
const PriceListsPage = lazyPage(() => import('./routes/price-lists-pages'), 'PriceListsPage');
const MarketplaceCreatePage = lazyPage(() => import('./routes/price-lists-pages'), 'MarketplaceCreatePage');
const MarketplacePage = lazyPage(() => import('./routes/price-lists-pages'), 'MarketplacePage');
const SalesQuotesPage = lazyPage(() => import('./routes/sales-quotes-page'), 'SalesQuotesPage');
const MyServicesPage = lazyPage(() => import('./routes/my-services-page'), 'MyServicesPage');
const DashboardManagerPage = lazyPage(() => import('./routes/dashboard-manager-page'), 'DashboardManagerPage');
const LandingPage = lazyPage(() => import('./routes/landing-page'), 'LandingPage');
const SupportDetailsPage = lazyPage(() => import('./routes/support-details-page'), 'SupportDetailsPage');

/** Signing in usually lands on the organisation's account: its code is fetched while the user types. */
function preloadSignedInStart() {
  ShellLayout.preload();
  HomeRedirect.preload();
  AccountPage.preload();
}

/** Hash routes as the spec spells them. */
const routes: RouteObject[] = [
  { path: '/login', element: <SignInPage onFirstInput={preloadSignedInStart} /> },
  { path: '/Redirect/*', element: <RedirectPage /> },
  { path: '/reset-password/:username?/:token?', element: <ResetPasswordPage /> },
  { path: '/sso-auth/:code/:state', element: <SsoAuthPage /> },
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'Account/Create', element: <AccountCreatePage /> },
      { path: 'Account/View/:id/:tab?', element: <AccountPage /> },
      { path: 'Account/CustomAction/:action/:id', element: <AccountPage /> },
      { path: 'upgrade-subscription/:id', element: <UpgradeSubscriptionPage /> },
      { path: 'Services', element: <ServicesPage /> },
      { path: 'Marketplace/ServiceCreate/:serviceName?', element: <ServiceToolPage /> },
      { path: 'MyTerms', element: <ConfirmedTermsPage /> },
      { path: 'Reports/:reportLink?', element: <ReportsPage /> },
      { path: 'Outbox/:messageId?', element: <OutboxPage /> },
      { path: 'Orders', element: <OrdersPage /> },
      { path: 'Orders/:orderNumber', element: <OrderPage /> },
      { path: 'QuotationTool/:tab?/:quoteId?', element: <QuotationToolPage /> },
      { path: 'ExchangeRates', element: <ExchangeRatesPage /> },
      { path: 'Marketplace/Explore/:query?', element: <MarketplaceExplorePage /> },
      { path: 'Marketplace/v2/:sourceType/:query?', element: <MarketplaceExplorePage /> },
      { path: 'service/:id', element: <MarketplaceServicePage /> },
      { path: 'Marketplace/Order/:service', element: <MarketplaceOrderPage /> },
      { path: 'VendorProfile/:accountId?', element: <VendorProfilePage /> },
      { path: 'pricelists', element: <PriceListsPage /> },
      { path: 'MyMarketplaces/v2/Create/New', element: <MarketplaceCreatePage /> },
      { path: 'MyMarketplaces/v2/View/:marketplaceId/:query?', element: <MarketplacePage mode="view" /> },
      { path: 'MyMarketplaces/v2/Edit/M/:marketplaceId/:query?', element: <MarketplacePage mode="edit" /> },
      { path: 'SalesQuotes/*', element: <SalesQuotesPage /> },
      { path: 'MyServices', element: <MyServicesPage /> },
      { path: 'DashboardManager/:mode?/:dashboardId?', element: <DashboardManagerPage /> },
      { path: 'Home', element: <LandingPage /> },
      { path: 'SupportDetails/:accountId?', element: <SupportDetailsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Fetches the code of every page the route at `path` shows (the layout and the page at once, not one after the other). */
function preloadRoute(path: string) {
  for (const match of matchRoutes(routes, path) ?? []) {
    const page = match.route.element as { type?: Partial<LazyPage<object>> } | undefined;
    page?.type?.preload?.();
  }
}

// A deep link opens with its layout and page fetched side by side.
preloadRoute(window.location.hash.slice(1).split('?')[0] || '/');

/** Pointing at or focusing an in-app link fetches the code of the page it opens. */
function usePreloadOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="#/"]');
      if (link) preloadRoute((link.getAttribute('href') ?? '#/').slice(1).split('?')[0] as string);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);
}

function AppRoutes() {
  usePreloadOnIntent();
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
