import type { RelativeDateFilterTimeUnit, RelativeDateOperators } from './enums.js';
import { FilterType } from './enums.js';
import type {
  AdvancedFilterConditionOperators,
  AdvancedFilterLogicalOperators,
  BasicFilterOperators,
  IAdvancedFilterCondition,
  IFilter,
  IFilterDisplaySettings,
  IFilterGeneralTarget,
  IFilterKeyTarget,
  IFilterTarget,
  IHierarchyFilterNode,
  ITarget,
  ITupleFilterTarget,
  PrimitiveValue,
  TopNFilterOperators,
  TupleValueType,
} from './types.js';

const SCHEMA_BASE = 'http://powerbi.com/product/schema#';
type JsonFilter = Record<string, unknown>;

/**
 * Base class of every filter model; `toJSON()` gives the wire shape.
 *
 * @example
 * const json = new BasicFilter({ table: 'Sales', column: 'Region' }, 'In', ['West']).toJSON();
 */
export abstract class Filter {
  static schemaUrl?: string;
  protected static schema?: string;
  target: IFilterGeneralTarget;
  filterType: FilterType;
  displaySettings?: IFilterDisplaySettings;
  protected schemaUrl?: string;

  constructor(target: IFilterGeneralTarget, filterType: FilterType) {
    this.target = target;
    this.filterType = filterType;
  }

  /**
   * Wire shape of the filter.
   * @example filter.toJSON();
   */
  toJSON(): IFilter {
    const json: JsonFilter = { $schema: this.schemaUrl, target: this.target, filterType: this.filterType };
    if (this.displaySettings !== undefined) json.displaySettings = this.displaySettings;
    return json as unknown as IFilter;
  }
}

/**
 * A filter the frame reported but this library cannot express.
 * @example const instance = new NotSupportedFilter(target, message, notSupportedTypeName);
 */
