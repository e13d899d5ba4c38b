import { useParams } from 'react-router';
import { ORDER_CAPABILITY } from '../../features/account-creation';
import { useCurrentUser } from '../../features/auth';
import { ServiceInfoScreen } from '../../features/marketplace';
import { href, paths } from '../paths';
import { NotFoundPage } from './lazy-not-found-page';
import { exploreHref } from './marketplace-explore-page';

/** [M2.24] /v/#/service/{id}: the service info page; Order opens the ordering wizard for the service [M2.42]. */
export function MarketplaceServicePage() {
  const params = useParams();
  const id = Number(params.id);
  const canOrder = useCurrentUser().data?.Capabilities.includes(ORDER_CAPABILITY) ?? false;
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return (
    <ServiceInfoScreen
      key={id}
      serviceId={id}
      hrefForOrder={
        canOrder
          ? (productName) => href(paths.marketplace.order(productName, { referrer: paths.marketplace.service(id) }))
          : undefined
      }
      hrefForVendor={(ownerId) => exploreHref({ ownerIds: [ownerId] })}
      hrefForTag={(tag) => exploreHref({ tags: [tag] })}
      hrefForCategory={(category) => exploreHref({ categories: [category] })}
      hrefForExplore={href(paths.marketplace.explore())}
    />
  );
}
