import type {
  BackgroundType,
  BookmarksPlayMode,
  BrowserPrintAdjustmentsMode,
  CommandDisplayOption,
  ContrastMode,
  CredentialType,
  DataCacheMode,
  DisplayOption,
  ExportDataType,
  FiltersOperations,
  FilterType,
  HyperlinkClickBehavior,
  LayoutType,
  MenuLocation,
  PageNavigationPosition,
  PageSizeType,
  Permissions,
  QnaMode,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
  ReportAlignment,
  SectionVisibility,
  SortDirection,
  TokenType,
  ViewMode,
  VisualContainerDisplayMode,
} from './enums.js';

/** One validation error, as the protocol's users know it. */
export interface IError {
  message: string;
  path?: string;
  keyword?: string;
  detailedMessage?: string;
  errorCode?: string;
  level?: number;
  technicalDetails?: unknown;
}

export interface IBaseTarget {
  table: string;
  $schema?: string;
}
export interface IColumnTarget extends IBaseTarget {
  column: string;
}
export interface IKeyColumnsTarget extends IColumnTarget {
  keys: string[];
}
export interface IKeyHierarchyTarget extends IHierarchyLevelTarget {
  keys: string[];
}
export interface IHierarchyLevelTarget extends IBaseTarget {
  hierarchy: string;
  hierarchyLevel: string;
}
export interface INotSupportedTarget extends IBaseTarget {}
export interface IMeasureTarget extends IBaseTarget {
  measure: string;
  percentOfGrandTotal?: boolean;
}
export interface IAggregationTarget {
  aggregationFunction: string;
}
export interface IColumnAggrTarget extends IColumnTarget, IAggregationTarget {}
export interface IHierarchyLevelAggrTarget extends IHierarchyLevelTarget, IAggregationTarget {}
export type IFilterKeyTarget = IKeyColumnsTarget | IKeyHierarchyTarget;
export type IFilterTarget =
  | IColumnTarget
  | IHierarchyLevelTarget
  | IMeasureTarget
  | INotSupportedTarget
  | IColumnAggrTarget
  | IHierarchyLevelAggrTarget;
export type ITarget = IFilterTarget;
export type ITupleFilterTarget = IFilterTarget[];
export type IFilterGeneralTarget = IFilterTarget | IFilterKeyTarget | ITupleFilterTarget;

export interface IFilterDisplaySettings {
  isLockedInViewMode?: boolean;
  isHiddenInViewMode?: boolean;
  displayName?: string;
}
export interface IFilter {
  $schema: string;
  target: IFilterGeneralTarget;
  filterType: FilterType;
  displaySettings?: IFilterDisplaySettings;
}
export type PrimitiveValue = string | number | boolean | Date | null;
export type BasicFilterOperators = 'In' | 'NotIn' | 'All';
export type AdvancedFilterLogicalOperators = 'And' | 'Or';
export type AdvancedFilterConditionOperators =
  | 'None'
  | 'LessThan'
  | 'LessThanOrEqual'
  | 'GreaterThan'
  | 'GreaterThanOrEqual'
  | 'Contains'
  | 'DoesNotContain'
  | 'StartsWith'
  | 'DoesNotStartWith'
  | 'Is'
  | 'IsNot'
  | 'IsBlank'
  | 'IsNotBlank';
