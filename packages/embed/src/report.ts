import { BookmarksManager } from './bookmarks-manager.js';
import type { IEmbedService, IReportNode } from './contract.js';
import { Embed, type IEmbedConfigurationBase } from './embed.js';
import * as errors from './errors.js';
import type { IFilterable } from './ifilterable.js';
import * as models from './models/index.js';
import { Page } from './page.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';
import * as utils from './util.js';

/** What a page needs from its report. */
export type { IReportNode } from './contract.js';

type Body<T> = IHttpPostMessageResponse<T>;
const bodyOf = (response: unknown): unknown => (response as Body<unknown>)?.body;

/**
 * An embedded report: pages, filters, settings, bookmarks, themes, zoom, print, refresh, save and layouts.
 *
 * @example
 * const report = powerbi.embed(container, { type: 'report', id, embedUrl, accessToken }) as Report;
 * const pages = await report.getPages();
 * await report.setPage(pages[1].name);
 */
export class Report extends Embed implements IReportNode, IFilterable {
  /** Events a report adds to the common ones ([E4.3]). */
  static allowedEvents = [
    'filtersApplied',
    'pageChanged',
    'commandTriggered',
    'swipeStart',
    'swipeEnd',
    'bookmarkApplied',
    'dataHyperlinkClicked',
    'visualRendered',
    'visualClicked',
    'selectionChanged',
    'renderingStarted',
    'blur',
  ];
  static reportIdAttribute = 'powerbi-report-id';
  static filterPaneEnabledAttribute = 'powerbi-settings-filter-pane-enabled';
  static navContentPaneEnabledAttribute = 'powerbi-settings-nav-content-pane-enabled';
  static typeAttribute = 'powerbi-type';
  static type = 'Report';

