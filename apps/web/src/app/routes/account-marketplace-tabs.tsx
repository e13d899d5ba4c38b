import { Button } from '@mantine/core';
import {
  type Account,
  decodeExploreQuery,
  defaultExploreQuery,
  type ExploreQueryOptions,
  encodeExploreQuery,
} from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ORDER_CAPABILITY } from '../../features/account-creation';
import { useCurrentUser } from '../../features/auth';
import { ExploreScreen, ServiceInfoScreen } from '../../features/marketplace';
import { VendorProfilePanel } from '../../features/vendor-profile';
import { href, paths, queryAtUse } from '../paths';
import { exploreHref } from './marketplace-explore-page';

/**
 * [M2.42] The ordering wizard for `productName`, with this account's company as the customer: the account itself
 * when it is a Company, else the nearest Company above it (none for a reseller); it returns to `referrer`.
 */
function orderPath(account: Account, productName: string, referrer: string) {
  const type = account.Views.Default?.Values.AccountType;
  const company =
    type === 'Company'
      ? account.AccountIdentificator
      : (account.Hierarchy.filter((h) => h.AccountType === 'Company').at(-1)?.AccountId ?? null);
  return paths.marketplace.order(productName, { customerId: company, referrer });
}

/** The Available services query of `account` from the tab's `?q=`. */
function availableQueryOf(text: string, account: number): ExploreQueryOptions {
  return { ...decodeExploreQuery(text), sourceType: 'AvailableServicesForAccount', sourceValue: account };
}

/**
 * [A1.12] [A2.14] [A2.52] The Available services tab of a Reseller, Company, Department, User or Product: what
 * this account's customer can buy through its price lists, priced for it, with Order on each service. Its search
 * lives in the address (`?q=` holds the explore query string [M2.28]); page 1, 20 a page, ranking ascending by
 * default [A9.4].
 */
export function AvailableServicesTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const canOrder = useCurrentUser().data?.Capabilities.includes(ORDER_CAPABILITY) ?? false;
  const id = account.AccountIdentificator;
  const text = params.get('q') ?? '';
  const query = useMemo(() => availableQueryOf(text, id), [text, id]);
  const tab = paths.account.tab(id, 'Available_services');
  const pathFor = (next: ExploreQueryOptions) => {
    const encoded = encodeExploreQuery({ ...next, sourceType: 'Global', sourceValue: null });
    return encoded ? `${tab}?q=${encodeURIComponent(encoded)}` : tab;
  };
  const readQuery = queryAtUse(query, (now) =>
    now.pathname === tab ? availableQueryOf(new URLSearchParams(now.search).get('q') ?? '', id) : null,
  );
  return (
    <ExploreScreen
      key={id}
      query={query}
      readQuery={readQuery}
      source="AvailableServicesForAccount"
      onQueryChange={(next) => navigate(pathFor(next))}
      hrefForQuery={(next) => href(pathFor(next))}
      hrefForService={(serviceId) => href(paths.marketplace.service(serviceId))}
      onOpenService={(serviceId) => navigate(paths.marketplace.service(serviceId))}
      renderVendorPanel={(vendor) => (
        <VendorProfilePanel
          ownerId={vendor.ownerId}
          onClose={vendor.onClose}
          servicesHref={href(pathFor({ ...defaultExploreQuery(), ownerIds: [vendor.ownerId] }))}
        />
      )}
      renderServiceAction={
        canOrder
          ? (service) => (
              <Button
                component="a"
                size="xs"
                href={href(orderPath(account, service.ServiceName, pathFor(query)))}
                aria-label={t('marketplace.accountTab.orderFor', {
                  service: service.DisplayName,
                  account: String(account.Views.Default?.Values.DisplayName ?? ''),
                })}
              >
                {t('marketplace.accountTab.order')}
              </Button>
            )
          : undefined
      }
    />
  );
}

/** [A2.13] The Service info tab of a Product: its service's descriptions, media, terms and price. */
export function ServiceInfoTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const canOrder = useCurrentUser().data?.Capabilities.includes(ORDER_CAPABILITY) ?? false;
  const productName = account.Views.Product?.Values.ProductName;
  if (typeof productName !== 'string' || productName === '') return <p>{t('marketplace.accountTab.noService')}</p>;
  return (
    <ServiceInfoScreen
      serviceId={{ SubscriptionId: account.AccountIdentificator }}
      titleOrder={2}
      hrefForOrder={
        canOrder
          ? (name) => href(orderPath(account, name, paths.account.tab(account.AccountIdentificator, 'Service_info')))
          : undefined
      }
      hrefForVendor={(ownerId) => exploreHref({ ownerIds: [ownerId] })}
      hrefForTag={(tag) => exploreHref({ tags: [tag] })}
      hrefForCategory={(category) => exploreHref({ categories: [category] })}
      hrefForExplore={href(paths.marketplace.explore())}
    />
  );
}
