import type { IPageNode, IReportLayout, IReportNode } from './contract.js';
import * as errors from './errors.js';
import type { IFilterable } from './ifilterable.js';
import * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';
import * as utils from './util.js';
import { VisualDescriptor } from './visual-descriptor.js';

/** What a visual needs from its page. */
export type { IPageNode } from './contract.js';

const bodyOf = (response: unknown): unknown => (response as IHttpPostMessageResponse<unknown>)?.body;

/**
 * A page of a report: page-level filters, visuals, activation, renaming and resizing.
 *
 * @example
 * const page = await report.getActivePage();
 * const visuals = await page.getVisuals();
 */
export class Page implements IPageNode, IFilterable {
  report: IReportNode;
  name: string;
  displayName?: string;
  isActive?: boolean;
  visibility?: models.SectionVisibility;
  defaultSize?: models.ICustomPageSize;
  mobileSize?: models.ICustomPageSize;
  defaultDisplayOption?: models.DisplayOption;
  background?: models.IPageBackground;
  wallpaper?: models.IPageWallpaper;

  constructor(
    report: IReportNode,
    name: string,
    displayName?: string,
    isActivePage?: boolean,
    visibility?: models.SectionVisibility,
    defaultSize?: models.ICustomPageSize,
    defaultDisplayOption?: models.DisplayOption,
    mobileSize?: models.ICustomPageSize,
    background?: models.IPageBackground,
    wallpaper?: models.IPageWallpaper,
  ) {
    this.report = report;
    this.name = name;
    this.displayName = displayName;
    this.isActive = isActivePage;
    this.visibility = visibility;
    this.defaultSize = defaultSize;
    this.mobileSize = mobileSize;
    this.defaultDisplayOption = defaultDisplayOption;
    this.background = background;
    this.wallpaper = wallpaper;
  }

  private get uid(): { uid: unknown } {
    return { uid: this.report.config.uniqueId };
  }

  private get frameWindow(): Window {
    return this.report.iframe.contentWindow as Window;
  }

  private get isRDL(): boolean {
    return utils.isRDLEmbed(this.report.config.embedUrl);
  }

  private async send<T>(call: Promise<IHttpPostMessageResponse<T>>): Promise<IHttpPostMessageResponse<T>> {
    try {
      return await call;
    } catch (response) {
      throw bodyOf(response);
    }
  }

  /**
   * Gets the smart narrative insights of the page.
   * @example const insights = await page.getSmartNarrativeInsights();
   */
  async getSmartNarrativeInsights(): Promise<models.ISmartNarratives> {
    const response = await this.send(
      this.report.service.hpm.get<models.ISmartNarratives>(
        `/report/pages/${this.name}/smartNarrativeInsights`,
        this.uid,
        this.frameWindow,
      ),
    );
    return response.body;
  }

