import type { IPageNode, IReportLayout } from './contract.js';
import type { IFilterable } from './ifilterable.js';
import * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';

/** What a visual is. */
export interface IVisualNode {
  name: string;
  title: string;
  type: string;
  layout: models.IVisualLayout;
  page: IPageNode;
}

const bodyOf = (response: unknown): unknown => (response as IHttpPostMessageResponse<unknown>)?.body;

/**
 * A visual on a page: visual-level filters, slicer state, export, clone, sort and layout.
 *
 * @example
 * const visual = await page.getVisualByName('VisualContainer1');
 * const result = await visual.exportData(models.ExportDataType.Summarized, 100);
 */
export class VisualDescriptor implements IVisualNode, IFilterable {
  name: string;
  title: string;
  type: string;
  layout: models.IVisualLayout;
  page: IPageNode;

  constructor(page: IPageNode, name: string, title: string, type: string, layout: models.IVisualLayout) {
    this.name = name;
    this.title = title;
    this.type = type;
    this.layout = layout;
    this.page = page;
  }

  private get base(): string {
    return `/report/pages/${this.page.name}/visuals/${this.name}`;
  }

  private get uid(): { uid: unknown } {
    return { uid: this.page.report.config.uniqueId };
  }

  private get frameWindow(): Window {
    return this.page.report.iframe.contentWindow as Window;
  }

  private get hpm() {
    return this.page.report.service.hpm;
  }

  private async send<T>(call: Promise<IHttpPostMessageResponse<T>>): Promise<IHttpPostMessageResponse<T>> {
    try {
      return await call;
    } catch (response) {
      throw bodyOf(response);
    }
  }

  /**
   * Gets the visual-level filters.
   * @example const filters = await visual.getFilters();
   */
  async getFilters(): Promise<models.IFilter[]> {
    const response = await this.send(this.hpm.get<models.IFilter[]>(`${this.base}/filters`, this.uid, this.frameWindow));
    return response.body;
  }

  /**
   * Adds, replaces or removes visual-level filters.
   * @example await visual.updateFilters(models.FiltersOperations.Add, [filter]);
   */
  async updateFilters(operation: models.FiltersOperations, filters?: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    const updateFiltersRequest: models.IUpdateFiltersRequest = { filtersOperation: operation, filters };
    return this.send(this.hpm.post<void>(`${this.base}/filters`, updateFiltersRequest, this.uid, this.frameWindow));
  }

  /**
   * Removes every visual-level filter.
   * @example await visual.removeFilters();
   */
  async removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.updateFilters(models.FiltersOperations.RemoveAll);
  }

  /**
   * Replaces the visual-level filters.
   * @example await visual.setFilters([filter]);
   */
  async setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    return this.send(this.hpm.put<void>(`${this.base}/filters`, filters, this.uid, this.frameWindow));
  }

  /**
   * Exports the visual's data.
   * @example const { data } = await visual.exportData(models.ExportDataType.Underlying, 500);
   */
  async exportData(exportDataType?: models.ExportDataType, rows?: number): Promise<models.IExportDataResult> {
    const exportDataRequestBody: models.IExportDataRequest = { rows, exportDataType };
    const response = await this.send(
      this.hpm.post<models.IExportDataResult>(`${this.base}/exportData`, exportDataRequestBody, this.uid, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Sets the state of a slicer visual.
   * @example await visual.setSlicerState({ filters: [filter] });
   */
  async setSlicerState(state: models.ISlicerState): Promise<IHttpPostMessageResponse<void>> {
    return this.send(this.hpm.put<void>(`${this.base}/slicer`, state, this.uid, this.frameWindow));
  }

  /**
   * Gets the state of a slicer visual.
   * @example const state = await visual.getSlicerState();
   */
  async getSlicerState(): Promise<models.ISlicerState> {
    const response = await this.send(this.hpm.get<models.ISlicerState>(`${this.base}/slicer`, this.uid, this.frameWindow));
    return response.body;
  }

  /**
   * Clones the visual.
   * @example const { visualName } = await visual.clone();
   */
  async clone(request: models.ICloneVisualRequest = {}): Promise<models.ICloneVisualResponse> {
    const response = await this.send(
      this.hpm.post<models.ICloneVisualResponse>(`${this.base}/clone`, request, this.uid, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Sorts the visual.
   * @example await visual.sortBy({ orderBy: { table: 't', measure: 'm' }, direction: models.SortDirection.Descending });
   */
  async sortBy(request: models.ISortByVisualRequest): Promise<IHttpPostMessageResponse<void>> {
    return this.send(this.hpm.put<void>(`${this.base}/sortBy`, request, this.uid, this.frameWindow));
  }

  /**
   * Moves the visual.
   * @example await visual.moveVisual(10, 20);
   */
  async moveVisual(x: number, y: number, z?: number): Promise<IHttpPostMessageResponse<void>> {
    return (this.page.report as unknown as IReportLayout).moveVisual(this.page.name, this.name, x, y, z);
  }

  /**
   * Shows or hides the visual.
   * @example await visual.setVisualDisplayState(models.VisualContainerDisplayMode.Hidden);
   */
  async setVisualDisplayState(displayState: models.VisualContainerDisplayMode): Promise<IHttpPostMessageResponse<void>> {
    return (this.page.report as unknown as IReportLayout).setVisualDisplayState(this.page.name, this.name, displayState);
  }

  /**
   * Resizes the visual.
   * @example await visual.resizeVisual(300, 200);
   */
  async resizeVisual(width: number, height: number): Promise<IHttpPostMessageResponse<void>> {
    return (this.page.report as unknown as IReportLayout).resizeVisual(this.page.name, this.name, width, height);
  }

  /**
   * Gets the visual's smart narrative insights.
   * @example const insights = await visual.getSmartNarrativeInsights();
   */
  async getSmartNarrativeInsights(): Promise<models.ISmartNarratives> {
    const response = await this.send(
      this.hpm.get<models.ISmartNarratives>(`${this.base}/smartNarrativeInsights`, this.uid, this.frameWindow),
    );
    return response.body;
  }
}