export type TopNFilterOperators = 'Top' | 'Bottom';
export type HierarchyFilterNodeOperators = 'Selected' | 'NotSelected' | 'Inherited';
export interface IBasicFilter extends IFilter {
  operator: BasicFilterOperators;
  values: (string | number | boolean)[];
  requireSingleSelection?: boolean;
}
export interface IBasicFilterWithKeys extends IBasicFilter {
  target: IFilterKeyTarget;
  keyValues: (string | number | boolean)[][];
}
export interface IAdvancedFilterCondition {
  value?: PrimitiveValue;
  operator: AdvancedFilterConditionOperators;
}
export interface IAdvancedFilter extends IFilter {
  logicalOperator: AdvancedFilterLogicalOperators;
  conditions?: IAdvancedFilterCondition[];
}
export interface ITopNFilter extends IFilter {
  operator: TopNFilterOperators;
  itemCount: number;
  orderBy: ITarget;
}
export interface IRelativeDateFilter extends IFilter {
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
  includeToday: boolean;
}
export interface IRelativeTimeFilter extends IFilter {
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
}
export interface IIncludeExcludeFilter extends IFilter {
  values: (PrimitiveValue | PrimitiveValue[])[];
  isExclude: boolean;
}
export interface IIdentityFilter extends IFilter {
  operator: boolean;
}
export interface ITupleElementValue {
  value: PrimitiveValue;
  keyValues?: PrimitiveValue[];
}
export type TupleValueType = ITupleElementValue[];
export interface ITupleFilter extends IFilter {
  target: ITupleFilterTarget;
  operator: string;
  values: TupleValueType[];
}
export interface IHierarchyFilterNode {
  value?: PrimitiveValue;
  keyValues?: PrimitiveValue[];
  children?: IHierarchyFilterNode[];
  operator?: HierarchyFilterNodeOperators;
}
export interface IHierarchyFilter extends IFilter {
  hierarchyData: IHierarchyFilterNode[];
}
export interface INotSupportedFilter extends IFilter {
  message: string;
  notSupportedTypeName: string;
}
export type ReportLevelFilters =
  | IBasicFilter
  | IAdvancedFilter
  | IRelativeDateFilter
  | IRelativeTimeFilter
  | ITopNFilter
  | IIncludeExcludeFilter
  | IIdentityFilter
  | ITupleFilter
  | IHierarchyFilter;
export type PageLevelFilters = ReportLevelFilters;
export type VisualLevelFilters = ReportLevelFilters;
export type SlicerFilter =
  | IBasicFilter
  | IAdvancedFilter
  | IRelativeDateFilter
  | IRelativeTimeFilter
  | ITopNFilter
  | IHierarchyFilter;
export interface IOnLoadFilters {
  allowedValues?: unknown;
}
export interface IUpdateFiltersRequest {
  filtersOperation: FiltersOperations;
  filters?: IFilter[];
}

export interface ISelector {
  $schema: string;
}
export interface IPageSelector extends ISelector {
  pageName: string;
}
export interface IVisualSelector extends ISelector {
  visualName: string;
}
export interface IVisualTypeSelector extends ISelector {
  visualType: string;
}
export interface ISlicerTargetSelector extends ISelector {
  target: ITarget;
}
export type SlicerSelector = IVisualSelector | ISlicerTargetSelector;

export interface ISlicer {
  selector: SlicerSelector;
  state: ISlicerState;
}
export interface ISlicerState {
  filters: ISlicerFilter[];
  targets?: ITarget[];
}
export type ISlicerFilter = SlicerFilter;

export interface ICustomPageSize {
  type: PageSizeType;
  width?: number;
  height?: number;
}
export type PagesLayout = Record<string, IPageLayout>;
export type VisualsLayout = Record<string, IVisualLayout>;
export interface IPageLayout {
  defaultLayout?: IVisualLayout;
  visualsLayout: VisualsLayout;
}
export interface IVisualContainerDisplayState {
  mode: VisualContainerDisplayMode;
}
export interface IVisualLayout {
  x?: number;
  y?: number;
  z?: number;
  width?: number;
  height?: number;
  displayState?: IVisualContainerDisplayState;
}
export interface ICustomLayout {
  pageSize?: ICustomPageSize;
  displayOption?: DisplayOption;
  pagesLayout?: PagesLayout;
  reportAlignment?: ReportAlignment;
}

