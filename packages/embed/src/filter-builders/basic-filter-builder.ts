import { BasicFilter, type BasicFilterOperators } from '../models/index.js';
import { FilterBuilder } from './filter-builder.js';

type Value = string | number | boolean;

/**
 * Builds a basic (In / NotIn / All) filter.
 *
 * @example
 * const filter = new BasicFilterBuilder().withColumnTarget('Store', 'Region').in(['West', 'East']).requireSingleSelection(false).build();
 */
export class BasicFilterBuilder extends FilterBuilder {
  private values?: Value[];
  private operator?: BasicFilterOperators;
  private isRequireSingleSelection = false;

  /**
   * Keeps the given values.
   * @example builder.in(values);
   */
  in(values: Value[]): BasicFilterBuilder {
    this.operator = 'In';
    this.values = values;
    return this;
  }

  /**
   * Drops the given values.
   * @example builder.notIn(values);
   */
  notIn(values: Value[]): BasicFilterBuilder {
    this.operator = 'NotIn';
    this.values = values;
    return this;
  }

  /**
   * Keeps every value.
   * @example builder.all();
   */
  all(): BasicFilterBuilder {
    this.operator = 'All';
    this.values = [];
    return this;
  }

  /**
   * Allows a single selection only.
   * @example builder.requireSingleSelection(isRequireSingleSelection);
   */
  requireSingleSelection(isRequireSingleSelection = false): BasicFilterBuilder {
    this.isRequireSingleSelection = isRequireSingleSelection;
    return this;
  }

  /**
   * Builds the filter.
   * @example builder.build();
   */
  build(): BasicFilter {
    const filter = new BasicFilter(this.target, this.operator as BasicFilterOperators, this.values);
    filter.requireSingleSelection = this.isRequireSingleSelection;
    return filter;
  }
}