export class NotSupportedFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}notSupported`;
  message: string;
  notSupportedTypeName: string;
  /** @example new NotSupportedFilter({ table: 't', column: 'c' }, 'unsupported', 'Custom') */
  constructor(target: IFilterTarget, message: string, notSupportedTypeName: string) {
    super(target, FilterType.Unknown);
    this.message = message;
    this.notSupportedTypeName = notSupportedTypeName;
    this.schemaUrl = NotSupportedFilter.schemaUrl;
  }
  /** @example notSupportedFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.message = this.message;
    json.notSupportedTypeName = this.notSupportedTypeName;
    return json as unknown as IFilter;
  }
}

/** Include/exclude filter. @example new IncludeExcludeFilter(target, true, ['a']) */
export class IncludeExcludeFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}includeExclude`;
  values: (PrimitiveValue | PrimitiveValue[])[];
  isExclude: boolean;
  constructor(target: IFilterTarget, isExclude: boolean, values: (PrimitiveValue | PrimitiveValue[])[]) {
    super(target, FilterType.IncludeExclude);
    this.values = values;
    this.isExclude = isExclude;
    this.schemaUrl = IncludeExcludeFilter.schemaUrl;
  }
  /** @example includeExcludeFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.isExclude = this.isExclude;
    json.values = this.values;
    return json as unknown as IFilter;
  }
}

/** Top/bottom N filter. @example new TopNFilter(target, 'Top', 5, { table: 't', measure: 'Sales' }) */
export class TopNFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}topN`;
  operator: TopNFilterOperators;
  itemCount: number;
  orderBy: ITarget;
  constructor(target: IFilterTarget, operator: TopNFilterOperators, itemCount: number, orderBy: ITarget) {
    super(target, FilterType.TopN);
    this.operator = operator;
    this.itemCount = itemCount;
    this.orderBy = orderBy;
    this.schemaUrl = TopNFilter.schemaUrl;
  }
  /** @example topNFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.operator = this.operator;
    json.itemCount = this.itemCount;
    json.orderBy = this.orderBy;
    return json as unknown as IFilter;
  }
}

/** Relative date filter. @example new RelativeDateFilter(target, RelativeDateOperators.InLast, 3, RelativeDateFilterTimeUnit.Weeks, true) */
export class RelativeDateFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}relativeDate`;
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
  includeToday: boolean;
  constructor(
    target: IFilterTarget,
    operator: RelativeDateOperators,
    timeUnitsCount: number,
    timeUnitType: RelativeDateFilterTimeUnit,
    includeToday: boolean,
  ) {
    super(target, FilterType.RelativeDate);
    this.operator = operator;
    this.timeUnitsCount = timeUnitsCount;
    this.timeUnitType = timeUnitType;
    this.includeToday = includeToday;
    this.schemaUrl = RelativeDateFilter.schemaUrl;
  }
  /** @example relativeDateFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.operator = this.operator;
    json.timeUnitsCount = this.timeUnitsCount;
    json.timeUnitType = this.timeUnitType;
    json.includeToday = this.includeToday;
    return json as unknown as IFilter;
  }
}

/** Relative time filter. @example new RelativeTimeFilter(target, RelativeDateOperators.InLast, 2, RelativeDateFilterTimeUnit.Hours) */
export class RelativeTimeFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}relativeTime`;
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
  constructor(
    target: IFilterTarget,
    operator: RelativeDateOperators,
    timeUnitsCount: number,
    timeUnitType: RelativeDateFilterTimeUnit,
  ) {
    super(target, FilterType.RelativeTime);
    this.operator = operator;
    this.timeUnitsCount = timeUnitsCount;
    this.timeUnitType = timeUnitType;
    this.schemaUrl = RelativeTimeFilter.schemaUrl;
  }
  /** @example relativeTimeFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.operator = this.operator;
    json.timeUnitsCount = this.timeUnitsCount;
    json.timeUnitType = this.timeUnitType;
    return json as unknown as IFilter;
  }
}

/** Message thrown when a basic filter has no values and its operator is not All (spec [E5.3]). */
export const BASIC_FILTER_EMPTY_VALUES_MESSAGE = 'values must be a non-empty array unless your operator is "All".';

/**
 * Basic (In / NotIn / All) filter.
 *
 * @example
 * const filter = new BasicFilter({ table: 'Store', column: 'Count' }, 'In', [1, 2, 3]);
 */
export class BasicFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}basic`;
  operator: BasicFilterOperators;
  values: (string | number | boolean)[];
  keyValues?: (string | number | boolean)[][];
  /** Absent until set (the builder sets it); toJSON sends false then. */
  requireSingleSelection?: boolean;
  constructor(target: IFilterTarget, operator: BasicFilterOperators, ...values: unknown[]) {
    super(target, FilterType.Basic);
    this.operator = operator;
    this.schemaUrl = BasicFilter.schemaUrl;
    // As powerbi-models: the check counts the arguments, then an array first argument is the value list.
    if (values.length === 0 && operator !== 'All') throw new Error(BASIC_FILTER_EMPTY_VALUES_MESSAGE);
    this.values = (Array.isArray(values[0]) ? values[0] : values) as (string | number | boolean)[];
  }
  /** @example basicFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.operator = this.operator;
    json.values = this.values;
    json.requireSingleSelection = !!this.requireSingleSelection;
    return json as unknown as IFilter;
  }
}

/** Basic filter over key columns. @example new BasicFilterWithKeys({ table: 't', column: 'c', keys: ['k'] }, 'In', [1], [[1]]) */
export class BasicFilterWithKeys extends BasicFilter {
  declare keyValues: (string | number | boolean)[][];
  declare target: IFilterKeyTarget;
  constructor(
    target: IFilterKeyTarget,
    operator: BasicFilterOperators,
    values: (string | number | boolean)[],
    keyValues: (string | number | boolean)[][],
  ) {
    super(target, operator, values);
    this.keyValues = keyValues;
    this.target = target;
    const keyCount = target?.keys?.length ?? 0;
    if (keyCount > 0 && !keyValues)
      throw new Error(`You should pass the values to be filtered for each key. You passed: no values and ${keyCount} keys`);
    if (keyCount === 0 && keyValues && keyValues.length > 0)
      throw new Error("You passed key values but your target object doesn't contain the keys to be filtered");
    for (const tuple of keyValues ?? []) {
      if (tuple && tuple.length !== keyCount)
        throw new Error(
          `Each tuple of key values should contain a value for each of the keys. You passed: ${tuple.length} values and ${keyCount} keys`,
        );
    }
  }
  /** @example basicFilterWithKeys.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.keyValues = this.keyValues;
    return json as unknown as IFilter;
  }
}

/** Identity filter. @example new IdentityFilter(target, true) */
export class IdentityFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}identity`;
  operator: boolean;
  constructor(target: IFilterTarget, operator: boolean) {
    super(target, FilterType.Identity);
    this.operator = operator;
    this.schemaUrl = IdentityFilter.schemaUrl;
  }
  /** @example identityFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.operator = this.operator;
    return json as unknown as IFilter;
  }
}

/** Tuple filter. @example new TupleFilter([target], 'In', [[{ value: 1 }]]) */
export class TupleFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}tuple`;
  operator: unknown;
  values: TupleValueType[];
  declare target: ITupleFilterTarget;
  constructor(target: ITupleFilterTarget, operator: unknown, values: TupleValueType[]) {
    super(target, FilterType.Tuple);
    this.operator = operator;
    this.schemaUrl = TupleFilter.schemaUrl;
    this.values = values;
  }
  /** @example tupleFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.operator = this.operator;
    json.values = this.values;
    json.target = this.target;
    return json as unknown as IFilter;
  }
}

/** Hierarchy filter. @example new HierarchyFilter(target, [{ value: 'x', operator: 'Selected' }]) */
export class HierarchyFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}hierarchy`;
  hierarchyData: IHierarchyFilterNode[];
  constructor(target: IFilterTarget | IFilterTarget[], hierarchyData: IHierarchyFilterNode[]) {
    super(target as IFilterGeneralTarget, FilterType.Hierarchy);
    this.hierarchyData = hierarchyData;
    this.schemaUrl = HierarchyFilter.schemaUrl;
  }
  /** @example hierarchyFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.hierarchyData = this.hierarchyData;
    return json as unknown as IFilter;
  }
}

/** Hierarchy identity filter. @example new HierarchyIdentityFilter(target, nodes) */
export class HierarchyIdentityFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}hierarchyIdentity`;
  hierarchyData: unknown[];
  constructor(target: IFilterTarget | IFilterTarget[], hierarchyData: unknown[]) {
    super(target as IFilterGeneralTarget, FilterType.HierarchyIdentity);
    this.hierarchyData = hierarchyData;
    this.schemaUrl = HierarchyIdentityFilter.schemaUrl;
  }
  /** @example hierarchyIdentityFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.hierarchyData = this.hierarchyData;
    return json as unknown as IFilter;
  }
}

/**
 * Advanced filter: one or two conditions joined by And / Or.
 *
 * @example
 * new AdvancedFilter({ table: 'Store', column: 'Name' }, 'Or', { operator: 'Contains', value: 'Wash' }, { operator: 'Contains', value: 'Park' });
 */
