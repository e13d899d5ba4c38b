import { useParams } from 'react-router';
import { ServiceInfoScreen } from '../../features/marketplace';
import { href, paths } from '../paths';
import { exploreHref } from './marketplace-explore-page';
import { NotFoundPage } from './not-found-page';

/** [M2.24] /v/#/service/{id}: the service info page; Order opens the creation wizard for the service. */
export function MarketplaceServicePage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return (
    <ServiceInfoScreen
      key={id}
      serviceId={id}
      hrefForOrder={(productName) => href(paths.account.create({ accountType: 'Product', productName }))}
      hrefForVendor={(ownerId) => exploreHref({ ownerIds: [ownerId] })}
      hrefForTag={(tag) => exploreHref({ tags: [tag] })}
      hrefForCategory={(category) => exploreHref({ categories: [category] })}
      hrefForExplore={href(paths.marketplace.explore())}
    />
  );
}
