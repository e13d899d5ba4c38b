import type { IFilterTarget } from '../models/index.js';

/**
 * Base of the fluent filter builders: chooses the target.
 *
 * @example new BasicFilterBuilder().withColumnTarget('Store', 'Region').in(['West']).build();
 */
export class FilterBuilder {
  target!: IFilterTarget;

  /**
   * Uses a ready-made target object.
   * @example builder.withTargetObject(target);
   */
  withTargetObject(target: IFilterTarget): this {
    this.target = target;
    return this;
  }

  /**
   * Targets a column.
   * @example builder.withColumnTarget(tableName, columnName);
   */
  withColumnTarget(tableName: string, columnName: string): this {
    this.target = { table: tableName, column: columnName };
    return this;
  }

  /**
   * Targets a measure.
   * @example builder.withMeasureTarget(tableName, measure);
   */
  withMeasureTarget(tableName: string, measure: string): this {
    this.target = { table: tableName, measure };
    return this;
  }

  /**
   * Targets a hierarchy level.
   * @example builder.withHierarchyLevelTarget(tableName, hierarchy, hierarchyLevel);
   */
  withHierarchyLevelTarget(tableName: string, hierarchy: string, hierarchyLevel: string): this {
    this.target = { table: tableName, hierarchy, hierarchyLevel };
    return this;
  }

  /**
   * Targets an aggregated column.
   * @example builder.withColumnAggregation(tableName, columnName, aggregationFunction);
   */
  withColumnAggregation(tableName: string, columnName: string, aggregationFunction: string): this {
    this.target = { table: tableName, column: columnName, aggregationFunction };
    return this;
  }

  /**
   * Targets an aggregated hierarchy level.
   * @example builder.withHierarchyLevelAggregationTarget(tableName, hierarchy, hierarchyLevel, aggregationFunction);
   */
  withHierarchyLevelAggregationTarget(
    tableName: string,
    hierarchy: string,
    hierarchyLevel: string,
    aggregationFunction: string,
  ): this {
    this.target = { table: tableName, hierarchy, hierarchyLevel, aggregationFunction };
    return this;
  }
}
