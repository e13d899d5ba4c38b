import { parsePath } from 'react-router';

/** Every in-app address comes from these builders (router paths; the hash router adds '#'). */
export const paths = {
  home: () => '/',
  login: (redirect?: string, notice?: { passwordChanged?: boolean }) =>
    notice?.passwordChanged
      ? '/login?passwordChanged=1'
      : redirect && redirect !== '/'
        ? `/login?redirect=${encodeURIComponent(redirect)}`
        : '/login',
  /** [M2.14], [M2.15] #/reset-password, and #/reset-password/{username}/{token} from the e-mailed link. */
  resetPassword: (username?: string, token?: string) =>
    username && token ? `/reset-password/${encodeURIComponent(username)}/${encodeURIComponent(token)}` : '/reset-password',
  /** [M2.14] #/sso-auth/{code}/{state}: where the Security entry page bounces an identity provider's answer. */
  ssoAuth: (code: string, state: string) => `/sso-auth/${encodeURIComponent(code)}/${encodeURIComponent(state)}`,
  /** Sign-in showing that the identity provider answered with this error code instead of signing the user in. */
  loginAfterSsoError: (code: string) => `/login?ssoError=${encodeURIComponent(code)}`,
  account: {
    view: (id: number) => `/Account/View/${id}`,
    tab: (id: number, tab: string) => `/Account/View/${id}/${encodeURIComponent(tab)}`,
    customAction: (action: string, id: number) => `/Account/CustomAction/${encodeURIComponent(action)}/${id}`,
    /** [A2.8] The upgrade screen, target of the UPGRADE custom action. */
    upgrade: (id: number) => `/upgrade-subscription/${id}`,
    /** [A2.3] Runs the first-time credentials export. */
    exportFirstTimeCredentials: (id: number) => `/Account/View/${id}/ExportFirstTimeCredentials`,
    /** [A2.4] Runs the company hierarchy export. */
    exportCompanyHierarchy: (id: number) => `/Account/View/${id}/ExportCompanyHierarchy`,
    /** [A2.6], [A2.9] The creation wizard, with its account type (Service for a Product) and parent. */
    create: (query: { accountType?: string | null; parentId?: number | null; productName?: string | null } = {}) => {
      const params = new URLSearchParams();
      if (query.accountType) params.set('accountType', query.accountType);
      if (query.parentId) params.set('parentId', String(query.parentId));
      if (query.productName) params.set('productName', query.productName);
      const text = params.toString();
      return text ? `/Account/Create?${text}` : '/Account/Create';
    },
  },
  outbox: {
    list: (query: { page?: number; search?: string } = {}) => withQuery('/Outbox', query),
    message: (id: string, query: { page?: number; search?: string } = {}) =>
      withQuery(`/Outbox/${encodeURIComponent(id)}`, query),
  },
  services: {
    list: () => '/Services',
    /** [M2.22], [S2.3] The service tool: with a service name it edits, without it creates. */
    create: () => '/Marketplace/ServiceCreate',
    edit: (serviceName: string) => `/Marketplace/ServiceCreate/${encodeURIComponent(serviceName)}`,
  },
  /** [M2.13] #/Redirect/{target}. */
  redirect: (target: string) => `/Redirect/${target}`,
  /** [M2.50] #/Reports, and #/Reports/{reportLink} for one report. */
  reports: (reportLink?: string) => (reportLink ? `/Reports/${encodeURIComponent(reportLink)}` : '/Reports'),
  /** [A2.33] #/Orders, with its page, page size, search, status and subscription in the query. */
  orders: (
    query: { page?: number; pageSize?: number; search?: string; status?: string | null; accountId?: number | null } = {},
  ) => {
    const params = new URLSearchParams();
    if (query.accountId) params.set('account', String(query.accountId));
    if (query.status) params.set('status', query.status);
    if (query.search) params.set('search', query.search);
    if (query.pageSize) params.set('pageSize', String(query.pageSize));
    if (query.page && query.page > 1) params.set('page', String(query.page));
    const text = params.toString();
    return text ? `/Orders?${text}` : '/Orders';
  },
  /** Decision 0045: #/Orders/{orderNumber}, one order's page. */
  order: (orderNumber: string) => `/Orders/${encodeURIComponent(orderNumber)}`,
  /**
   * [M2.54] #/QuotationTool/{tab}/{quoteId}: a tab (Quotes, Projects, Archive, CustomerQuotes) and the quote open in
   * it; the list's page and sort live in the query.
   */
  quotationTool: (
    tab = 'Quotes',
    quoteId: number | null = null,
    query: { page?: number; sort?: string | null; group?: number | null } = {},
  ) => {
    const params = new URLSearchParams();
    if (query.group) params.set('group', String(query.group));
    if (query.sort) params.set('sort', query.sort);
    if (query.page && query.page > 1) params.set('page', String(query.page));
    const text = params.toString();
    const path = quoteId ? `/QuotationTool/${encodeURIComponent(tab)}/${quoteId}` : `/QuotationTool/${encodeURIComponent(tab)}`;
    return text ? `${path}?${text}` : path;
  },
  marketplace: {
    /** [M2.18] #/Marketplace/Explore/{query}: explore home without a query [M4.17]. */
    explore: (query = '') => (query ? `/Marketplace/Explore/${query}` : '/Marketplace/Explore'),
    /** [M2.19] #/Marketplace/v2/{sourceType}/{query}. */
    source: (sourceType: string, query = '') =>
      query ? `/Marketplace/v2/${encodeURIComponent(sourceType)}/${query}` : `/Marketplace/v2/${encodeURIComponent(sourceType)}`,
    /** [M2.24] /v/#/service/{id}: the service info page. */
    service: (id: number) => `/service/${id}`,
    /** [M2.20] [M2.21] A price list ("marketplace"); its query holds the service tiles' page and search (`page:2;search:mail`). */
    view: (id: number, query: { page?: number; search?: string } = {}) =>
      `/MyMarketplaces/v2/View/${id}/${marketplaceQuery(query)}`,
    edit: (id: number, query: { page?: number; search?: string } = {}) =>
      `/MyMarketplaces/v2/Edit/M/${id}/${marketplaceQuery(query)}`,
    create: () => '/MyMarketplaces/v2/Create/New',
    /**
     * [M2.42] #/Marketplace/Order/{serviceNameOrMaterialNumber}: the ordering wizard; `customerId` preselects the
     * customer, `referrer` (an in-app path) is where Close and the success screen lead back to.
     */
    order: (service: string | number, query: { customerId?: number | null; referrer?: string | null } = {}) => {
      const params = new URLSearchParams();
      if (query.customerId) params.set('customerId', String(query.customerId));
      if (query.referrer) params.set('referrer', query.referrer);
      const text = params.toString();
      const path = `/Marketplace/Order/${encodeURIComponent(String(service))}`;
      return text ? `${path}?${text}` : path;
    },
  },
  /** [A2.33] The provider's month-end exchange rates (decision 0029). */
  exchangeRates: () => '/ExchangeRates',
  /** Decision 0054: a plain user's home, the subscriptions of the signed-in user. */
  myServices: () => '/MyServices',
  /** [M7.19] The viewer of confirmed terms and privacy policy. */
  confirmedTerms: () => '/MyTerms',
  /** [M2.56] #/VendorProfile, and #/VendorProfile/{accountId} for a vendor other than the caller's organisation. */
  vendorProfile: (accountId?: number) => (accountId ? `/VendorProfile/${accountId}` : '/VendorProfile'),
  /** #/SupportDetails: a provider's or reseller's own support details (decision 0052); with an id, one below it. */
  supportDetails: (accountId?: number) => (accountId ? `/SupportDetails/${accountId}` : '/SupportDetails'),
  /** [M2.23] #/pricelists: the caller organisation's price lists, with page and search in the query. */
  priceLists: (query: { page?: number; search?: string } = {}) => withQuery('/pricelists', query),
  /** [M2.8]-[M2.10] The dashboard manager: start mode, and one dashboard in view or edit mode. */
  dashboards: {
    start: () => '/DashboardManager/Start',
    view: (id: number) => `/DashboardManager/View/${id}`,
    edit: (id: number) => `/DashboardManager/Edit/${id}`,
  },
  /** [M2.11] The landing page (its route name is not given by the spec): the dashboard published for the user. */
  landing: () => '/Home',
  /** [M2.2]-[M2.7] The quote builder and its routes. */
  salesQuotes: {
    builder: () => '/SalesQuotes',
    /** [M2.3] The new-quote modal. */
    create: () => '/SalesQuotes/new',
    /** [M2.4] Recognised, shows the builder. */
    templates: () => '/SalesQuotes/templates',
    /** [M2.5] The load-quotes modal grid. */
    load: () => '/SalesQuotes/load',
    delete: () => '/SalesQuotes/delete',
    /** [M2.6] A saved quote at one revision. */
    edit: (id: number, revision: number) => `/SalesQuotes/edit/${id}/${revision}`,
    /** [M2.7] The export routes: `xlsx` or `pdf`. */
    export: (type: 'xlsx' | 'pdf') => `/SalesQuotes/export/${type}`,
  },
} as const;

