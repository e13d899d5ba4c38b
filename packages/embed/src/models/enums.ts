/** Trace levels reported by the embedded frame. */
export enum TraceType {
  Information = 0,
  Verbose = 1,
  Warning = 2,
  Error = 3,
  ExpectedError = 4,
  UnexpectedError = 5,
  Fatal = 6,
}
/** Page size presets. */
export enum PageSizeType {
  Widescreen = 0,
  Standard = 1,
  Cortana = 2,
  Letter = 3,
  Custom = 4,
  Mobile = 5,
}
/** How a page is fitted in the frame. */
export enum DisplayOption {
  FitToPage = 0,
  FitToWidth = 1,
  ActualSize = 2,
}
/** Report background. */
export enum BackgroundType {
  Default = 0,
  Transparent = 1,
}
/** Visibility of a visual container. */
export enum VisualContainerDisplayMode {
  Visible = 0,
  Hidden = 1,
}
/** Report layout kinds. */
export enum LayoutType {
  Master = 0,
  Custom = 1,
  MobilePortrait = 2,
  MobileLandscape = 3,
}
/** What happens on a data hyperlink click. */
export enum HyperlinkClickBehavior {
  Navigate = 0,
  NavigateAndRaiseEvent = 1,
  RaiseEvent = 2,
}
/** Report alignment within the frame. */
export enum ReportAlignment {
  Left = 0,
  Center = 1,
  Right = 2,
  None = 3,
}
/** Page visibility. */
export enum SectionVisibility {
  AlwaysVisible = 0,
  HiddenInViewMode = 1,
}
/** Report permissions requested at load. */
export enum Permissions {
  Read = 0,
  ReadWrite = 1,
  Copy = 2,
  Create = 4,
  All = 7,
}
/** View or edit mode. */
export enum ViewMode {
  View = 0,
  Edit = 1,
}
/** Kind of access token. */
export enum TokenType {
  Aad = 0,
  Embed = 1,
}
/** High-contrast modes. */
export enum ContrastMode {
  None = 0,
  HighContrast1 = 1,
  HighContrast2 = 2,
  HighContrastBlack = 3,
  HighContrastWhite = 4,
}
/** Position of an extension command in a menu. */
export enum MenuLocation {
  Bottom = 0,
  Top = 1,
}
/** Filter update operations. */
export enum FiltersOperations {
  RemoveAll = 0,
  ReplaceAll = 1,
  Add = 2,
  Replace = 3,
}
/** Level a filter applies to. */
export enum FiltersLevel {
  Report = 0,
  Page = 1,
  Visual = 2,
}
/** Filter kinds. */
export enum FilterType {
  Advanced = 0,
  Basic = 1,
  Unknown = 2,
  IncludeExclude = 3,
  RelativeDate = 4,
  TopN = 5,
  Tuple = 6,
  RelativeTime = 7,
  Identity = 8,
  Hierarchy = 9,
  HierarchyIdentity = 10,
}
/** Time units of relative date and time filters. */
export enum RelativeDateFilterTimeUnit {
  Days = 0,
  Weeks = 1,
  CalendarWeeks = 2,
  Months = 3,
  CalendarMonths = 4,
  Years = 5,
  CalendarYears = 6,
  Minutes = 7,
  Hours = 8,
}
/** Operators of relative date and time filters. */
export enum RelativeDateOperators {
  InLast = 0,
  InThis = 1,
  InNext = 2,
}
/** Quick-create credential kinds. */
export enum CredentialType {
  NoConnection = 0,
  OnBehalfOf = 1,
  Anonymous = 2,
}
/** Quick-create data cache modes. */
export enum DataCacheMode {
  Import = 0,
  DirectQuery = 1,
}
/** Aggregations. */
export enum AggregateFunction {
  Default = 1,
  None = 2,
  Sum = 3,
  Min = 4,
  Max = 5,
  Count = 6,
  Average = 7,
  DistinctCount = 8,
}
/** Browser print adjustment modes. */
export enum BrowserPrintAdjustmentsMode {
  Default = 0,
  NoAdjustments = 1,
}
/** Page navigation pane position. */
export enum PageNavigationPosition {
  Bottom = 0,
  Left = 1,
}
/** Q&A modes. */
export enum QnaMode {
  Interactive = 0,
  ResultOnly = 1,
}
/** Export data kinds. */
export enum ExportDataType {
  Summarized = 0,
  Underlying = 1,
}
/** Bookmark presentation mode. */
export enum BookmarksPlayMode {
  Off = 0,
  Presentation = 1,
}
/** Common error codes sent by the frame. */
export const CommonErrorCodes = {
  TokenExpired: 'TokenExpired',
  NotFound: 'PowerBIEntityNotFound',
  InvalidParameters: 'Invalid parameters',
  LoadReportFailed: 'LoadReportFailed',
  NotAuthorized: 'PowerBINotAuthorizedException',
  FailedToLoadModel: 'ExplorationContainer_FailedToLoadModel_DefaultDetails',
} as const;
/** Text alignment values. */
export const TextAlignment = { Left: 'left', Center: 'center', Right: 'right' } as const;
/** Legend positions. */
export const LegendPosition = {
  Top: 'Top',
  Bottom: 'Bottom',
  Right: 'Right',
  Left: 'Left',
  TopCenter: 'TopCenter',
  BottomCenter: 'BottomCenter',
  RightCenter: 'RightCenter',
  LeftCenter: 'LeftCenter',
} as const;
/** Sort direction. */
export enum SortDirection {
  Ascending = 1,
  Descending = 2,
}
/** Display option of a built-in command. */
export enum CommandDisplayOption {
  Enabled = 0,
  Disabled = 1,
  Hidden = 2,
}
/** Data role kinds. */
export enum VisualDataRoleKind {
  Grouping = 0,
  Measure = 1,
  GroupingOrMeasure = 2,
}
/** Preferred data role kind. */
export enum VisualDataRoleKindPreference {
  Measure = 0,
  Grouping = 1,
}
