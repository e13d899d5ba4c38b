import { type ITarget, TopNFilter, type TopNFilterOperators } from '../models/index.js';
import { FilterBuilder } from './filter-builder.js';

/**
 * Builds a top/bottom N filter.
 *
 * @example
 * const filter = new TopNFilterBuilder().withColumnTarget('Product', 'Name').top(5).orderByTarget({ table: 'Sales', measure: 'Total' }).build();
 */
export class TopNFilterBuilder extends FilterBuilder {
  private itemCount?: number;
  private operator?: TopNFilterOperators;
  private orderByTargetValue?: ITarget;

  /**
   * Keeps the top N items.
   * @example builder.top(itemCount);
   */
  top(itemCount: number): TopNFilterBuilder {
    this.operator = 'Top';
    this.itemCount = itemCount;
    return this;
  }

  /**
   * Keeps the bottom N items.
   * @example builder.bottom(itemCount);
   */
  bottom(itemCount: number): TopNFilterBuilder {
    this.operator = 'Bottom';
    this.itemCount = itemCount;
    return this;
  }

  /**
   * Orders by a target.
   * @example builder.orderByTarget(target);
   */
  orderByTarget(target: ITarget): TopNFilterBuilder {
    this.orderByTargetValue = target;
    return this;
  }

  /**
   * Builds the filter.
   * @example builder.build();
   */
  build(): TopNFilter {
    return new TopNFilter(
      this.target,
      this.operator as TopNFilterOperators,
      this.itemCount as number,
      this.orderByTargetValue as ITarget,
    );
  }
}