export class AdvancedFilter extends Filter {
  static schemaUrl = `${SCHEMA_BASE}advanced`;
  logicalOperator: AdvancedFilterLogicalOperators;
  conditions: IAdvancedFilterCondition[];
  constructor(target: IFilterTarget, logicalOperator: AdvancedFilterLogicalOperators, ...conditions: unknown[]) {
    super(target, FilterType.Advanced);
    this.schemaUrl = AdvancedFilter.schemaUrl;
    if (typeof logicalOperator !== 'string' || logicalOperator.length === 0) {
      throw new Error(`logicalOperator must be a valid operator, You passed: ${logicalOperator}`);
    }
    this.logicalOperator = logicalOperator;
    const list = (
      conditions.length === 1 && Array.isArray(conditions[0]) ? conditions[0] : conditions
    ) as IAdvancedFilterCondition[];
    if (list.length > 2)
      throw new Error(`AdvancedFilters may not have more than two conditions. You passed: ${conditions.length}`);
    if (list.length === 1 && logicalOperator !== 'And')
      throw new Error('Logical Operator must be "And" when there is only one condition provided');
    this.conditions = list;
  }
  /** @example advancedFilter.toJSON(); */
  toJSON(): IFilter {
    const json = super.toJSON() as unknown as JsonFilter;
    json.logicalOperator = this.logicalOperator;
    json.conditions = this.conditions;
    return json as unknown as IFilter;
  }
}

