import type { IEmbedService } from './contract.js';
import type { IEmbedConfigurationBase } from './embed.js';
import * as models from './models/index.js';
import type { Page } from './page.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';
import { Report } from './report.js';
import { VisualDescriptor } from './visual-descriptor.js';

/**
 * A single visual of a report embedded on its own. Page and render calls are not available ([E8.6]).
 *
 * @example
 * const visual = powerbi.embed(container, { type: 'visual', id: reportId, embedUrl, accessToken, pageName, visualName }) as Visual;
 * await visual.setFilters([filter], models.FiltersLevel.Visual);
 */
export class Visual extends Report {
  static type = 'visual';
  static GetPagesNotSupportedError = 'Get pages is not supported while embedding a visual.';
  static SetPageNotSupportedError = 'Set page is not supported while embedding a visual.';
  static RenderNotSupportedError = 'render is not supported while embedding a visual.';

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ) {
    super(service, element, baseConfig, phasedRender, isBootstrap, iframe);
  }

  /**
   * Sends the load message with a layout that shows only the chosen visual ([E5.6]).
   * @example await visual.load();
   */
  load(phasedRender?: boolean): Promise<void> {
    const config = this.config as models.IVisualEmbedConfiguration;
    // Not async: a missing page or visual name throws at once, as in the reference.
    if (!config.accessToken) return Promise.resolve();
    if (typeof config.pageName !== 'string' || config.pageName.length === 0)
      throw new Error('Page name is required when embedding a visual.');
    if (typeof config.visualName !== 'string' || config.visualName.length === 0) {
      throw new Error(
        'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
      );
    }
    const width = config.width ? config.width : this.iframe.offsetWidth;
    const height = config.height ? config.height : this.iframe.offsetHeight;
    const pageSize: models.ICustomPageSize = { type: models.PageSizeType.Custom, width, height };
    const pagesLayout: models.PagesLayout = {
      [config.pageName]: {
        defaultLayout: { displayState: { mode: models.VisualContainerDisplayMode.Hidden } },
        visualsLayout: {
          [config.visualName]: {
            displayState: { mode: models.VisualContainerDisplayMode.Visible },
            x: 1,
            y: 1,
            z: 1,
            width: pageSize.width,
            height: pageSize.height,
          },
        },
      },
    };
    config.settings = config.settings || {};
    config.settings.filterPaneEnabled = false;
    config.settings.navContentPaneEnabled = false;
    config.settings.layoutType = models.LayoutType.Custom;
    config.settings.customLayout = { displayOption: models.DisplayOption.FitToPage, pageSize, pagesLayout };
    this.config = config;
    return super.load(phasedRender);
  }

  /**
   * Not supported for a visual: throws at once ([E8.6]).
   * @example await visual.getPages();
   */
  getPages(): Promise<Page[]> {
    throw Visual.GetPagesNotSupportedError;
  }

  /**
   * Not supported for a visual: throws at once ([E8.6]).
   * @example await visual.setPage(pageName);
   */
  setPage(_pageName: string): Promise<IHttpPostMessageResponse<void>> {
    throw Visual.SetPageNotSupportedError;
  }

  /**
   * Not supported for a visual: rejects ([E8.6]).
   * @example await visual.render(config);
   */
  async render(_config?: models.IReportLoadConfiguration | models.IReportEmbedConfiguration): Promise<void> {
    throw Visual.RenderNotSupportedError;
  }

  /**
   * Gets the descriptor of the embedded visual; rejects with the not-found code when missing.
   * @example const descriptor = await visual.getVisualDescriptor();
   */
  async getVisualDescriptor(): Promise<VisualDescriptor> {
    const config = this.config as models.IVisualEmbedConfiguration;
    const response = await this.send(
      this.service.hpm.get<models.IVisual[]>(
        `/report/pages/${config.pageName}/visuals`,
        { uid: config.uniqueId },
        this.frameWindow,
      ),
    );
    const visual = response.body.find((v) => v.name === config.visualName);
    // The reference rejects with no value when the visual is not on the page.
    if (!visual) throw undefined;
    const pageNode = this.page(config.pageName as string);
    return new VisualDescriptor(pageNode, visual.name, visual.title, visual.type, visual.layout);
  }

  /**
   * Gets filters at report, page or visual level (default visual).
   * @example const filters = await visual.getFilters(models.FiltersLevel.Page);
   */
  async getFilters(filtersLevel?: models.FiltersLevel): Promise<models.IFilter[]> {
    const url = this.getFiltersLevelUrl(filtersLevel);
    const response = await this.send(
      this.service.hpm.get<models.IFilter[]>(url, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Updates filters at report, page or visual level (default visual).
   * @example await visual.updateFilters(models.FiltersOperations.Add, [filter], models.FiltersLevel.Report);
   */
  async updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
    filtersLevel?: models.FiltersLevel,
  ): Promise<IHttpPostMessageResponse<void>> {
    const updateFiltersRequest: models.IUpdateFiltersRequest = { filtersOperation: operation, filters };
    const url = this.getFiltersLevelUrl(filtersLevel);
    return this.send(this.service.hpm.post<void>(url, updateFiltersRequest, { uid: this.config.uniqueId }, this.frameWindow));
  }

  /**
   * Replaces filters at report, page or visual level (default visual).
   * @example await visual.setFilters([filter]);
   */
  async setFilters(filters: models.IFilter[], filtersLevel?: models.FiltersLevel): Promise<IHttpPostMessageResponse<void>> {
    const url = this.getFiltersLevelUrl(filtersLevel);
    return this.send(this.service.hpm.put<void>(url, filters, { uid: this.config.uniqueId }, this.frameWindow));
  }

  /**
   * Removes filters at report, page or visual level (default visual).
   * @example await visual.removeFilters(models.FiltersLevel.Page);
   */
  async removeFilters(filtersLevel?: models.FiltersLevel): Promise<IHttpPostMessageResponse<void>> {
    return this.updateFilters(models.FiltersOperations.RemoveAll, undefined, filtersLevel);
  }

  private getFiltersLevelUrl(filtersLevel?: models.FiltersLevel): string {
    const config = this.config as models.IVisualEmbedConfiguration;
    switch (filtersLevel) {
      case models.FiltersLevel.Report:
        return '/report/filters';
      case models.FiltersLevel.Page:
        return `/report/pages/${config.pageName}/filters`;
      default:
        return `/report/pages/${config.pageName}/visuals/${config.visualName}/filters`;
    }
  }
}
