import * as factories from './factories.js';
import type { IFilterable } from './ifilterable.js';
import * as models from './models/index.js';
import * as service from './service.js';

export { BookmarksManager } from './bookmarks-manager.js';
export { Create } from './create.js';
export { Dashboard } from './dashboard.js';
export {
  Embed,
  type IDashboardEmbedConfiguration,
  type IEmbedConfiguration,
  type IEmbedSettings,
  type ILocaleSettings,
  type IQnaEmbedConfiguration,
  type IQnaSettings,
  type IQuickCreateConfiguration,
  type IReportCreateConfiguration,
  type IReportEmbedConfiguration,
  type ITileEmbedConfiguration,
  type IVisualEmbedConfiguration,
} from './embed.js';
export {
  AdvancedFilterBuilder,
  BasicFilterBuilder,
  RelativeDateFilterBuilder,
  RelativeTimeFilterBuilder,
  TopNFilterBuilder,
} from './filter-builders/index.js';
export { Page } from './page.js';
export { Qna } from './qna.js';
export { QuickCreate } from './quick-create.js';
export { Report } from './report.js';
export { Tile } from './tile.js';
/** Not in powerbi-client: lets a host page trust a self-hosted embed host (see README). */
export { trustEmbedOrigin } from './util.js';
export { Visual } from './visual.js';
export { VisualDescriptor } from './visual-descriptor.js';
export type { IFilterable };
export { factories, models, service };

declare global {
  interface Window {
    powerbi: service.Service;
    powerBISDKGlobalServiceInstanceName?: string;
  }
}

export {
  embedAccountReport,
  getEmbedTokenPath,
  type IAccountReportOptions,
  type IEmbedTokenResponse,
  twoLetterLanguage,
} from './report-embed-helper.js';