  bookmarksManager: BookmarksManager;
  declare config: models.IReportEmbedConfiguration;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ) {
    const config = baseConfig as models.IReportEmbedConfiguration;
    super(service, element, config, iframe, phasedRender, isBootstrap);
    this.loadPath = '/report/load';
    this.phasedLoadPath = '/report/prepare';
    this.allowedEvents.push(...Report.allowedEvents);
    // The bookmarks manager keeps the configuration object the caller passed (as the reference does), so
    // bookmark requests carry that object's uniqueId: none when the caller gave none.
    this.bookmarksManager = new BookmarksManager(service, config, this.iframe);
  }

  /** Extracts the report id from an embed URL. @example Report.findIdFromEmbedUrl('https://app.powerbi.com/reportEmbed?reportId=r1') // 'r1' */
  static findIdFromEmbedUrl(url: string): string | undefined {
    const match = typeof url === 'string' ? url.match(/reportId="?([^&]+)"?/) : null;
    return match ? match[1] : undefined;
  }

  protected get frameWindow(): Window {
    return this.iframe.contentWindow as Window;
  }

  protected get isRDL(): boolean {
    return utils.isRDLEmbed(this.config.embedUrl);
  }

  protected async send<T>(call: Promise<Body<T>>): Promise<Body<T>> {
    try {
      return await call;
    } catch (response) {
      throw bodyOf(response);
    }
  }

  /**
   * Renders a report prepared by a phased load (`powerbi.load`).
   * @example await report.render();
   */
  async render(config?: models.IReportLoadConfiguration | models.IReportEmbedConfiguration): Promise<void> {
    const response = await this.send(
      this.service.hpm.post<void>('/report/render', config, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Adds a page; resolves with it.
   * @example const page = await report.addPage('Summary');
   */
  async addPage(displayName?: string): Promise<Page> {
    const response = await this.send(
      this.service.hpm.post<models.IPage>('/report/addPage', { displayName }, { uid: this.config.uniqueId }, this.frameWindow),
    );
    const page = response.body;
    return new Page(
      this,
      page.name,
      page.displayName,
      page.isActive,
      page.visibility,
      page.defaultSize,
      page.defaultDisplayOption,
    );
  }

  /**
   * Deletes a page.
   * @example await report.deletePage('ReportSection2');
   */
  async deletePage(pageName: string): Promise<void> {
    const response = await this.send(
      this.service.hpm.delete<void>(`/report/pages/${pageName}`, {}, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Renames a page.
   * @example await report.renamePage('ReportSection2', 'Details');
   */
  async renamePage(pageName: string, displayName: string): Promise<void> {
    const page: models.IPage = { name: pageName, displayName };
    const response = await this.send(
      this.service.hpm.put<void>(`/report/pages/${pageName}/name`, page, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Gets the report-level filters.
   * @example const filters = await report.getFilters();
   */
  async getFilters(): Promise<models.IFilter[]> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.get<models.IFilter[]>('/report/filters', { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Adds, replaces or removes report-level filters.
   * @example await report.updateFilters(models.FiltersOperations.Add, [filter]);
   */
  async updateFilters(operation: models.FiltersOperations, filters?: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    const updateFiltersRequest: models.IUpdateFiltersRequest = { filtersOperation: operation, filters };
    return this.send(
      this.service.hpm.post<void>('/report/filters', updateFiltersRequest, { uid: this.config.uniqueId }, this.frameWindow),
    );
  }

  /**
   * Removes every report-level filter.
   * @example await report.removeFilters();
   */
  async removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    return this.updateFilters(models.FiltersOperations.RemoveAll);
  }

  /**
   * Replaces the report-level filters.
   * @example await report.setFilters([filter]);
   */
  async setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    return this.send(this.service.hpm.put<void>('/report/filters', filters, { uid: this.config.uniqueId }, this.frameWindow));
  }

  /**
   * The report id from the configuration, the `powerbi-report-id` attribute or the embed URL ([E5.6], [E8.7]).
   * @example report.getId();
   */
  getId(): string {
    const config = this.config;
    const reportId =
      config.id || this.element.getAttribute(Report.reportIdAttribute) || Report.findIdFromEmbedUrl(config.embedUrl as string);
    if (typeof reportId !== 'string' || reportId.length === 0) {
      throw new Error(
        `Report id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute '${Report.reportIdAttribute}'.`,
      );
    }
    return reportId;
  }

  /**
   * Gets the report's pages.
   * @example const pages = await report.getPages();
   */
  async getPages(): Promise<Page[]> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.get<models.IPage[]>('/report/pages', { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body.map(
      (page) =>
        new Page(
          this,
          page.name,
          page.displayName,
          page.isActive,
          page.visibility,
          page.defaultSize,
          page.defaultDisplayOption,
          page.mobileSize,
          page.background,
          page.wallpaper,
        ),
    );
  }

  /**
   * Gets a page by name; rejects with the not-found code when missing ([E8.6]).
   * @example const page = await report.getPageByName('ReportSection1');
   */
  async getPageByName(pageName: string): Promise<Page> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const pages = await this.getPages();
    const page = pages.find((p) => p.name === pageName);
    if (!page) throw models.CommonErrorCodes.NotFound;
    return page;
  }

  /**
   * Gets the active page.
   * @example const active = await report.getActivePage();
   */
  async getActivePage(): Promise<Page> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const pages = await this.getPages();
    const page = pages.find((p) => p.isActive);
    if (!page) throw models.CommonErrorCodes.NotFound;
    return page;
  }

  /**
   * A page object for a name, without asking the frame.
   * @example await report.page('ReportSection1').setActive();
   */
  page(name: string, displayName?: string, isActive?: boolean, visibility?: models.SectionVisibility): Page {
    return new Page(this, name, displayName, isActive, visibility);
  }

  /**
   * Opens the print dialog.
   * @example await report.print();
   */
  async print(): Promise<void> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.post<void>('/report/print', null, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Makes a page active.
   * @example await report.setPage('ReportSection2');
   */
  async setPage(pageName: string): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const page: models.IPage = { name: pageName, displayName: null as unknown as string, isActive: true };
    return this.send(this.service.hpm.put<void>('/report/pages/active', page, { uid: this.config.uniqueId }, this.frameWindow));
  }

  /**
   * Updates settings (sent as PATCH /report/settings).
   * @example await report.updateSettings({ filterPaneEnabled: false });
   */
  async updateSettings(settings: models.ISettings): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL && settings.customLayout != null) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.patch<void>('/report/settings', settings, { uid: this.config.uniqueId }, this.frameWindow),
    );
    // The known commands follow the settings once the frame accepted them.
    const extensions = settings?.extensions as models.IExtensions | models.IExtension[] | undefined;
    if (Array.isArray(extensions)) {
      this.commands = extensions.map((extension) => extension?.command).filter((c): c is models.ICommandExtension => !!c);
    } else if (extensions) {
      this.commands = extensions.commands ?? this.commands;
      this.groups = extensions.groups ?? this.groups;
    }
    return response;
  }

  /**
   * Validates the configuration (paginated reports use their own rules).
   * @example report.validate(config);
   */
  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    if (utils.isRDLEmbed(config.embedUrl)) return models.validatePaginatedReportLoad(config);
    return models.validateReportLoad(config);
  }

  /**
   * Applies attribute settings and the report id after a configuration change.
   * @example report.configChanged(isBootstrap);
   */
  configChanged(isBootstrap: boolean): void {
    const config = this.config;
    if (this.isMobileSettings(config.settings))
      config.embedUrl = utils.addParamToUrl(config.embedUrl as string, 'isMobile', 'true');
    const filterPaneEnabledAttribute = this.element.getAttribute(Report.filterPaneEnabledAttribute);
    const navContentPaneEnabledAttribute = this.element.getAttribute(Report.navContentPaneEnabledAttribute);
    const elementAttrSettings: models.ISettings = {};
    if (filterPaneEnabledAttribute != null) elementAttrSettings.filterPaneEnabled = filterPaneEnabledAttribute !== 'false';
    if (navContentPaneEnabledAttribute != null)
      elementAttrSettings.navContentPaneEnabled = navContentPaneEnabledAttribute !== 'false';
    config.settings = { ...elementAttrSettings, ...(config.settings as models.ISettings | undefined) };
    if (isBootstrap) return;
    config.id = this.getId();
  }

  /** @example report.getDefaultEmbedUrlEndpoint(); */
  getDefaultEmbedUrlEndpoint(): string {
    return 'reportEmbed';
  }

  /**
   * Switches between view and edit mode ([E4.2]).
   * @example await report.switchMode(models.ViewMode.Edit);
   */
  async switchMode(viewMode: models.ViewMode | string): Promise<void> {
    const mode = typeof viewMode === 'string' ? viewMode : this.viewModeToString(viewMode);
    const response = await this.send(
      this.service.hpm.post<void>(`/report/switchMode/${mode}`, null, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Refreshes the report's data.
   * @example await report.refresh();
   */
  async refresh(): Promise<void> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.post<void>('/report/refresh', null, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * True when there are no unsaved changes.
   * @example if (!(await report.isSaved())) await report.save();
   */
  async isSaved(): Promise<boolean> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.get<boolean>('/report/hasUnsavedChanges', { uid: this.config.uniqueId }, this.frameWindow),
    );
    return !response.body;
  }

  /**
   * Applies a theme.
   * @example await report.applyTheme({ themeJson: { name: 'dark' } });
   */
  async applyTheme(theme: models.IReportTheme): Promise<void> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    return this.applyThemeInternal(theme);
  }

  /**
   * Resets the theme to the default.
   * @example await report.resetTheme();
   */
  async resetTheme(): Promise<void> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    return this.applyThemeInternal({} as models.IReportTheme);
  }

  /**
   * Gets the current theme.
   * @example const theme = await report.getTheme();
   */
  async getTheme(): Promise<models.IReportTheme> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const response = await this.send(
      this.service.hpm.get<models.IReportTheme>('/report/theme', { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Resets the user's persistent filters.
   * @example await report.resetPersistentFilters();
   */
  async resetPersistentFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.send(this.service.hpm.delete<void>('/report/userState', null, { uid: this.config.uniqueId }, this.frameWindow));
  }

  /**
   * Saves the user's filters as persistent.
   * @example await report.savePersistentFilters();
   */
  async savePersistentFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.send(this.service.hpm.post<void>('/report/userState', null, { uid: this.config.uniqueId }, this.frameWindow));
  }

  /**
   * True when persistent filters are applied.
   * @example const applied = await report.arePersistentFiltersApplied();
   */
  async arePersistentFiltersApplied(): Promise<boolean> {
    const response = await this.send(
      this.service.hpm.get<boolean>('/report/isUserStateApplied', { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Removes a context-menu command; rejects with the not-found code when missing ([E8.6]).
   * @example await report.removeContextMenuCommand('drill', 'Drill here');
   */
  async removeContextMenuCommand(commandName: string, contextMenuTitle: string): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const commandCopy = JSON.parse(JSON.stringify(this.commands)) as models.ICommandExtension[];
    const indexToRemove = this.findCommandMenuIndex('visualContextMenu', commandCopy, contextMenuTitle);
    if (indexToRemove === -1) throw models.CommonErrorCodes.NotFound;
    delete commandCopy[indexToRemove].extend.visualContextMenu;
    const newSetting: models.ISettings = { extensions: { commands: commandCopy, groups: this.groups } };
    return this.updateSettings(newSetting);
  }

  /**
   * Adds a context-menu command (default location Bottom, [S9.7]).
   * @example await report.addContextMenuCommand('drill', 'Drill', 'Drill here');
   */
  async addContextMenuCommand(
    commandName: string,
    commandTitle: string,
    contextMenuTitle?: string,
    menuLocation?: models.MenuLocation,
    visualName?: string,
    visualType?: string,
    groupName?: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const newCommands = this.createMenuCommand(
      'visualContextMenu',
      commandName,
      commandTitle,
      contextMenuTitle,
      menuLocation,
      visualName,
      visualType,
      groupName,
    );
    return this.updateSettings({ extensions: { commands: newCommands, groups: this.groups } });
  }

  /**
   * Removes an options-menu command.
   * @example await report.removeOptionsMenuCommand('export', 'Export');
   */
  async removeOptionsMenuCommand(commandName: string, optionsMenuTitle: string): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const commandCopy = JSON.parse(JSON.stringify(this.commands)) as models.ICommandExtension[];
    const indexToRemove = this.findCommandMenuIndex('visualOptionsMenu', commandCopy, optionsMenuTitle);
    if (indexToRemove === -1) throw models.CommonErrorCodes.NotFound;
    delete commandCopy[indexToRemove].extend.visualOptionsMenu;
    delete commandCopy[indexToRemove].icon;
    return this.updateSettings({ extensions: { commands: commandCopy, groups: this.groups } });
  }

  /**
   * Adds an options-menu command (with an optional icon).
   * @example await report.addOptionsMenuCommand('export', 'Export', 'Export data');
   */
  async addOptionsMenuCommand(
    commandName: string,
    commandTitle: string,
    optionsMenuTitle?: string,
    menuLocation?: models.MenuLocation,
    visualName?: string,
    visualType?: string,
    groupName?: string,
    commandIcon?: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    const newCommands = this.createMenuCommand(
      'visualOptionsMenu',
      commandName,
      commandTitle,
      optionsMenuTitle,
      menuLocation,
      visualName,
      visualType,
      groupName,
      commandIcon,
    );
    return this.updateSettings({ extensions: { commands: newCommands, groups: this.groups } });
  }

  /**
   * Shows or hides a visual ([E4.2]).
   * @example await report.setVisualDisplayState('ReportSection1', 'VisualContainer1', models.VisualContainerDisplayMode.Hidden);
   */
  async setVisualDisplayState(
    pageName: string,
    visualName: string,
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>> {
    await this.validateVisual(pageName, visualName);
    const visualLayout: models.IVisualLayout = { displayState: { mode: displayState } };
    return this.updateSettings(this.buildLayoutSettingsObject(pageName, visualName, visualLayout));
  }

  /**
   * Resizes a visual.
   * @example await report.resizeVisual('ReportSection1', 'VisualContainer1', 300, 200);
   */
  async resizeVisual(
    pageName: string,
    visualName: string,
    width: number,
    height: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    await this.validateVisual(pageName, visualName);
    return this.updateSettings(this.buildLayoutSettingsObject(pageName, visualName, { width, height }));
  }

  /**
   * Resizes the active page ([E4.2]).
   * @example await report.resizeActivePage(models.PageSizeType.Custom, 1200, 800);
   */
  async resizeActivePage(
    pageSizeType: models.PageSizeType,
    width?: number,
    height?: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    const pageSize: models.ICustomPageSize = { type: pageSizeType, width, height };
    const newSettings: models.ISettings = { layoutType: models.LayoutType.Custom, customLayout: { pageSize } };
    return this.updateSettings(newSettings);
  }

  /**
   * Moves a visual.
   * @example await report.moveVisual('ReportSection1', 'VisualContainer1', 10, 20);
   */
  async moveVisual(
    pageName: string,
    visualName: string,
    x: number,
    y: number,
    z?: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    await this.validateVisual(pageName, visualName);
    return this.updateSettings(this.buildLayoutSettingsObject(pageName, visualName, { x, y, z }));
  }

  /**
   * Switches the layout type; mobile/desktop switches are refused ([E4.2], [E8.5]).
   * @example await report.switchLayout(models.LayoutType.Custom);
   */
  async switchLayout(layoutType: models.LayoutType): Promise<IHttpPostMessageResponse<void>> {
    const isInitialMobile = this.isMobileSettings({ layoutType: this.initialLayoutType });
    const isNewMobile = this.isMobileSettings({ layoutType });
    if (isInitialMobile !== isNewMobile) throw errors.SWITCH_LAYOUT_NOT_SUPPORTED;
    const newSetting: models.ISettings = { layoutType };
    const response = await this.updateSettings(newSetting);
    this.initialLayoutType = layoutType;
    return response;
  }

  private createMenuCommand(
    type: 'visualContextMenu' | 'visualOptionsMenu',
    commandName: string,
    commandTitle: string,
    menuTitle?: string,
    menuLocation?: models.MenuLocation,
    visualName?: string,
    visualType?: string,
    groupName?: string,
    icon?: string,
  ): models.ICommandExtension[] {
    const newCommandObj: models.ICommandExtension = {
      name: commandName,
      title: commandTitle,
      extend: {},
    };
    newCommandObj.extend[type] = {
      title: menuTitle || commandTitle,
      menuLocation: menuLocation || models.MenuLocation.Bottom,
    } as models.IMenuExtension;
    if (groupName) {
      const ext = newCommandObj.extend[type] as models.IFlatMenuExtension & { groupName?: string };
      delete ext.menuLocation;
      ext.groupName = groupName;
    }
    if (visualName) newCommandObj.selector = { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName };
    if (visualType) newCommandObj.selector = { $schema: 'http://powerbi.com/product/schema#visualTypeSelector', visualType };
    if (icon) newCommandObj.icon = icon;
    return [...this.commands, newCommandObj];
  }

  private findCommandMenuIndex(
    type: 'visualContextMenu' | 'visualOptionsMenu',
    commands: models.ICommandExtension[],
    menuTitle: string,
  ): number {
    let foundIndex = -1;
    commands.some((command, index) => {
      const menu = command.extend?.[type] as models.IMenuExtensionBase | undefined;
      if (menu && menu.title === menuTitle) {
        foundIndex = index;
        return true;
      }
      return false;
    });
    return foundIndex;
  }

  private buildLayoutSettingsObject(pageName: string, visualName: string, visualLayout: models.IVisualLayout): models.ISettings {
    return {
      layoutType: models.LayoutType.Custom,
      customLayout: { pagesLayout: { [pageName]: { visualsLayout: { [visualName]: visualLayout } } } },
    };
  }

  private async validateVisual(pageName: string, visualName: string): Promise<void> {
    const page = await this.getPageByName(pageName);
    await page.getVisualByName(visualName);
  }

  private async applyThemeInternal(theme: models.IReportTheme): Promise<void> {
    const response = await this.send(
      this.service.hpm.put<void>('/report/theme', theme, { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  private viewModeToString(viewMode: models.ViewMode): string {
    return viewMode === models.ViewMode.Edit ? 'edit' : 'view';
  }

  private isMobileSettings(settings: models.ISettings | undefined): boolean {
    return (
      !!settings &&
      (settings.layoutType === models.LayoutType.MobileLandscape || settings.layoutType === models.LayoutType.MobilePortrait)
    );
  }

  /**
   * Gets the zoom level.
   * @example const zoom = await report.getZoom();
   */
  async getZoom(): Promise<number> {
    const response = await this.send(
      this.service.hpm.get<number>('/report/zoom', { uid: this.config.uniqueId }, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Sets the zoom level (0.25 to 4, [E5.2]).
   * @example await report.setZoom(1.5);
   */
  async setZoom(zoomLevel: number): Promise<void> {
    await this.updateSettings({ zoomLevel });
  }

  /**
   * Closes every open overlay (menus, tooltips).
   * @example await report.closeAllOverlays();
   */
  async closeAllOverlays(): Promise<void> {
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    // A refusal rejects with the whole response (status, headers, body), as the reference does here.
    const response = await this.service.hpm.post<void>(
      '/report/closeAllOverlays',
      null,
      { uid: this.config.uniqueId },
      this.frameWindow,
    );
    return response.body;
  }

  /**
   * Clears the selection of visuals.
   * @example await report.clearSelectedVisuals(true);
   */
  async clearSelectedVisuals(clearPopOutState?: boolean): Promise<void> {
    const popOut = clearPopOutState === true;
    if (this.isRDL) throw errors.APINotSupportedForRDLError;
    // A refusal rejects with the whole response, as the reference does here.
    const response = await this.service.hpm.post<void>(
      `/report/clearSelectedVisuals/${popOut.toString()}`,
      null,
      { uid: this.config.uniqueId },
      this.frameWindow,
    );
    return response.body;
  }
}
