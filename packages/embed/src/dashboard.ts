import type { IEmbedService, IService } from './contract.js';
import { Embed, type IEmbedConfigurationBase } from './embed.js';
import * as models from './models/index.js';

/** What a dashboard exposes to its tiles. */
export interface IDashboardNode {
  iframe: HTMLIFrameElement;
  service: IService;
  config: IEmbedConfigurationBase;
}

/**
 * An embedded dashboard.
 *
 * @example
 * const dashboard = powerbi.embed(container, { type: 'dashboard', id, embedUrl, accessToken, pageView: 'fitToWidth' });
 * dashboard.on('tileClicked', (event) => console.log(event.detail));
 */
export class Dashboard extends Embed implements IDashboardNode {
  /** Events a dashboard adds to the common ones ([E4.3]). */
  static allowedEvents = ['tileClicked', 'error'];
  static dashboardIdAttribute = 'powerbi-dashboard-id';
  static typeAttribute = 'powerbi-type';
  static type = 'Dashboard';

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/dashboard/load';
    this.phasedLoadPath = '/dashboard/prepare';
    this.allowedEvents.push(...Dashboard.allowedEvents);
  }

  /** Extracts the dashboard id from an embed URL. @example Dashboard.findIdFromEmbedUrl('https://app.powerbi.com/dashboardEmbed?dashboardId=d1') // 'd1' */
  static findIdFromEmbedUrl(url: string): string | undefined {
    const match = typeof url === 'string' ? url.match(/dashboardId="?([^&]+)"?/) : null;
    return match ? match[1] : undefined;
  }

  /**
   * The dashboard id from the configuration, the `powerbi-dashboard-id` attribute or the embed URL ([E8.7]).
   * @example dashboard.getId();
   */
  getId(): string {
    const config = this.config;
    const dashboardId =
      (config.id as string) ||
      this.element.getAttribute(Dashboard.dashboardIdAttribute) ||
      Dashboard.findIdFromEmbedUrl(config.embedUrl as string);
    if (typeof dashboardId !== 'string' || dashboardId.length === 0) {
      throw new Error(
        `Dashboard id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute '${Dashboard.dashboardIdAttribute}'.`,
      );
    }
    return dashboardId;
  }

  /**
   * Validates the configuration ([E5.2], [E5.4]).
   * @example dashboard.validate(baseConfig);
   */
  validate(baseConfig: IEmbedConfigurationBase): models.IError[] | undefined {
    const config = baseConfig as models.IDashboardEmbedConfiguration;
    const errors = models.validateDashboardLoad(config);
    return errors ? errors : this.validatePageView(config.pageView);
  }

  /** @example dashboard.configChanged(isBootstrap); */
  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    this.config.id = this.getId();
  }

  /** @example dashboard.getDefaultEmbedUrlEndpoint(); */
  getDefaultEmbedUrlEndpoint(): string {
    return 'dashboardEmbed';
  }

  private validatePageView(pageView: string | undefined): models.IError[] | undefined {
    if (pageView && pageView !== 'fitToWidth' && pageView !== 'oneColumn' && pageView !== 'actualSize') {
      return [{ message: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize' }];
    }
    return undefined;
  }
}
