import type { CurrentUser, HelpScreen } from '@portal/contracts';
import { FooterActions } from '../../features/help';
import { href, paths } from '../paths';

/** Where each help article's screen is; null for a screen the chat should not link to. */
function screenPath(screen: HelpScreen, user: CurrentUser): string | null {
  const organisation = user.CompanyAccountId;
  switch (screen) {
    case 'Home':
    case 'AccountCreate':
      return paths.account.view(organisation);
    case 'ImportAccounts':
      return paths.account.create({ parentId: organisation });
    case 'Orders':
      return paths.orders();
    case 'Marketplace':
      return paths.marketplace.explore();
    case 'PriceLists':
      return paths.priceLists();
    case 'Reports':
      return paths.reports();
    case 'QuotationTool':
      return paths.quotationTool();
    case 'SalesQuotes':
      return paths.salesQuotes.builder();
    case 'Services':
      return paths.services.list();
    case 'Outbox':
      return paths.outbox.list();
    case 'ExchangeRates':
      return paths.exchangeRates();
    case 'MyTerms':
      return paths.confirmedTerms();
    case 'Security':
      return paths.account.tab(user.AccountId, 'User_security');
    case 'VendorProfile':
      return paths.vendorProfile();
    case 'Support':
      return null;
  }
}

/**
 * The footer's New menu, Support panel and chat assistant (decision 0052), with the in-app addresses they lead to:
 * the creation wizards under the user's organisation [M2.57], the support details edit screen for a provider's or
 * reseller's staff holding SUPPORT_CONTACT_DETAILS update.
 */
export function ShellFooter(props: { user: CurrentUser }) {
  const { user } = props;
  const canEditSupport =
    user.Capabilities.includes('SUPPORT_CONTACT_DETAILS_UPDATE') && ['Provider', 'Reseller'].includes(user.CompanyAccountType);
  return (
    <FooterActions
      user={user}
      links={{
        create: (accountType) => href(paths.account.create({ accountType, parentId: user.CompanyAccountId })),
        editSupport: canEditSupport ? href(paths.supportDetails()) : null,
        screen: (screen) => {
          const path = screenPath(screen, user);
          return path === null ? null : href(path);
        },
      }}
    />
  );
}
