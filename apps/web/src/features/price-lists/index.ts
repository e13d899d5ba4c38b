export { CreatePriceListScreen } from './components/create-price-list-screen';
export {
  PriceListScreen,
  type PriceListScreenProps,
  type PriceListServicesQuery,
  type PriceListSlotContext,
} from './components/price-list-screen';
export { type PriceListsQuery, PriceListsScreen } from './components/price-lists-screen';
export { type PriceListPermissions, permissionsFrom } from './utils/permissions';
