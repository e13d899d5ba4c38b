import type { IError } from './types.js';
import {
  anyOf,
  anyValue,
  arrayOf,
  arrayOfStrings,
  boolean,
  type Check,
  forbidden,
  isPlainObject,
  mapOf,
  number,
  numberIn,
  numberRange,
  object,
  opt,
  req,
  string,
  stringEquals,
  stringIn,
  validateTop,
} from './validation.js';

const SCHEMA = 'http://powerbi.com/product/schema#';
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

const tokenType = numberIn(range(2));
const viewMode = numberIn(range(2));
const permissions = numberIn([0, 1, 2, 4, 7]);
const contrastMode = numberIn(range(5));
const layoutType = numberIn(range(4));
const displayOption = numberIn(range(3));
const background = numberIn(range(2));
const hyperlinkClickBehavior = numberIn(range(3));
const menuLocation = numberIn(range(2));
const pageSizeType = numberIn(range(6));
const visualDisplayMode = numberIn(range(2));
const pageNavigationPosition = numberIn(range(2));
const commandDisplayOption = numberIn(range(3));
const exportDataType = numberIn(range(2));
const bookmarksPlayMode = numberIn(range(2));
const browserPrintAdjustmentsMode = numberIn(range(2));
const dataCacheMode = numberIn(range(2));
const credentialType = numberIn(range(3));
const qnaMode = numberIn(range(2));
const relativeDateOperator = numberIn(range(3));
const relativeDateTimeUnit = numberIn(range(9));

// Targets
const columnTarget = object([req('table', string), req('column', string)]);
const hierarchyTarget = object([req('table', string), req('hierarchy', string), req('hierarchyLevel', string)]);
const measureTarget = object([req('table', string), req('measure', string), opt('percentOfGrandTotal', boolean)]);
const columnAggrTarget = object([req('table', string), req('column', string), req('aggregationFunction', string)]);
const hierarchyAggrTarget = object([
  req('table', string),
  req('hierarchy', string),
  req('hierarchyLevel', string),
  req('aggregationFunction', string),
]);
const keyColumnsTarget = object([req('table', string), req('column', string), req('keys', arrayOfStrings)]);
const keyHierarchyTarget = object([
  req('table', string),
  req('hierarchy', string),
  req('hierarchyLevel', string),
  req('keys', arrayOfStrings),
]);
const target: Check = anyOf(columnTarget, hierarchyTarget, measureTarget, columnAggrTarget, hierarchyAggrTarget);
const basicTarget: Check = anyOf(
  columnTarget,
  hierarchyTarget,
  measureTarget,
  columnAggrTarget,
  hierarchyAggrTarget,
  keyColumnsTarget,
  keyHierarchyTarget,
);

// A filter's target (and a top N filter's orderBy): one target, or a list of targets (key targets too),
// whose items may themselves be lists, as powerbi-models accepts.
const keyedTarget: Check = anyOf(target, keyColumnsTarget, keyHierarchyTarget);
const filterTarget: Check = anyOf(target, arrayOf(anyOf(keyedTarget, arrayOf(keyedTarget))));

// Filters (the frame accepts any operator string; $schema must be a string, filterType must match when given)
const displaySettings = object([
  opt('isLockedInViewMode', boolean),
  opt('isHiddenInViewMode', boolean),
  opt('displayName', string),
]);
const filterBase = (filterType: number, targetCheck: Check = filterTarget) => [
  req('target', targetCheck),
  opt('$schema', string),
  opt('filterType', numberIn([filterType])),
  opt('displaySettings', displaySettings),
];
const primitive: Check = (value, field) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date
    ? undefined
    : [{ message: `${field} property is invalid` }];