export interface IMenuExtensionBase {
  title?: string;
  icon?: string;
}
export interface IFlatMenuExtension extends IMenuExtensionBase {
  menuLocation?: MenuLocation;
}
export interface IGroupedMenuExtension extends IMenuExtensionBase {
  groupName: string;
}
export type IMenuExtension = IFlatMenuExtension | IGroupedMenuExtension;
export interface IMenuGroupExtension {
  name: string;
  title: string;
  menuLocation?: MenuLocation;
}
export interface IExtensionPoints {
  visualContextMenu?: IMenuExtension;
  visualOptionsMenu?: IMenuExtension;
}
export interface IExtensionItem {
  name: string;
  extend: IExtensionPoints;
}
export interface ICommandExtension extends IExtensionItem {
  title: string;
  icon?: string;
  selector?: IVisualSelector | IVisualTypeSelector;
}
export interface IExtension {
  command?: ICommandExtension;
}
export interface IExtensions {
  commands: ICommandExtension[];
  groups?: IMenuGroupExtension[];
}

export interface IVisualHeaderSettings {
  visible?: boolean;
}
export interface IVisualHeader {
  settings: IVisualHeaderSettings;
  selector?: IVisualSelector | IVisualTypeSelector;
}
export interface IVisualSettings {
  visualHeaders?: IVisualHeader[];
}
export interface IBaseCommandSettings {
  displayOption: CommandDisplayOption;
  selector?: IVisualSelector | IVisualTypeSelector;
}
export interface ICommandsSettings {
  copy?: IBaseCommandSettings;
  drill?: IBaseCommandSettings;
  drillthrough?: IBaseCommandSettings;
  expandCollapse?: IBaseCommandSettings;
  exportData?: IBaseCommandSettings;
  includeExclude?: IBaseCommandSettings;
  removeVisual?: IBaseCommandSettings;
  search?: IBaseCommandSettings;
  seeData?: IBaseCommandSettings;
  sort?: IBaseCommandSettings;
  spotlight?: IBaseCommandSettings;
  insightsAnalysis?: IBaseCommandSettings;
  addComment?: IBaseCommandSettings;
  groupVisualContainers?: IBaseCommandSettings;
  summarize?: IBaseCommandSettings;
  clearSelection?: IBaseCommandSettings;
}
export interface IPaginatedReportsCommandsSettings {
  parameterPanel?: { enabled?: boolean; expanded?: boolean };
}
export interface IHidePaneSettings {
  visible?: boolean;
}
export interface ICollapsiblePaneSettings {
  expanded?: boolean;
}
export interface IReportPanes {
  bookmarks?: IHidePaneSettings;
  fields?: ICollapsiblePaneSettings;
  filters?: IHidePaneSettings & ICollapsiblePaneSettings;
  pageNavigation?: IHidePaneSettings & { position?: PageNavigationPosition };
  selection?: IHidePaneSettings;
  syncSlicers?: IHidePaneSettings;
  visualizations?: ICollapsiblePaneSettings;
}
export interface IReportBars {
  actionBar?: { visible?: boolean };
  statusBar?: { visible?: boolean };
}
export interface IPrintSettings {
  browserPrintAdjustmentsMode?: BrowserPrintAdjustmentsMode;
}
export interface ILocaleSettings {
  language?: string;
  formatLocale?: string;
}
export interface ISettings {
  filterPaneEnabled?: boolean;
  navContentPaneEnabled?: boolean;
  bookmarksPaneEnabled?: boolean;
  useCustomSaveAsDialog?: boolean;
  extensions?: IExtension[] | IExtensions;
  layoutType?: LayoutType;
  customLayout?: ICustomLayout;
  background?: BackgroundType;
  visualSettings?: IVisualSettings;
  hideErrors?: boolean;
  commands?: ICommandsSettings[];
  hyperlinkClickBehavior?: HyperlinkClickBehavior;
  bars?: IReportBars;
  panes?: IReportPanes;
  personalBookmarksEnabled?: boolean;
  persistentFiltersEnabled?: boolean;
  visualRenderedEvents?: boolean;
  authoringHintsEnabled?: boolean;
  printSettings?: IPrintSettings;
  zoomLevel?: number;
  localeSettings?: ILocaleSettings;
}
export interface IQnaSettings {
  filterPaneEnabled?: boolean;
  hideErrors?: boolean;
  panes?: { filters?: IHidePaneSettings & ICollapsiblePaneSettings };
}
export interface IPaginatedReportSettings {
  commands?: IPaginatedReportsCommandsSettings;
  localeSettings?: ILocaleSettings;
}

