import { matchRoutes, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import {
  CreatePriceListScreen,
  PriceListScreen,
  type PriceListsQuery,
  PriceListsScreen,
  permissionsFrom,
} from '../../features/price-lists';
import { href, parseMarketplaceQuery, paths, queryAtUse } from '../paths';
import { MarketplacePriceToolbar, MarketplaceServicePriceAction } from './marketplace-price-actions';

const usePermissions = () => permissionsFrom(useCurrentUser().data?.Capabilities ?? []);

/** The price lists' page and search in the address's `params`; a bad page falls back to the first. */
const priceListsQueryOf = (params: URLSearchParams): PriceListsQuery => ({
  page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  search: params.get('search') ?? '',
});

/** The routes of a price list's page, to read its `{query}` at the moment of a click. */
const MARKETPLACE_ROUTES = {
  view: [{ path: '/MyMarketplaces/v2/View/:marketplaceId/:query?' }],
  edit: [{ path: '/MyMarketplaces/v2/Edit/M/:marketplaceId/:query?' }],
};

/** [M2.23] #/pricelists: the caller organisation's price lists; page and search live in the address. */
export function PriceListsPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const permissions = usePermissions();
  const query = priceListsQueryOf(params);
  const readQuery = queryAtUse(query, (now) =>
    now.pathname === paths.priceLists() ? priceListsQueryOf(new URLSearchParams(now.search)) : null,
  );
  return (
    <PriceListsScreen
      query={query}
      readQuery={readQuery}
      onQueryChange={(q) => navigate(paths.priceLists(q))}
      permissions={permissions}
      hrefForList={(id) => href(paths.marketplace.view(id))}
      hrefForCreate={href(paths.marketplace.create())}
      onOpenCopy={(id) => navigate(paths.marketplace.view(id))}
    />
  );
}

/** [M2.20] #/MyMarketplaces/v2/Create/New: a new price list, then its edit mode. */
export function MarketplaceCreatePage() {
  const navigate = useNavigate();
  return (
    <CreatePriceListScreen
      permissions={usePermissions()}
      hrefForList={href(paths.priceLists())}
      onCreated={(id) => navigate(paths.marketplace.edit(id))}
    />
  );
}

/**
 * [M2.20] #/MyMarketplaces/v2/View/{marketplaceId}/{query} and #/MyMarketplaces/v2/Edit/M/{marketplaceId}/{query}.
 * The toolbar and each service tile carry the price tools (marketplace-price-actions.tsx).
 */
export function MarketplacePage({ mode }: { mode: 'view' | 'edit' }) {
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.marketplaceId);
  const query = parseMarketplaceQuery(params.query);
  const permissions = usePermissions();
  const capabilities = useCurrentUser().data?.Capabilities ?? [];
  const route = mode === 'edit' ? paths.marketplace.edit : paths.marketplace.view;
  const readQuery = queryAtUse(query, (location) => {
    const now = matchRoutes(MARKETPLACE_ROUTES[mode], location)?.[0];
    return now && now.params.marketplaceId === params.marketplaceId ? parseMarketplaceQuery(now.params.query) : null;
  });
  return (
    <PriceListScreen
      key={id}
      id={Number.isInteger(id) && id > 0 ? id : 0}
      isEditMode={mode === 'edit'}
      query={query}
      readQuery={readQuery}
      onQueryChange={(q) => navigate(route(id, q))}
      permissions={permissions}
      hrefForView={href(paths.marketplace.view(id, query))}
      hrefForEdit={href(paths.marketplace.edit(id, query))}
      hrefForList={href(paths.priceLists())}
      hrefForAccount={(accountId) => href(paths.account.view(accountId))}
      onOpenCopy={(newId) => navigate(paths.marketplace.view(newId))}
      onDeleted={() => navigate(paths.priceLists())}
      renderToolbarActions={(context) => (
        <MarketplacePriceToolbar
          {...context}
          permissions={permissions}
          canManagePricingRules={capabilities.includes('DYNAMIC_PRICING_MANAGEMENT_EXECUTE')}
        />
      )}
      renderServiceActions={(context) => <MarketplaceServicePriceAction {...context} permissions={permissions} />}
    />
  );
}
