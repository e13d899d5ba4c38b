import { type RelativeDateFilterTimeUnit, RelativeDateOperators, RelativeTimeFilter } from '../models/index.js';
import { FilterBuilder } from './filter-builder.js';

/**
 * Builds a relative time filter.
 *
 * @example
 * const filter = new RelativeTimeFilterBuilder().withColumnTarget('Log', 'Time').inLast(2, models.RelativeDateFilterTimeUnit.Hours).build();
 */
export class RelativeTimeFilterBuilder extends FilterBuilder {
  private operator?: RelativeDateOperators;
  private timeUnitsCount?: number;
  private timeUnitType?: RelativeDateFilterTimeUnit;

  /**
   * In the last N units.
   * @example builder.inLast(timeUnitsCount, timeUnitType);
   */
  inLast(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): RelativeTimeFilterBuilder {
    return this.set(RelativeDateOperators.InLast, timeUnitsCount, timeUnitType);
  }

  /**
   * In this unit.
   * @example builder.inThis(timeUnitsCount, timeUnitType);
   */
  inThis(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): RelativeTimeFilterBuilder {
    return this.set(RelativeDateOperators.InThis, timeUnitsCount, timeUnitType);
  }

  /**
   * In the next N units.
   * @example builder.inNext(timeUnitsCount, timeUnitType);
   */
  inNext(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): RelativeTimeFilterBuilder {
    return this.set(RelativeDateOperators.InNext, timeUnitsCount, timeUnitType);
  }

  /**
   * Builds the filter.
   * @example builder.build();
   */
  build(): RelativeTimeFilter {
    return new RelativeTimeFilter(
      this.target,
      this.operator as RelativeDateOperators,
      this.timeUnitsCount as number,
      this.timeUnitType as RelativeDateFilterTimeUnit,
    );
  }

  private set(operator: RelativeDateOperators, count: number, unit: RelativeDateFilterTimeUnit): RelativeTimeFilterBuilder {
    this.operator = operator;
    this.timeUnitsCount = count;
    this.timeUnitType = unit;
    return this;
  }
}