const basicFilter = object([
  ...filterBase(1, anyOf(basicTarget, filterTarget)),
  req('operator', string),
  req('values', arrayOf(primitive)),
  opt('requireSingleSelection', boolean),
]);
const advancedCondition = object([opt('value', primitive), req('operator', string)]);
const advancedFilter = object([...filterBase(0), req('logicalOperator', string), opt('conditions', arrayOf(advancedCondition))]);
const topNFilter = object([...filterBase(5), req('operator', string), req('itemCount', number), req('orderBy', filterTarget)]);
const relativeDateFilter = object([
  ...filterBase(4),
  req('operator', relativeDateOperator),
  opt('timeUnitsCount', number),
  req('timeUnitType', relativeDateTimeUnit),
  req('includeToday', boolean),
]);
const relativeTimeFilter = object([
  ...filterBase(7),
  req('operator', relativeDateOperator),
  opt('timeUnitsCount', number),
  req('timeUnitType', relativeDateTimeUnit),
]);
const includeExcludeFilter = object([...filterBase(3), req('isExclude', boolean), req('values', arrayOf(anyValue))]);
const notSupportedFilter = object([...filterBase(2), req('message', string), req('notSupportedTypeName', string)]);
const hierarchyNode: Check = object([
  opt('value', anyValue),
  opt('keyValues', arrayOf(anyValue)),
  opt('children', (v, f) => arrayOf(hierarchyNode)(v, f)),
  opt('operator', string),
]);
const hierarchyFilter = object([
  req('target', filterTarget),
  opt('$schema', string),
  opt('filterType', numberIn([9])),
  opt('displaySettings', displaySettings),
  req('hierarchyData', arrayOf(hierarchyNode)),
]);
const anyFilter: Check = anyOf(
  basicFilter,
  advancedFilter,
  topNFilter,
  relativeDateFilter,
  relativeTimeFilter,
  includeExcludeFilter,
  notSupportedFilter,
  hierarchyFilter,
);
const filterInput: Check = (value, field) =>
  isPlainObject(value) ? anyFilter(value, undefined) : [{ message: `${field} must be an object` }];
const slicerFilters = arrayOf(
  anyOf(basicFilter, advancedFilter, topNFilter, relativeDateFilter, relativeTimeFilter, hierarchyFilter),
);

// Selectors
const visualSelector = object([opt('$schema', stringEquals(SCHEMA + 'visualSelector')), req('visualName', string)]);
const visualTypeSelector = object([opt('$schema', stringEquals(SCHEMA + 'visualTypeSelector')), req('visualType', string)]);
const slicerTargetSelector = object([req('$schema', stringEquals(SCHEMA + 'slicerTargetSelector')), req('target', target)]);
const visualOrTypeSelector = anyOf(visualSelector, visualTypeSelector);

