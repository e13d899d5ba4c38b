import type { FiltersOperations, IFilter } from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';

/** Something that holds filters: a report, a page or a visual. */
export interface IFilterable {
  getFilters(): Promise<IFilter[]>;
  updateFilters(operation: FiltersOperations, filters?: IFilter[]): Promise<IHttpPostMessageResponse<void>>;
  removeFilters(): Promise<IHttpPostMessageResponse<void>>;
  setFilters(filters: IFilter[]): Promise<IHttpPostMessageResponse<void>>;
}
