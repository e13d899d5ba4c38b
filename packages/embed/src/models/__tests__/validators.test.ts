import { describe, expect, it } from 'vitest';
import * as models from '../index.js';
import { forbidden, object } from '../validation.js';

const msg = (message: string) => [{ message }];
const target = { table: 'Store', column: 'Region' };

describe('validation messages', () => {
  it('[E5.1] reports a missing required field as "{field} is required"', () => {
    expect(models.validateReportLoad({ id: 'r' })).toEqual(msg('accessToken is required'));
  });

  it('[E5.1] treats null as missing for required fields', () => {
    expect(models.validateReportLoad({ accessToken: null, id: 'r' })).toEqual(msg('accessToken is required'));
  });

  it('[E5.1] reports a value outside an enum as "{field} property is invalid"', () => {
    expect(models.validateReportLoad({ accessToken: 'a', id: 'r', viewMode: 7 })).toEqual(msg('viewMode property is invalid'));
  });

  it('[E5.1] reports a forbidden field as "{field} is forbidden"', () => {
    const check = object([forbidden('groupName')]);
    expect(check({ groupName: 'g' }, 'menu')).toEqual(msg('groupName is forbidden'));
  });

  it('[E3.3] refuses a menu extension that has both a group name and a menu location', () => {
    expect(
      models.validateExtension({
        command: { name: 'n', title: 't', extend: { visualContextMenu: { groupName: 'g', menuLocation: 1 } } },
      }),
    ).toEqual(msg('visualContextMenu property is invalid'));
  });

  it('[E5.1] reports type errors with the field name', () => {
    expect(models.validateReportLoad({ accessToken: 1, id: 'r' })).toEqual(msg('accessToken must be a string'));
    expect(models.validateSettings({ filterPaneEnabled: 'yes' })).toEqual(msg('filterPaneEnabled must be a boolean'));
    expect(models.validateTileLoad({ accessToken: 'a', id: 't', dashboardId: 'd', width: '1' })).toEqual(
      msg('width must be a number'),
    );
    expect(models.validateReportLoad({ accessToken: 'a', id: 'r', settings: [] })).toEqual(msg('settings must be an object'));
    expect(models.validateLoadQnaConfiguration({ accessToken: 'a', datasetIds: [1] })).toEqual(
      msg('datasetIds must be an array of strings'),
    );
  });

  it('[E5.1] returns only the first error, in schema order', () => {
    expect(models.validateReportLoad({ accessToken: 1, id: 2, settings: 3 })).toEqual(msg('accessToken must be a string'));
  });

  it('[E5.1] accepts a valid configuration (undefined result)', () => {
    expect(models.validateReportLoad({ accessToken: 'a', id: 'r', settings: { filterPaneEnabled: false } })).toBeUndefined();
  });

  it('[E5.2] dashboard pageView must be one of actualSize, fitToWidth, oneColumn', () => {
    expect(models.validateDashboardLoad({ accessToken: 'a', id: 'd', pageView: 'wide' })).toEqual(
      msg('pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"'),
    );
    expect(models.validateDashboardLoad({ accessToken: 'a', id: 'd', pageView: 'oneColumn' })).toBeUndefined();
  });

  it('[E5.2] print adjustment mode must be 0 or 1', () => {
    expect(models.validatePrintSettings({ browserPrintAdjustmentsMode: 0 })).toBeUndefined();
    expect(models.validatePrintSettings({ browserPrintAdjustmentsMode: 1 })).toBeUndefined();
    expect(models.validatePrintSettings({ browserPrintAdjustmentsMode: 2 })).toEqual(
      msg('browserPrintAdjustmentsMode property is invalid'),
    );
  });

  it('[E5.2] [S9.7] zoom level must be between 0.25 and 4', () => {
    expect(models.validateZoomLevel(0.25)).toBeUndefined();
    expect(models.validateZoomLevel(4)).toBeUndefined();
    expect(models.validateZoomLevel(0.24)).toEqual(msg('undefined must be a number between 0.25 and 4'));
    expect(models.validateZoomLevel(4.5)).toEqual(msg('undefined must be a number between 0.25 and 4'));
    expect(models.validateZoomLevel('2')).toEqual(msg('undefined must be a number'));
  });

  it('[E5.3] a basic filter needs values unless its operator is All', () => {
    expect(() => new models.BasicFilter(target, 'In')).toThrow('values must be a non-empty array unless your operator is "All".');
    // Like powerbi-models, the check counts the value arguments: one empty array passes (decision 0059).
    expect(new models.BasicFilter(target, 'In', []).values).toEqual([]);
    expect(new models.BasicFilter(target, 'All', []).toJSON()).toMatchObject({ operator: 'All', values: [] });
  });

  it('[E5.3] an advanced filter has at most two conditions', () => {
    const c = { operator: 'Is' as const, value: 1 };
    expect(() => new models.AdvancedFilter(target, 'And', [c, c, c])).toThrow(
      'AdvancedFilters may not have more than two conditions. You passed: 1',
    );
  });

  it('[E5.3] a single advanced condition needs the And operator', () => {
    expect(() => new models.AdvancedFilter(target, 'Or', { operator: 'Is', value: 1 })).toThrow(
      'Logical Operator must be "And" when there is only one condition provided',
    );
    expect(new models.AdvancedFilter(target, 'And', { operator: 'Is', value: 1 }).conditions).toHaveLength(1);
  });

  it.each([
    ['validateReportLoad', {}, 'accessToken is required'],
    ['validateReportLoad', { accessToken: 'a' }, 'id is required'],
    ['validateCreateReport', { accessToken: 'a' }, 'datasetId is required'],
    ['validateLoadQnaConfiguration', { accessToken: 'a' }, 'datasetIds is required'],
    ['validateTileLoad', { accessToken: 'a', dashboardId: 'd' }, 'id is required'],
    ['validateTileLoad', { accessToken: 'a', id: 't' }, 'dashboardId is required'],
    ['validateQuickCreate', { accessToken: 'a' }, 'datasetCreateConfig is required'],
    ['validateQuickCreate', { accessToken: 'a', datasetCreateConfig: {} }, 'locale is required'],
    [
      'validateQuickCreate',
      { accessToken: 'a', datasetCreateConfig: { locale: 'en', tableSchemaList: [{ columns: [] }], data: [] } },
      'tableSchemaList property is invalid',
    ],
    [
      'validateQuickCreate',
      {
        accessToken: 'a',
        datasetCreateConfig: { locale: 'en', tableSchemaList: [{ name: 't', columns: [{ name: 'c' }] }], data: [] },
      },
      'tableSchemaList property is invalid',
    ],
    [
      'validateQuickCreate',
      { accessToken: 'a', datasetCreateConfig: { locale: 'en', tableSchemaList: [], data: [{ name: 't' }] } },
      'data property is invalid',
    ],
    ['validateVisualSelector', {}, 'visualName is required'],
    [
      'validateVisualHeader',
      { settings: {}, selector: { $schema: 'http://powerbi.com/product/schema#visualTypeSelector' } },
      'selector property is invalid',
    ],
    ['validateSlicer', {}, 'selector is required'],
    ['validateSlicer', { selector: { visualName: 'v' } }, 'state is required'],
    [
      'validateVisualSelector',
      { $schema: 'http://powerbi.com/product/schema#pageSelector', visualName: 'v' },
      '$schema property is invalid',
    ],
    [
      'validateSlicer',
      { selector: { $schema: 'http://powerbi.com/product/schema#visualSelector#x', visualName: 'v' }, state: {} },
      'selector property is invalid',
    ],
  ])('[E5.4] %s(%j) reports "%s"', (fn, input, message) => {
    expect((models as unknown as Record<string, (x: unknown) => unknown>)[fn](input)).toEqual(msg(message));
  });

  it('[E5.5] mashupDocument is required with a datasource connection config', () => {
    expect(
      models.validateQuickCreate({ accessToken: 'a', datasetCreateConfig: { locale: 'en', datasourceConnectionConfig: {} } }),
    ).toEqual(msg('mashupDocument cannot be empty when datasourceConnectionConfig is presented'));
  });

  it('[E5.5] tableSchemaList is required when data is given', () => {
    expect(
      models.validateQuickCreate({ accessToken: 'a', datasetCreateConfig: { locale: 'en', data: [{ name: 't', rows: [] }] } }),
    ).toEqual(msg('tableSchemaList cannot be empty when data is provided'));
  });

  it('[E5.5] data or mashupDocument must be given', () => {
    expect(models.validateQuickCreate({ accessToken: 'a', datasetCreateConfig: { locale: 'en' } })).toEqual(
      msg('At least one of data or mashupDocument must be provided'),
    );
    expect(
      models.validateQuickCreate({ accessToken: 'a', datasetCreateConfig: { locale: 'en', mashupDocument: 'let x = 1 in x' } }),
    ).toBeUndefined();
  });

  it('[E3.14] [S9.7] relative date filters include today by default when built', async () => {
    const { RelativeDateFilterBuilder } = await import('../../filter-builders/index.js');
    const json = new RelativeDateFilterBuilder()
      .withColumnTarget('Date', 'Day')
      .inLast(3, models.RelativeDateFilterTimeUnit.Days)
      .build()
      .toJSON();
    expect(json).toMatchObject({ includeToday: true, operator: models.RelativeDateOperators.InLast, timeUnitsCount: 3 });
  });
});