// Settings
const flatMenu = object([opt('title', string), opt('icon', string), opt('menuLocation', menuLocation), forbidden('groupName')]);
const groupedMenu = object([req('groupName', string), opt('title', string), opt('icon', string), forbidden('menuLocation')]);
const menuExtension = anyOf(flatMenu, groupedMenu);
const extensionPoints = object([opt('visualContextMenu', menuExtension), opt('visualOptionsMenu', menuExtension)]);
const commandExtension = object([
  req('name', string),
  req('extend', extensionPoints),
  req('title', string),
  opt('icon', string),
  opt('selector', visualOrTypeSelector),
]);
const extension = object([opt('command', commandExtension)]);
const menuGroupExtension = object([req('name', string), req('title', string), opt('menuLocation', menuLocation)]);
const extensionsObject = object([req('commands', arrayOf(commandExtension)), opt('groups', arrayOf(menuGroupExtension))]);
const customPageSize = object([req('type', pageSizeType), opt('width', number), opt('height', number)]);
const visualLayout = object([
  opt('x', number),
  opt('y', number),
  opt('z', number),
  opt('width', number),
  opt('height', number),
  opt('displayState', object([req('mode', visualDisplayMode)])),
]);
const pageLayout = object([opt('defaultLayout', visualLayout), req('visualsLayout', mapOf(visualLayout))]);
const customLayout = object([
  opt('pageSize', customPageSize),
  opt('displayOption', displayOption),
  opt('pagesLayout', mapOf(pageLayout)),
]);
const visualHeader = object([req('settings', object([opt('visible', boolean)])), opt('selector', visualOrTypeSelector)]);
const visualSettings = object([opt('visualHeaders', arrayOf(visualHeader))]);
const baseCommand = object([req('displayOption', commandDisplayOption), opt('selector', visualOrTypeSelector)]);
const commandNames = [
  'copy',
  'drill',
  'drillthrough',
  'expandCollapse',
  'exportData',
  'includeExclude',
  'removeVisual',
  'search',
  'seeData',
  'sort',
  'spotlight',
  'insightsAnalysis',
  'addComment',
  'groupVisualContainers',
  'summarize',
  'clearSelection',
];
const commandsSettings = object(commandNames.map((name) => opt(name, baseCommand)));
const visibleOnly = object([opt('visible', boolean)]);
const expandedOnly = object([opt('expanded', boolean)]);
const filtersPane = object([opt('visible', boolean), opt('expanded', boolean)]);
const pageNavigationPane = object([opt('visible', boolean), opt('position', pageNavigationPosition)]);
const panes = object([
  opt('bookmarks', visibleOnly),
  opt('fields', expandedOnly),
  opt('filters', filtersPane),
  opt('pageNavigation', pageNavigationPane),
  opt('selection', visibleOnly),
  opt('syncSlicers', visibleOnly),
  opt('visualizations', expandedOnly),
]);
const bars = object([opt('actionBar', visibleOnly), opt('statusBar', visibleOnly)]);
const printSettings = object([opt('browserPrintAdjustmentsMode', browserPrintAdjustmentsMode)]);
const settings = object([
  opt('filterPaneEnabled', boolean),
  opt('navContentPaneEnabled', boolean),
  opt('bookmarksPaneEnabled', boolean),
  opt('useCustomSaveAsDialog', boolean),
  opt('extensions', anyOf(arrayOf(extension), extensionsObject)),
  opt('layoutType', layoutType),
  opt('customLayout', customLayout),
  opt('background', background),
  opt('visualSettings', visualSettings),
  opt('hideErrors', boolean),
  opt('commands', arrayOf(commandsSettings)),
  opt('hyperlinkClickBehavior', hyperlinkClickBehavior),
  opt('bars', bars),
  opt('panes', panes),
  opt('personalBookmarksEnabled', boolean),
  opt('persistentFiltersEnabled', boolean),
  opt('visualRenderedEvents', boolean),
  opt('authoringHintsEnabled', boolean),
  opt('printSettings', printSettings),
]);
const paginatedSettings = object([
  opt('commands', object([opt('parameterPanel', object([opt('enabled', boolean), opt('expanded', boolean)]))])),
]);
const qnaSettings = object([
  opt('filterPaneEnabled', boolean),
  opt('hideErrors', boolean),
  opt('panes', object([opt('filters', filtersPane)])),
]);

// Load configurations
const theme = object([opt('themeJson', object([]))]);
const bookmark = anyOf(object([req('name', string)]), object([req('state', string)]));
const onLoadFilters = object([]);
const datasetBinding = object([opt('datasetId', string)], (value, field) =>
  Object.keys(value).length === 0 ? [{ message: `${field} cannot be empty` }] : undefined,
);
const slicer = object([
  req('selector', anyOf(visualSelector, slicerTargetSelector)),
  req('state', object([opt('filters', slicerFilters)])),
]);