export interface IApplyBookmarkRequest {
  name?: string;
  state?: string;
}
export interface IApplyBookmarkByNameRequest {
  name: string;
}
export interface IApplyBookmarkStateRequest {
  state: string;
}
export interface IPlayBookmarkRequest {
  playMode: BookmarksPlayMode;
}
export interface ICaptureBookmarkOptions {
  personalizeVisuals?: boolean;
  allPages?: boolean;
}
export interface ICaptureBookmarkRequest {
  options: ICaptureBookmarkOptions;
}
export interface IAddBookmarkRequest {
  state?: string;
  displayName?: string;
  apply?: boolean;
}
export interface IReportBookmark {
  name: string;
  displayName: string;
  state?: string;
  children?: IReportBookmark[];
}

export interface ICustomTheme {
  themeJson: object;
}
export type IReportTheme = ICustomTheme;
export interface IDatasetBinding {
  datasetId: string;
}
export interface IPaginatedReportParameter {
  name: string;
  value: string | null;
}
export interface IPaginatedReportDatasetBinding {
  sourceDatasetId: string;
  targetDatasetId: string;
}

export interface IPageBackground {
  transparency?: number;
}
export interface IPageWallpaper {
  transparency?: number;
}
export interface IPage {
  name: string;
  displayName?: string;
  isActive?: boolean;
  visibility?: SectionVisibility;
  defaultSize?: ICustomPageSize;
  mobileSize?: ICustomPageSize;
  defaultDisplayOption?: DisplayOption;
  background?: IPageBackground;
  wallpaper?: IPageWallpaper;
}
export interface IVisual {
  name: string;
  title: string;
  type: string;
  layout: IVisualLayout;
}
export interface ISaveAsParameters {
  name: string;
  targetWorkspaceId?: string;
}
export interface IExportDataRequest {
  rows?: number;
  exportDataType?: ExportDataType;
}
export interface IExportDataResult {
  data: string;
}
export interface ICloneVisualRequest {
  filters?: IFilter[];
  layout?: IVisualLayout;
  displayState?: IVisualContainerDisplayState;
}
export interface ICloneVisualResponse {
  visualName: string;
}
export interface ISortByVisualRequest {
  orderBy: ITarget;
  direction: SortDirection;
}
export interface ISmartNarratives {
  [key: string]: unknown;
}
export interface IQnaInterpretInputData {
  question: string;
  datasetIds?: string[];
}
export interface IQnaVisualRenderedEvent {
  question: string;
  normalizedQuestion?: string;
}

export type Extensions = IExtension[] | IExtensions;
export type GetAccessTokenCallback = (...args: unknown[]) => Promise<string> | string;
export interface EventHooks {
  applicationContextProvider?: (request: unknown) => Promise<unknown> | unknown;
  accessTokenProvider?: (request?: unknown) => Promise<string> | string;
}

