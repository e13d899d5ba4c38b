import { createHashRouter } from 'react-router';
import { AccountCreatePage } from './routes/account-create-page';
import { AccountPage } from './routes/account-page';
import { ConfirmedTermsPage } from './routes/confirmed-terms-page';
import { ExchangeRatesPage } from './routes/exchange-rates-page';
import { HomeRedirect } from './routes/home-redirect';
import { MarketplaceExplorePage } from './routes/marketplace-explore-page';
import { MarketplaceServicePage } from './routes/marketplace-service-page';
import { NotFoundPage } from './routes/not-found-page';
import { OrdersPage } from './routes/orders-page';
import { OutboxPage } from './routes/outbox-page';
import { MarketplaceCreatePage, MarketplacePage, PriceListsPage } from './routes/price-lists-pages';
import { RedirectPage } from './routes/redirect-page';
import { ReportsPage } from './routes/reports-page';
import { ResetPasswordPage } from './routes/reset-password-page';
import { ServiceToolPage } from './routes/service-tool-page';
import { ServicesPage } from './routes/services-page';
import { ShellLayout } from './routes/shell-layout';
import { SignInPage } from './routes/sign-in-page';
import { SsoAuthPage } from './routes/sso-auth-page';
import { UpgradeSubscriptionPage } from './routes/upgrade-subscription-page';
import { VendorProfilePage } from './routes/vendor-profile-page';

/** Hash routes as the spec spells them. */
export const router = createHashRouter([
  { path: '/login', element: <SignInPage /> },
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
      { path: 'ExchangeRates', element: <ExchangeRatesPage /> },
      { path: 'Marketplace/Explore/:query?', element: <MarketplaceExplorePage /> },
      { path: 'Marketplace/v2/:sourceType/:query?', element: <MarketplaceExplorePage /> },
      { path: 'service/:id', element: <MarketplaceServicePage /> },
      { path: 'VendorProfile/:accountId?', element: <VendorProfilePage /> },
      { path: 'pricelists', element: <PriceListsPage /> },
      { path: 'MyMarketplaces/v2/Create/New', element: <MarketplaceCreatePage /> },
      { path: 'MyMarketplaces/v2/View/:marketplaceId/:query?', element: <MarketplacePage mode="view" /> },
      { path: 'MyMarketplaces/v2/Edit/M/:marketplaceId/:query?', element: <MarketplacePage mode="edit" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