/** The `{query}` part of a marketplace route: semicolon-separated key:value parts [M2.28]. */
function marketplaceQuery(query: { page?: number; search?: string }) {
  const parts: string[] = [];
  if (query.page && query.page > 1) parts.push(`page:${query.page}`);
  if (query.search) parts.push(`search:${encodeURIComponent(query.search)}`);
  return parts.join(';');
}

/** Reads the `{query}` part of a marketplace route; bad values fall back to page 1 and no search. */
export function parseMarketplaceQuery(text: string | undefined): { page: number; search: string } {
  const parts = new Map(
    (text ?? '')
      .split(';')
      .map((p) => p.split(':'))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k as string, v.join(':')]),
  );
  return { page: Math.max(1, Math.floor(Number(parts.get('page'))) || 1), search: parts.get('search') ?? '' };
}

function withQuery(path: string, query: { page?: number; search?: string }) {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.search) params.set('search', query.search);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The same as an href for plain anchors. */
export const href = (path: string) => `#${path}`;

/**
 * The router's address at this moment, read as the hash router reads it. The router renders a navigation in a
 * transition, so during a click this may be ahead of the address the page was rendered from (useLocation): a control
 * that makes the next address from the current one reads it here, when it is used.
 */
export function currentLocation(): { pathname: string; search: string } {
  return locationOfHash(window.location.hash);
}

/**
 * What a page's controls act on when they are used (decision 0072): the query of the address at that moment
 * (`currentLocation`), as `read` makes it out while the address is still this page's; `read` answers null for another
 * page's address (a link followed in the same moment), and the controls then act on `shown`, what the page shows.
 */
export function queryAtUse<Q>(shown: Q, read: (now: { pathname: string; search: string }) => Q | null): () => Q {
  return () => read(currentLocation()) ?? shown;
}

/** The router's location in an address's hash (`#/Orders?search=x`), as the hash router reads it. */
export function locationOfHash(hash: string): { pathname: string; search: string } {
  const { pathname, search = '' } = parsePath(hash.slice(1) || '/');
  return { pathname: pathname || '/', search };
}