export interface IEmbedConfigurationBase {
  type?: string;
  hostname?: string;
  accessToken?: string;
  embedUrl?: string;
  uniqueId?: string;
  groupId?: string;
  settings?: ISettings | IQnaSettings | IPaginatedReportSettings;
  tokenType?: TokenType;
  eventHooks?: EventHooks;
  bootstrapped?: boolean;
  [key: string]: unknown;
}
export interface IBootstrapEmbedConfiguration extends IEmbedConfigurationBase {
  hostname?: string;
}
export interface IReportLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  settings?: ISettings;
  bookmark?: IApplyBookmarkRequest;
  pageName?: string;
  filters?: ReportLevelFilters[];
  slicers?: ISlicer[];
  permissions?: Permissions;
  viewMode?: ViewMode;
  tokenType?: TokenType;
  theme?: IReportTheme;
  embedUrl?: string;
  datasetBinding?: IDatasetBinding;
  contrastMode?: ContrastMode;
  eventHooks?: EventHooks;
}
export interface IReportEmbedConfiguration extends IEmbedConfigurationBase {
  id?: string;
  settings?: ISettings;
  bookmark?: IApplyBookmarkRequest;
  pageName?: string;
  filters?: ReportLevelFilters[];
  slicers?: ISlicer[];
  permissions?: Permissions;
  viewMode?: ViewMode;
  theme?: IReportTheme;
  datasetBinding?: IDatasetBinding;
  contrastMode?: ContrastMode;
}
export interface IPaginatedReportLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  settings?: IPaginatedReportSettings;
  tokenType?: TokenType;
  embedUrl?: string;
  type?: string;
  parameterValues?: IPaginatedReportParameter[];
  datasetBindings?: IPaginatedReportDatasetBinding[];
}
export interface IVisualEmbedConfiguration extends IReportEmbedConfiguration {
  visualName: string;
  width?: number;
  height?: number;
}
export interface IDashboardEmbedConfiguration extends IEmbedConfigurationBase {
  id?: string;
  pageView?: PageView;
}
export interface IDashboardLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  pageView?: PageView;
  tokenType?: TokenType;
  embedUrl?: string;
}
export type PageView = 'fitToWidth' | 'oneColumn' | 'actualSize';
export interface ITileEmbedConfiguration extends IEmbedConfigurationBase {
  id?: string;
  dashboardId: string;
  height?: number;
  width?: number;
  pageView?: PageView;
}
export interface ITileLoadConfiguration {
  accessToken: string;
  id: string;
  dashboardId: string;
  groupId?: string;
  pageView?: PageView;
  tokenType?: TokenType;
  width?: number;
  height?: number;
}
export interface IQnaEmbedConfiguration extends IEmbedConfigurationBase {
  datasetIds: string[];
  question?: string;
  viewMode?: QnaMode;
  settings?: IQnaSettings;
}
export interface ILoadQnaConfiguration {
  accessToken: string;
  datasetIds: string[];
  question?: string;
  viewMode?: QnaMode;
  settings?: IQnaSettings;
  tokenType?: TokenType;
  groupId?: string;
}
export interface IReportCreateConfiguration extends IEmbedConfigurationBase {
  datasetId: string;
  theme?: IReportTheme;
}
export interface ICreateReportLoadConfiguration {
  accessToken: string;
  datasetId: string;
  groupId?: string;
  tokenType?: TokenType;
  theme?: IReportTheme;
}
export interface ICredentials {
  credentialType?: CredentialType;
  credentialDetails?: object;
}
export interface IDatasourceConnectionConfiguration {
  dataCacheMode?: DataCacheMode;
  credentials?: ICredentials;
}
export interface IColumnSchema {
  name: string;
  displayName?: string;
  dataType: string;
}
export interface ITableSchema {
  name: string;
  columns: IColumnSchema[];
}
export interface ITableData {
  name: string;
  rows: string[][];
}
export interface IDatasetCreateConfiguration {
  locale: string;
  mashupDocument?: string;
  datasourceConnectionConfig?: IDatasourceConnectionConfiguration;
  tableSchemaList?: ITableSchema[];
  data?: ITableData[];
}
export interface IQuickCreateConfiguration extends IEmbedConfigurationBase {
  datasetCreateConfig: IDatasetCreateConfiguration;
  theme?: IReportTheme;
}
export type IEmbedConfiguration = IReportEmbedConfiguration;
export interface IVisualCustomCommandEvent {
  command: string;
  [key: string]: unknown;
}
