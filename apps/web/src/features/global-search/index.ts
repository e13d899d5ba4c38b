export { GlobalSearch } from './components/global-search';
export type { GlobalSearchLinks } from './utils/search-options';
