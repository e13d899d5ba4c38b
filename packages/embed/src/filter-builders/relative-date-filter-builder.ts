import { RelativeDateFilter, type RelativeDateFilterTimeUnit, RelativeDateOperators } from '../models/index.js';
import { FilterBuilder } from './filter-builder.js';

/**
 * Builds a relative date filter; today is included unless told otherwise ([E3.14], [S9.7]).
 *
 * @example
 * const filter = new RelativeDateFilterBuilder().withColumnTarget('Date', 'Day').inLast(3, models.RelativeDateFilterTimeUnit.Weeks).build();
 */
export class RelativeDateFilterBuilder extends FilterBuilder {
  private operator?: RelativeDateOperators;
  private timeUnitsCount?: number;
  private timeUnitType?: RelativeDateFilterTimeUnit;
  private isTodayIncluded = true;

  /**
   * In the last N units.
   * @example builder.inLast(timeUnitsCount, timeUnitType);
   */
  inLast(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): RelativeDateFilterBuilder {
    return this.set(RelativeDateOperators.InLast, timeUnitsCount, timeUnitType);
  }

  /**
   * In this unit.
   * @example builder.inThis(timeUnitsCount, timeUnitType);
   */
  inThis(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): RelativeDateFilterBuilder {
    return this.set(RelativeDateOperators.InThis, timeUnitsCount, timeUnitType);
  }

  /**
   * In the next N units.
   * @example builder.inNext(timeUnitsCount, timeUnitType);
   */
  inNext(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): RelativeDateFilterBuilder {
    return this.set(RelativeDateOperators.InNext, timeUnitsCount, timeUnitType);
  }

  /**
   * Whether today counts.
   * @example builder.includeToday(includeToday);
   */
  includeToday(includeToday: boolean): RelativeDateFilterBuilder {
    this.isTodayIncluded = includeToday;
    return this;
  }

  /**
   * Builds the filter.
   * @example builder.build();
   */
  build(): RelativeDateFilter {
    return new RelativeDateFilter(
      this.target,
      this.operator as RelativeDateOperators,
      this.timeUnitsCount as number,
      this.timeUnitType as RelativeDateFilterTimeUnit,
      this.isTodayIncluded,
    );
  }

  private set(operator: RelativeDateOperators, count: number, unit: RelativeDateFilterTimeUnit): RelativeDateFilterBuilder {
    this.operator = operator;
    this.timeUnitsCount = count;
    this.timeUnitType = unit;
    return this;
  }
}