/** Alias kept for condition operators. */
export type { AdvancedFilterConditionOperators };

function has(obj: unknown, key: string): boolean {
  return typeof obj === 'object' && obj !== null && (obj as Record<string, unknown>)[key] !== undefined;
}

/** True when the target is a column with key columns. */
export function isFilterKeyColumnsTarget(target: unknown): boolean {
  return isColumn(target) && has(target, 'keys');
}
/** True when the filter is a basic filter with key values. */
export function isBasicFilterWithKeys(filter: unknown): boolean {
  return getFilterType(filter as IFilter) === FilterType.Basic && has(filter, 'keyValues');
}
/** Works out a filter's type from its shape. @example getFilterType(filter) === FilterType.Basic */
export function getFilterType(filter: IFilter): FilterType {
  if (has(filter, 'filterType')) return filter.filterType;
  const f = filter as unknown as Record<string, unknown>;
  const isBasic = typeof f.operator === 'string' && Array.isArray(f.values);
  const isAdvanced = typeof f.logicalOperator === 'string' && Array.isArray(f.conditions);
  if (isBasic) return FilterType.Basic;
  if (isAdvanced) return FilterType.Advanced;
  return FilterType.Unknown;
}
/** True for a measure target. */
export function isMeasure(arg: unknown): boolean {
  return has(arg, 'table') && has(arg, 'measure');
}
/** True for a column target (without aggregation). */
export function isColumn(arg: unknown): boolean {
  return !!(has(arg, 'table') && has(arg, 'column') && !has(arg, 'aggregationFunction'));
}
/** True for a hierarchy level target (without aggregation). */
export function isHierarchyLevel(arg: unknown): boolean {
  return !!(has(arg, 'table') && has(arg, 'hierarchy') && has(arg, 'hierarchyLevel') && !has(arg, 'aggregationFunction'));
}
/** True for an aggregated hierarchy level target. */
export function isHierarchyLevelAggr(arg: unknown): boolean {
  return !!(has(arg, 'table') && has(arg, 'hierarchy') && has(arg, 'hierarchyLevel') && has(arg, 'aggregationFunction'));
}
/** True for an aggregated column target. */
export function isColumnAggr(arg: unknown): boolean {
  return !!(has(arg, 'table') && has(arg, 'column') && has(arg, 'aggregationFunction'));
}
/** True when the target asks for percent of grand total. */
export function isPercentOfGrandTotal(arg: unknown): boolean {
  return (arg as { percentOfGrandTotal?: boolean } | null)?.percentOfGrandTotal === true;
}
/** True when the argument looks like on-load filters. */
export function isOnLoadFilters(filters: unknown): boolean {
  return !!filters && !isReportFiltersArray(filters);
}
/** True when the argument is a plain filters array. */
export function isReportFiltersArray(filters: unknown): boolean {
  return Array.isArray(filters);
}
/** True for a flat (non-grouped) menu extension. */
export function isFlatMenuExtension(ext: unknown): boolean {
  return !!ext && !(ext as { groupName?: string }).groupName;
}
/** True for a grouped menu extension. */
export function isGroupedMenuExtension(ext: unknown): boolean {
  return !!ext && !!(ext as { groupName?: string }).groupName;
}
/** True for an `IExtensions` object (commands and groups). */
export function isIExtensions(ext: unknown): boolean {
  return !!ext && !Array.isArray(ext);
}
/** True for an array of extensions. */
export function isIExtensionArray(ext: unknown): boolean {
  return Array.isArray(ext);
}
