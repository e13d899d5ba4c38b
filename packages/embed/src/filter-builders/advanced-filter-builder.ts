import {
  AdvancedFilter,
  type AdvancedFilterConditionOperators,
  type AdvancedFilterLogicalOperators,
  type IAdvancedFilterCondition,
} from '../models/index.js';
import { FilterBuilder } from './filter-builder.js';

/**
 * Builds an advanced filter of one or two conditions.
 *
 * @example
 * const filter = new AdvancedFilterBuilder().withColumnTarget('Store', 'Name').or()
 *   .addCondition('Contains', 'Wash').addCondition('Contains', 'Park').build();
 */
export class AdvancedFilterBuilder extends FilterBuilder {
  private logicalOperator?: AdvancedFilterLogicalOperators;
  private conditions: IAdvancedFilterCondition[] = [];

  /**
   * Joins the conditions with And.
   * @example builder.and();
   */
  and(): AdvancedFilterBuilder {
    this.logicalOperator = 'And';
    return this;
  }

  /**
   * Joins the conditions with Or.
   * @example builder.or();
   */
  or(): AdvancedFilterBuilder {
    this.logicalOperator = 'Or';
    return this;
  }

  /**
   * Adds a condition.
   * @example builder.addCondition(operator, value);
   */
  addCondition(operator: AdvancedFilterConditionOperators, value?: string | number | boolean | Date): AdvancedFilterBuilder {
    const condition: IAdvancedFilterCondition = { operator, value };
    this.conditions.push(condition);
    return this;
  }

  /**
   * Builds the filter.
   * @example builder.build();
   */
  build(): AdvancedFilter {
    return new AdvancedFilter(this.target, this.logicalOperator as AdvancedFilterLogicalOperators, this.conditions);
  }
}