  /**
   * Gets the page-level filters.
   * @example const filters = await page.getFilters();
   */
  async getFilters(): Promise<models.IFilter[]> {
    const response = await this.send(
      this.report.service.hpm.get<models.IFilter[]>(`/report/pages/${this.name}/filters`, this.uid, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Adds, replaces or removes page-level filters.
   * @example await page.updateFilters(models.FiltersOperations.Replace, [filter]);
   */
  async updateFilters(operation: models.FiltersOperations, filters?: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    const updateFiltersRequest: models.IUpdateFiltersRequest = { filtersOperation: operation, filters };
    return this.send(
      this.report.service.hpm.post<void>(`/report/pages/${this.name}/filters`, updateFiltersRequest, this.uid, this.frameWindow),
    );
  }

  /**
   * Removes every page-level filter.
   * @example await page.removeFilters();
   */
  async removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.updateFilters(models.FiltersOperations.RemoveAll);
  }

  /**
   * Replaces the page-level filters.
   * @example await page.setFilters([filter]);
   */
  async setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    return this.send(
      this.report.service.hpm.put<void>(`/report/pages/${this.name}/filters`, filters, this.uid, this.frameWindow),
    );
  }

  /**
   * Deletes the page.
   * @example await page.delete();
   */
  async delete(): Promise<void> {
    const response = await this.send(
      this.report.service.hpm.delete<void>(`/report/pages/${this.name}`, {}, this.uid, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Makes the page active.
   * @example await page.setActive();
   */
  async setActive(): Promise<IHttpPostMessageResponse<void>> {
    const page: models.IPage = { name: this.name, displayName: null as unknown as string, isActive: true };
    return this.send(this.report.service.hpm.put<void>('/report/pages/active', page, this.uid, this.frameWindow));
  }

  /**
   * Renames the page.
   * @example await page.setDisplayName('Overview');
   */
  async setDisplayName(displayName: string): Promise<IHttpPostMessageResponse<void>> {
    const page: models.IPage = { name: this.name, displayName };
    return this.send(this.report.service.hpm.put<void>(`/report/pages/${this.name}/name`, page, this.uid, this.frameWindow));
  }

  /**
   * Gets the page's visuals.
   * @example const visuals = await page.getVisuals();
   */
  async getVisuals(): Promise<VisualDescriptor[]> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.report.service.hpm.get<models.IVisual[]>(`/report/pages/${this.name}/visuals`, this.uid, this.frameWindow),
    );
    return response.body.map((visual) => new VisualDescriptor(this, visual.name, visual.title, visual.type, visual.layout));
  }

  /**
   * Gets a visual by name; rejects with the not-found code when missing ([E8.6]).
   * @example const visual = await page.getVisualByName('VisualContainer1');
   */
  async getVisualByName(visualName: string): Promise<VisualDescriptor> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.report.service.hpm.get<models.IVisual[]>(`/report/pages/${this.name}/visuals`, this.uid, this.frameWindow),
    );
    const visual = response.body.find((v) => v.name === visualName);
    if (!visual) throw models.CommonErrorCodes.NotFound;
    return new VisualDescriptor(this, visual.name, visual.title, visual.type, visual.layout);
  }

  /**
   * Shows or hides a visual of this page.
   * @example await page.setVisualDisplayState('VisualContainer1', models.VisualContainerDisplayMode.Hidden);
   */
  async setVisualDisplayState(
    visualName: string,
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>> {
    return (this.report as unknown as IReportLayout).setVisualDisplayState(this.name, visualName, displayState);
  }

  /**
   * Moves a visual of this page.
   * @example await page.moveVisual('VisualContainer1', 10, 20);
   */
  async moveVisual(visualName: string, x: number, y: number, z?: number): Promise<IHttpPostMessageResponse<void>> {
    return (this.report as unknown as IReportLayout).moveVisual(this.name, visualName, x, y, z);
  }

  /**
   * Resizes a visual of this page.
   * @example await page.resizeVisual('VisualContainer1', 300, 200);
   */
  async resizeVisual(visualName: string, width: number, height: number): Promise<IHttpPostMessageResponse<void>> {
    return (this.report as unknown as IReportLayout).resizeVisual(this.name, visualName, width, height);
  }

  /**
   * Resizes the page; only the active page can be resized ([E4.2], [E8.4]).
   * @example await page.resizePage(models.PageSizeType.Custom, 1200, 800);
   */
  async resizePage(pageSizeType: models.PageSizeType, width?: number, height?: number): Promise<IHttpPostMessageResponse<void>> {
    if (!this.isActive) throw errors.PAGE_RESIZE_NOT_ACTIVE;
    return (this.report as unknown as IReportLayout).resizeActivePage(pageSizeType, width, height);
  }

  /**
   * Gets the slicers of the page.
   * @example const slicers = await page.getSlicers();
   */
  async getSlicers(): Promise<models.IVisual[]> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.report.service.hpm.get<models.IVisual[]>(`/report/pages/${this.name}/visuals`, this.uid, this.frameWindow),
    );
    return response.body
      .filter((visual) => visual.type === 'slicer')
      .map(
        (visual) =>
          new VisualDescriptor(this, visual.name, visual.title, visual.type, visual.layout) as unknown as models.IVisual,
      );
  }

  /**
   * True when the page has the given layout.
   * @example const hasMobile = await page.hasLayout(models.LayoutType.MobilePortrait);
   */
  async hasLayout(layoutType: models.LayoutType): Promise<boolean> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const layoutTypeEnum = models.LayoutType[layoutType];
    const response = await this.send(
      this.report.service.hpm.get<boolean>(
        `/report/pages/${this.name}/layoutTypes/${layoutTypeEnum}`,
        this.uid,
        this.frameWindow,
      ),
    );
    return response.body;
  }
}
