export { AdvancedFilterBuilder } from './advanced-filter-builder.js';
export { BasicFilterBuilder } from './basic-filter-builder.js';
export { FilterBuilder } from './filter-builder.js';
export { RelativeDateFilterBuilder } from './relative-date-filter-builder.js';
export { RelativeTimeFilterBuilder } from './relative-time-filter-builder.js';
export { TopNFilterBuilder } from './top-n-filter-builder.js';