const reportLoad = object([
  req('accessToken', string),
  req('id', string),
  opt('groupId', string),
  opt('settings', settings),
  opt('pageName', string),
  opt('filters', anyOf(arrayOf(anyFilter), onLoadFilters)),
  opt('permissions', permissions),
  opt('viewMode', viewMode),
  opt('tokenType', tokenType),
  opt('bookmark', bookmark),
  opt('theme', theme),
  opt('embedUrl', string),
  opt('datasetBinding', datasetBinding),
  opt('contrastMode', contrastMode),
]);
const paginatedReportLoad = object([
  req('accessToken', string),
  req('id', string),
  opt('groupId', string),
  opt('settings', paginatedSettings),
  opt('tokenType', tokenType),
  opt('embedUrl', string),
  opt('type', string),
  opt('parameterValues', arrayOf(object([req('name', string), opt('value', string)]))),
  opt('datasetBindings', arrayOf(object([req('sourceDatasetId', string), req('targetDatasetId', string)]))),
]);
const createReport = object([
  req('accessToken', string),
  req('datasetId', string),
  opt('groupId', string),
  opt('tokenType', tokenType),
  opt('theme', theme),
]);
const columnSchema = object([req('name', string), opt('displayName', string), req('dataType', string)]);
const tableSchema = object([req('name', string), req('columns', arrayOf(columnSchema))]);
const tableData = object([
  req('name', string),
  req(
    'rows',
    arrayOf((value, field) => arrayOfStrings(value, field)),
  ),
]);
const datasetCreateConfig = object(
  [
    req('locale', string),
    opt('mashupDocument', string),
    opt(
      'datasourceConnectionConfig',
      object([
        opt('dataCacheMode', dataCacheMode),
        opt('credentials', object([opt('credentialType', credentialType), opt('credentialDetails', object([]))])),
      ]),
    ),
    opt('tableSchemaList', arrayOf(tableSchema)),
    opt('data', arrayOf(tableData)),
  ],
  (value) => {
    const isEmpty = (v: unknown) => v === undefined || v === null;
    if (!isEmpty(value.datasourceConnectionConfig) && isEmpty(value.mashupDocument))
      return [{ message: 'mashupDocument cannot be empty when datasourceConnectionConfig is presented' }];
    if (!isEmpty(value.data) && isEmpty(value.tableSchemaList))
      return [{ message: 'tableSchemaList cannot be empty when data is provided' }];
    if (isEmpty(value.data) && isEmpty(value.mashupDocument))
      return [{ message: 'At least one of data or mashupDocument must be provided' }];
    return undefined;
  },
);
const quickCreate = object([
  req('accessToken', string),
  opt('groupId', string),
  opt('tokenType', tokenType),
  opt('theme', theme),
  req('datasetCreateConfig', datasetCreateConfig),
]);
const dashboardPageView = stringIn(
  ['actualSize', 'fitToWidth', 'oneColumn'],
  (field) => `${field} must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"`,
);
const dashboardLoad = object([
  req('accessToken', string),
  req('id', string),
  opt('groupId', string),
  opt('pageView', dashboardPageView),
  opt('tokenType', tokenType),
  opt('embedUrl', string),
]);
const tileLoad = object([
  req('accessToken', string),
  req('id', string),
  req('dashboardId', string),
  opt('groupId', string),
  opt('pageView', string),
  opt('tokenType', tokenType),
  opt('width', number),
  opt('height', number),
]);
const qnaLoad = object([
  req('accessToken', string),
  req('datasetIds', arrayOfStrings),
  opt('question', string),
  opt('viewMode', qnaMode),
  opt('settings', qnaSettings),
  opt('tokenType', tokenType),
  opt('groupId', string),
]);
const qnaInterpret = object([opt('datasetIds', arrayOfStrings), req('question', string)]);
const page = object([req('name', string)]);
const saveAs = object([req('name', string)]);
const exportData = object([opt('rows', number), opt('exportDataType', exportDataType)]);
const captureBookmark = object([req('options', object([opt('personalizeVisuals', boolean), opt('allPages', boolean)]))]);
const playBookmark = object([req('playMode', bookmarksPlayMode)]);
const applyBookmarkByName = object([req('name', string)]);
const applyBookmarkState = object([req('state', string)]);
const addBookmark = object([opt('state', string), opt('displayName', string), opt('apply', boolean)]);
const slicerState = object([opt('filters', slicerFilters)]);
const updateFiltersRequest = anyOf(
  object([req('filtersOperation', numberIn([0])), forbidden('filters')]),
  object([req('filtersOperation', numberIn([1, 2, 3])), req('filters', arrayOf(anyFilter))]),
);

