import { defaultExploreQuery, encodeExploreQuery } from '@portal/contracts';
import { useNavigate } from 'react-router';
import { GlobalSearch, type GlobalSearchLinks } from '../../features/global-search';
import { paths } from '../paths';

const LINKS: GlobalSearchLinks = {
  account: (id) => paths.account.view(id),
  service: (id) => paths.marketplace.service(id),
  order: (orderNumber) => paths.order(orderNumber),
  allServices: (text) => paths.marketplace.explore(encodeExploreQuery({ ...defaultExploreQuery(), name: text })),
  allOrders: (text) => paths.orders({ search: text }),
};

/** Decision 0054: the header's global search, opening results through the app's routes. */
export function HeaderSearch() {
  const navigate = useNavigate();
  return <GlobalSearch links={LINKS} onOpen={(path) => navigate(path)} />;
}
