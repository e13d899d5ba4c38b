export { QuotationToolScreen, type QuotationToolScreenProps } from './components/quotation-tool-screen';
export { DEFAULT_SORT, formatSort, parsePositive, parseSort, type QuoteListQuery } from './utils/list-query';
export { type QuotationTab, resolveTab } from './utils/tabs';