type Result = IError[] | undefined;
/** Validates a visual selector. @example validateVisualSelector({ visualName: 'v' }) // undefined */
export const validateVisualSelector = (input: unknown): Result => validateTop(visualSelector, input);
/** Validates a slicer (selector and state). @example validateSlicer({}) // [{ message: 'selector is required' }] */
export const validateSlicer = (input: unknown): Result => validateTop(slicer, input);
/** Validates a slicer state. */
export const validateSlicerState = (input: unknown): Result => validateTop(slicerState, input);
/** Validates a play-bookmark request. */
export const validatePlayBookmarkRequest = (input: unknown): Result => validateTop(playBookmark, input);
/** Validates an add-bookmark request. */
export const validateAddBookmarkRequest = (input: unknown): Result => validateTop(addBookmark, input);
/** Validates an apply-bookmark-by-name request. */
export const validateApplyBookmarkByNameRequest = (input: unknown): Result => validateTop(applyBookmarkByName, input);
/** Validates an apply-bookmark-state request. */
export const validateApplyBookmarkStateRequest = (input: unknown): Result => validateTop(applyBookmarkState, input);
/** Validates a capture-bookmark request. */
export const validateCaptureBookmarkRequest = (input: unknown): Result => validateTop(captureBookmark, input);
/** Validates report settings. @example validateSettings({ filterPaneEnabled: 1 }) // [{ message: 'filterPaneEnabled must be a boolean' }] */
export const validateSettings = (input: unknown): Result => validateTop(settings, input);
/** Validates the panes settings. */
export const validatePanes = (input: unknown): Result => validateTop(panes, input);
export const validateBookmarksPane = (input: unknown): Result => validateTop(visibleOnly, input);
export const validateFiltersPane = (input: unknown): Result => validateTop(filtersPane, input);
export const validateFieldsPane = (input: unknown): Result => validateTop(expandedOnly, input);
export const validatePageNavigationPane = (input: unknown): Result => validateTop(pageNavigationPane, input);
export const validateSelectionPane = (input: unknown): Result => validateTop(visibleOnly, input);
export const validateSyncSlicersPane = (input: unknown): Result => validateTop(visibleOnly, input);
export const validateVisualizationsPane = (input: unknown): Result => validateTop(expandedOnly, input);
/** Validates a custom page size. */
export const validateCustomPageSize = (input: unknown): Result => validateTop(customPageSize, input);
/** Validates an extension. */
export const validateExtension = (input: unknown): Result => validateTop(extension, input);
/** Validates a menu group extension. */
export const validateMenuGroupExtension = (input: unknown): Result => validateTop(menuGroupExtension, input);
/** Validates a report load configuration. @example validateReportLoad({}) // [{ message: 'accessToken is required' }] */
export const validateReportLoad = (input: unknown): Result => validateTop(reportLoad, input);
/** Validates a paginated (RDL) report load configuration. */
export const validatePaginatedReportLoad = (input: unknown): Result => validateTop(paginatedReportLoad, input);
/** Validates a create-report configuration. */
export const validateCreateReport = (input: unknown): Result => validateTop(createReport, input);
/** Validates a quick-create configuration. */
export const validateQuickCreate = (input: unknown): Result => validateTop(quickCreate, input);
/** Validates a dashboard load configuration. */
export const validateDashboardLoad = (input: unknown): Result => validateTop(dashboardLoad, input);
/** Validates a tile load configuration. */
export const validateTileLoad = (input: unknown): Result => validateTop(tileLoad, input);
/** Validates a page. */
export const validatePage = (input: unknown): Result => validateTop(page, input);
/** Validates a filter of any kind. */
export const validateFilter = (input: unknown): Result => validateTop(filterInput, input);
/** Validates an update-filters request. */
export const validateUpdateFiltersRequest = (input: unknown): Result =>
  input === undefined || input === null ? undefined : updateFiltersRequest(input, undefined);
/** Validates save-as parameters. */
export const validateSaveAsParameters = (input: unknown): Result => validateTop(saveAs, input);
/** Validates a Q&A load configuration. */
export const validateLoadQnaConfiguration = (input: unknown): Result => validateTop(qnaLoad, input);
/** Validates Q&A interpret input. */
export const validateQnaInterpretInputData = (input: unknown): Result => validateTop(qnaInterpret, input);
/** Validates an export-data request. */
export const validateExportDataRequest = (input: unknown): Result => validateTop(exportData, input);
/** Validates a visual header. */
export const validateVisualHeader = (input: unknown): Result => validateTop(visualHeader, input);
/** Validates visual settings. */
export const validateVisualSettings = (input: unknown): Result => validateTop(visualSettings, input);
/** Validates commands settings. */
export const validateCommandsSettings = (input: unknown): Result => validateTop(commandsSettings, input);
/** Validates a custom theme. */
export const validateCustomTheme = (input: unknown): Result => validateTop(theme, input);
/** Validates a zoom level (0.25 to 4). @example validateZoomLevel(5) // [{ message: 'undefined must be a number between 0.25 and 4' }] */
export const validateZoomLevel = (input: unknown): Result =>
  input === undefined || input === null ? undefined : numberRange(0.25, 4)(input, undefined);
/** Validates print settings (browserPrintAdjustmentsMode 0 or 1). */
export const validatePrintSettings = (input: unknown): Result => validateTop(printSettings, input);
