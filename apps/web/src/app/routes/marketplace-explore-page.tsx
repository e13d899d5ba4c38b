import { Button } from '@mantine/core';
import {
  decodeExploreQuery,
  defaultExploreQuery,
  type ExploreQueryOptions,
  encodeExploreQuery,
  type SearchSourceType,
} from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ORDER_CAPABILITY } from '../../features/account-creation';
import { AccountChooser } from '../../features/accounts';
import { useCurrentUser } from '../../features/auth';
import { ExploreScreen } from '../../features/marketplace';
import { VendorProfilePanel } from '../../features/vendor-profile';
import { href, paths, queryAtUse } from '../paths';
import { NotFoundPage } from './lazy-not-found-page';

/** [M2.19] The sources the v2 route offers in its path. */
const V2_SOURCES: readonly SearchSourceType[] = ['Global', 'MyServices', 'AvailableServicesForAccount'];

/** The accounts whose Available services the v2 route's chooser offers: the ones that buy, or buy through a parent. */
const FOR_ACCOUNT_TYPES = ['Reseller', 'Company', 'Department', 'User'] as const;

/** The routes of this page, to read the `{query}` of the address at the moment of a click. */
const EXPLORE_ROUTES = [{ path: '/Marketplace/Explore/:query?' }, { path: '/Marketplace/v2/:sourceType/:query?' }];

/** [M8.6] An invalid part of the query is logged and ignored. */
const logInvalidPart = (message: string, part: string) => console.warn(`${message}: ${part}`);

/**
 * [M2.18] #/Marketplace/Explore/{query} and [M2.19] #/Marketplace/v2/{sourceType}/{query}: the query
 * string [M2.28] lives in the address, so reload, back and links keep the search. The default filter
 * state redirects to the route without a query [M4.17].
 */
export function MarketplaceExplorePage() {
  const params = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { t } = useTranslation();
  const location = useLocation();
  const canOrder = user.data?.Capabilities.includes(ORDER_CAPABILITY) ?? false;
  const pathSource = params.sourceType as SearchSourceType | undefined;
  const text = params.query ?? '';
  const decoded = useMemo(() => decodeExploreQuery(text, logInvalidPart), [text]);

  if (pathSource !== undefined && !V2_SOURCES.includes(pathSource)) return <NotFoundPage />;

  const base = (query: string) => (pathSource ? paths.marketplace.source(pathSource, query) : paths.marketplace.explore(query));
  // In the v2 route the path names the source, so the query leaves it out.
  const encode = (options: ExploreQueryOptions) =>
    encodeExploreQuery(pathSource ? { ...options, sourceType: 'Global', sourceValue: options.sourceValue } : options);
  if (text !== '' && encode(decoded) === '') return <Navigate to={base('')} replace />;

  const withSource = (options: ExploreQueryOptions): ExploreQueryOptions =>
    pathSource
      ? {
          ...options,
          sourceType: pathSource,
          // What the caller's own organisation can buy, unless an account is named.
          sourceValue:
            pathSource === 'AvailableServicesForAccount' ? (options.sourceValue ?? user.data?.CompanyAccountId ?? null) : null,
        }
      : options;
  const query = withSource(decoded);
  const readQuery = queryAtUse(query, (location) => {
    const now = matchRoutes(EXPLORE_ROUTES, location)?.[0];
    if (!now || now.params.sourceType !== pathSource) return null;
    return withSource(decodeExploreQuery(now.params.query ?? ''));
  });
  const hrefForQuery = (next: ExploreQueryOptions) => href(base(encode(next)));

  return (
    <ExploreScreen
      key={pathSource ?? 'explore'}
      query={query}
      readQuery={readQuery}
      source={query.sourceType}
      onQueryChange={(next) => navigate(base(encode(next)))}
      toolbar={
        pathSource === 'AvailableServicesForAccount' ? (
          // Which account's catalogue this is; another account of the caller's scope may be chosen.
          <AccountChooser
            label={t('marketplace.forAccount.label')}
            description={t('marketplace.forAccount.description')}
            value={query.sourceValue}
            types={FOR_ACCOUNT_TYPES}
            onChange={(id) => navigate(base(encode({ ...readQuery(), sourceValue: id, page: 1 })))}
            w={420}
          />
        ) : undefined
      }
      hrefForQuery={hrefForQuery}
      hrefForService={(id) => href(paths.marketplace.service(id))}
      onOpenService={(id) => navigate(paths.marketplace.service(id))}
      // [M2.42] Order on each service opens the ordering wizard, which returns here.
      renderServiceAction={
        canOrder
          ? (service) => (
              <Button
                component="a"
                size="xs"
                href={href(paths.marketplace.order(service.ServiceName, { referrer: location.pathname + location.search }))}
                aria-label={t('marketplace.card.orderService', { service: service.DisplayName })}
              >
                {t('marketplace.card.order')}
              </Button>
            )
          : undefined
      }
      // [M2.26] The vendor profile panel: logo, name and description from the vendor's profile.
      renderVendorPanel={(vendor) => (
        <VendorProfilePanel
          ownerId={vendor.ownerId}
          onClose={vendor.onClose}
          servicesHref={hrefForQuery({ ...defaultExploreQuery(), ownerIds: [vendor.ownerId] })}
        />
      )}
    />
  );
}

/** The explore address filtered on one vendor, tag or category, as the service page links to it [M2.24]. */
export function exploreHref(patch: Partial<ExploreQueryOptions>) {
  return href(paths.marketplace.explore(encodeExploreQuery({ ...defaultExploreQuery(), ...patch })));
}
