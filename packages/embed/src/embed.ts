import type { ICustomEvent, IEmbedService, IEvent, IEventHandler } from './contract.js';
import * as errors from './errors.js';
import * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';
import * as utils from './util.js';

export type IBootstrapEmbedConfiguration = models.IBootstrapEmbedConfiguration;
export type IEmbedConfigurationBase = models.IEmbedConfigurationBase;
export type IEmbedConfiguration = models.IEmbedConfiguration;
export type IVisualEmbedConfiguration = models.IVisualEmbedConfiguration;
export type IReportEmbedConfiguration = models.IReportEmbedConfiguration;
export type IDashboardEmbedConfiguration = models.IDashboardEmbedConfiguration;
export type ITileEmbedConfiguration = models.ITileEmbedConfiguration;
export type IQnaEmbedConfiguration = models.IQnaEmbedConfiguration;
export type IQuickCreateConfiguration = models.IQuickCreateConfiguration;
export type IReportCreateConfiguration = models.IReportCreateConfiguration;
export type ILocaleSettings = models.ILocaleSettings;
export type IQnaSettings = models.IQnaSettings;
export type IEmbedSettings = models.ISettings;

/** An internal event subscription. */
export interface IInternalEventHandler<T> {
  test(event: IEvent<T>): boolean;
  handle(event: ICustomEvent<T>): void;
}

/** Headers that identify an embed session on load calls. */
export interface ISessionHeaders {
  uid: string;
  sdkSessionId: string;
  tokenProviderSupplied?: boolean;
  bootstrapped?: boolean;
  sdkVersion?: string;
}

/** De-duplication window for load requests, in milliseconds ([E4.1], [S9.7]). */
export const LOAD_DEDUP_WINDOW_MS = 100;

const dropUndefined = <T extends object>(value: T): T => {
  const copy = { ...value } as Record<string, unknown>;
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  return copy as T;
};

/**
 * Base class of every embedded component (report, dashboard, tile, Q&A, visual, create, quick-create).
 * It owns the iframe, sends the load message once the frame is ready, routes events to handlers and
 * carries the calls common to every kind.
 *
 * @example
 * const report = powerbi.embed(container, { type: 'report', id, embedUrl, accessToken, tokenType: models.TokenType.Embed });
 * report.on('loaded', () => console.log('loaded'));
 */
export abstract class Embed {
  /** Events every embed can raise ([E4.3]). */
  static allowedEvents = ['loaded', 'saved', 'rendered', 'saveAsTriggered', 'error', 'dataSelected', 'buttonClicked', 'info'];
  static accessTokenAttribute = 'powerbi-access-token';
  static embedUrlAttribute = 'powerbi-embed-url';
  static nameAttribute = 'powerbi-name';
  static typeAttribute = 'powerbi-type';
  /** Default host used when bootstrapping without an embed URL ([S9.7]). */
  static defaultEmbedHostName = 'https://app.powerbi.com';
  static type: string;
  /** At most this many components send their configuration early on the frame's ready event ([E4.1], [S9.7]). */
  static maxFrontLoadTimes = 2;

  allowedEvents: string[] = [];
  protected commands: models.ICommandExtension[] = [];
  protected initialLayoutType: models.LayoutType = models.LayoutType.Master;
  groups: models.IMenuGroupExtension[] = [];
  eventHandlers: IInternalEventHandler<unknown>[] = [];
  eventHooks?: models.EventHooks;
  service: IEmbedService;
  element: HTMLElement;
  iframe!: HTMLIFrameElement;
  iframeLoaded = false;
  config!: IEmbedConfigurationBase;
  bootstrapConfig?: IBootstrapEmbedConfiguration | null;
  loadPath!: string;
  phasedLoadPath!: string;
  embedtype: string;
  frontLoadHandler?: () => unknown;
  lastLoadRequest?: Date;
  /** Listeners this embed added to DOM nodes, removed on reset. */
  private readonly domListeners: { target: EventTarget; name: string; listener: EventListener }[] = [];

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    iframe?: HTMLIFrameElement,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    if (utils.autoAuthInEmbedUrl(config.embedUrl)) throw new Error(errors.EmbedUrlNotSupported);
    Object.defineProperty(this, 'domListeners', { enumerable: false });
    this.allowedEvents.push(...Embed.allowedEvents);
    this.service = service;
    this.element = element;
    if (iframe) this.iframe = iframe;
    this.embedtype = String(config.type ?? '').toLowerCase();
    this.populateConfig(config, !!isBootstrap);
    if (utils.isCreate(this.embedtype)) this.setIframe(false, phasedRender, isBootstrap);
    else this.setIframe(true, phasedRender, isBootstrap);
  }

  /**
   * Sends the create message (report creation kinds only).
   * @example await report.create();
   */
  create(): Promise<void> {
    // Thrown at once, not a rejection, with the reference's text.
    throw new Error('no create support');
  }

  /**
   * Saves the report.
   * @example await report.save();
   */
  async save(): Promise<void> {
    try {
      const response = await this.service.hpm.post<void>(
        '/report/save',
        null,
        { uid: this.config.uniqueId },
        this.iframe.contentWindow as Window,
      );
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  /**
   * Saves the report under a new name.
   * @example await report.saveAs({ name: 'Copy of sales' });
   */
  async saveAs(saveAsParameters: models.ISaveAsParameters): Promise<void> {
    try {
      const response = await this.service.hpm.post<void>(
        '/report/saveAs',
        saveAsParameters,
        { uid: this.config.uniqueId },
        this.iframe.contentWindow as Window,
      );
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  /**
   * Gets the correlation id of the last load.
   * @example const id = await report.getCorrelationId();
   */
  async getCorrelationId(): Promise<string> {
    try {
      const response = await this.service.hpm.get<string>(
        '/getCorrelationId',
        { uid: this.config.uniqueId },
        this.iframe.contentWindow as Window,
      );
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  /**
   * Sends the load (or, for a phased report load, prepare) message. Skipped when there is no access
   * token, when the frame is not ready yet, or when another load went out less than 100 ms ago ([E4.1]).
   * @example await powerbi.get(container).load();
   */
  async load(phasedRender?: boolean): Promise<void> {
    if (!this.config.accessToken) {
      console.debug('Power BI SDK iframe is loaded but powerbi.embed is not called yet.');
      return;
    }
    if (!this.iframeLoaded) return;
    const path = phasedRender && this.config.type === 'report' ? this.phasedLoadPath : this.loadPath;
    const headers: ISessionHeaders = dropUndefined({
      uid: this.config.uniqueId as string,
      sdkSessionId: this.service.getSdkSessionId(),
      tokenProviderSupplied: this.eventHooks?.accessTokenProvider ? true : undefined,
      bootstrapped: this.config.bootstrapped,
      sdkVersion: this.service.getSDKVersion(),
    });
    const now = new Date();
    if (this.lastLoadRequest && utils.getTimeDiffInMilliseconds(this.lastLoadRequest, now) < LOAD_DEDUP_WINDOW_MS) return;
    this.lastLoadRequest = now;
    try {
      const response = await this.service.hpm.post<void>(path, this.config, { ...headers }, this.iframe.contentWindow as Window);
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  /**
   * Removes an event handler, or every handler of the event when none is given.
   * @example report.off('loaded');
   */
  off<T>(eventName: string, handler?: IEventHandler<T>): void {
    const fakeEvent: IEvent<unknown> = { name: eventName, type: '', id: '', value: null };
    if (handler) {
      utils.remove((h) => h.test(fakeEvent) && h.handle === (handler as unknown), this.eventHandlers);
      this.element.removeEventListener(eventName, handler as unknown as EventListener);
    } else {
      const matching = this.eventHandlers.filter((h) => h.test(fakeEvent));
      for (const h of matching) {
        utils.remove((x) => x === h, this.eventHandlers);
        this.element.removeEventListener(eventName, h.handle as unknown as EventListener);
      }
    }
  }

  /**
   * Adds an event handler; the event name must be one this kind of embed raises ([E4.3], [E8.7]).
   * @example report.on('pageChanged', (event) => console.log(event.detail.newPage.name));
   */
  on<T>(eventName: string, handler: IEventHandler<T>): void {
    if (this.allowedEvents.indexOf(eventName) === -1) {
      throw new Error(`eventName must be one of ${this.allowedEvents}. You passed: ${eventName}`);
    }
    this.eventHandlers.push({
      test: (event: IEvent<unknown>) => event.name === eventName,
      handle: handler as unknown as (event: ICustomEvent<unknown>) => void,
    });
    this.element.addEventListener(eventName, handler as unknown as EventListener);
  }

  /**
   * Loads the embed again with its current configuration.
   * @example await report.reload();
   */
  async reload(): Promise<void> {
    return this.load();
  }

  /**
   * Replaces the access token (it cannot be empty, [E5.6]); the frame is told through POST /{type}/token.
   * @example await report.setAccessToken(newToken);
   */
  async setAccessToken(accessToken: string): Promise<void> {
    if (!accessToken) throw new Error('Access token cannot be empty');
    let embedType = this.config.type as string;
    embedType =
      embedType === 'create' || embedType === 'visual' || embedType === 'qna' || embedType === 'quickCreate'
        ? 'report'
        : embedType;
    try {
      const response = await this.service.hpm.post<void>(
        `/${embedType}/token`,
        accessToken,
        { uid: this.config.uniqueId },
        this.iframe.contentWindow as Window,
      );
      this.config.accessToken = accessToken;
      this.element.setAttribute(Embed.accessTokenAttribute, accessToken);
      this.service.accessToken = accessToken;
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  private getAccessToken(globalAccessToken: string | undefined): string {
    const accessToken = this.config.accessToken || this.element.getAttribute(Embed.accessTokenAttribute) || globalAccessToken;
    if (!accessToken) {
      throw new Error(
        `No access token was found for element. You must specify an access token directly on the element using attribute '${Embed.accessTokenAttribute}' or specify a global token at: powerbi.accessToken.`,
      );
    }
    return accessToken;
  }

  /**
   * Merges a configuration into the embed (and a pending bootstrap configuration).
   * @example report.populateConfig(config, isBootstrap);
   */
  populateConfig(config: IBootstrapEmbedConfiguration, isBootstrap: boolean): void {
    // A copy, as the reference makes: the caller's object is not changed, so one config embedded twice
    // gets two unique ids (a config copied from another embed's `config` keeps that embed's id).
    this.config = this.bootstrapConfig ? { ...this.bootstrapConfig, ...config } : { ...config };
    this.bootstrapConfig = null;
    this.config.embedUrl = this.getEmbedUrl(isBootstrap);
    this.config.groupId = this.getGroupId();
    this.addLocaleToEmbedUrl(config);
    this.config.uniqueId = this.getUniqueId();
    const extensions = (this.config.settings as models.ISettings | undefined)?.extensions as
      | models.IExtensions
      | models.IExtension[]
      | undefined;
    if (Array.isArray(extensions)) {
      this.commands = extensions.map((extension) => extension?.command).filter((c): c is models.ICommandExtension => !!c);
      this.groups = [];
    } else {
      this.commands = extensions?.commands ?? [];
      this.groups = extensions?.groups ?? [];
    }
    this.initialLayoutType = (this.config.settings as models.ISettings | undefined)?.layoutType ?? models.LayoutType.Master;
    if (isBootstrap) {
      this.bootstrapConfig = this.config;
      this.bootstrapConfig.bootstrapped = true;
    } else {
      this.config.accessToken = this.getAccessToken(this.service.accessToken);
    }
    this.eventHooks = this.config.eventHooks;
    this.validateEventHooks(this.eventHooks);
    delete this.config.eventHooks;
    this.configChanged(isBootstrap);
  }

  private validateEventHooks(eventHooks: models.EventHooks | undefined): void {
    if (!eventHooks) return;
    for (const key of Object.keys(eventHooks) as (keyof models.EventHooks)[]) {
      if (eventHooks[key] && typeof eventHooks[key] !== 'function') throw new Error(`${key} must be a function`);
    }
    if (eventHooks.applicationContextProvider) {
      if (this.embedtype !== 'report') throw new Error('applicationContextProvider is only supported in report embed');
      // The frame calls back before each query only when the URL asks it to.
      this.config.embedUrl = utils.addParamToUrl(this.config.embedUrl as string, 'registerQueryCallback', 'true');
    }
    if (eventHooks.accessTokenProvider) {
      const kindSupported = ['create', 'quickcreate', 'report'].includes(this.embedtype);
      if (!kindSupported || this.config.tokenType !== models.TokenType.Aad) {
        throw new Error('accessTokenProvider is only supported in report SaaS embed');
      }
    }
  }

  private addLocaleToEmbedUrl(config: IEmbedConfigurationBase): void {
    const locale = (config.settings as models.ISettings | undefined)?.localeSettings;
    if (!locale) return;
    if (locale.language) this.config.embedUrl = utils.addParamToUrl(this.config.embedUrl as string, 'language', locale.language);
    if (locale.formatLocale)
      this.config.embedUrl = utils.addParamToUrl(this.config.embedUrl as string, 'formatLocale', locale.formatLocale);
  }

  private getEmbedUrl(isBootstrap: boolean): string {
    let embedUrl = this.config.embedUrl || this.element.getAttribute(Embed.embedUrlAttribute);
    if (isBootstrap && !embedUrl) embedUrl = this.getDefaultEmbedUrl(this.config.hostname);
    if (typeof embedUrl !== 'string' || embedUrl.length === 0) {
      throw new Error(
        `Embed Url is required, but it was not found. You must provide an embed url either as part of embed configuration or as attribute '${Embed.embedUrlAttribute}'.`,
      );
    }
    return embedUrl;
  }

  private getDefaultEmbedUrl(hostname: string | undefined): string {
    // As the reference: lower-cased and trimmed; 'https://' is added unless already there.
    const host = (hostname || Embed.defaultEmbedHostName).toLowerCase().trim();
    const endpoint = this.getDefaultEmbedUrlEndpoint();
    return host.indexOf('https://') === 0 ? `${host}/${endpoint}` : `https://${host}/${endpoint}`;
  }

  private getUniqueId(): string {
    return (this.config.uniqueId as string) || this.element.getAttribute(Embed.nameAttribute) || utils.createRandomString();
  }

  private getGroupId(): string | undefined {
    return (this.config.groupId as string) || Embed.findGroupIdFromEmbedUrl(this.config.embedUrl as string);
  }

  /**
   * The component's id (report id, dashboard id, ...).
   * @example report.getId();
   */
  abstract getId(): string;
  /**
   * Called after the configuration changed.
   * @example report.configChanged(isBootstrap);
   */
  abstract configChanged(isBootstrap: boolean): void;
  /**
   * Path of the default embed URL on the embedding host.
   * @example report.getDefaultEmbedUrlEndpoint();
   */
  abstract getDefaultEmbedUrlEndpoint(): string;

  /**
   * Shows the iframe full screen.
   * @example report.fullscreen();
   */
  fullscreen(): void {
    const frame = this.iframe as HTMLIFrameElement & {
      webkitRequestFullscreen?: () => void;
      mozRequestFullScreen?: () => void;
      msRequestFullscreen?: () => void;
    };
    // As the reference: without any Fullscreen API this throws a TypeError (there is nothing to call).
    const request = (frame.requestFullscreen ||
      frame.msRequestFullscreen ||
      frame.mozRequestFullScreen ||
      frame.webkitRequestFullscreen) as (this: HTMLIFrameElement) => unknown;
    void request.call(frame);
  }

  /**
   * Leaves full screen.
   * @example report.exitFullscreen();
   */
  exitFullscreen(): void {
    if (!this.isFullscreen(this.iframe)) return;
    const doc = document as Document & {
      mozCancelFullScreen?: () => void;
      webkitExitFullscreen?: () => void;
      msExitFullscreen?: () => void;
    };
    const exit = (doc.exitFullscreen || doc.mozCancelFullScreen || doc.webkitExitFullscreen || doc.msExitFullscreen) as (
      this: Document,
    ) => unknown;
    void exit.call(doc);
  }

  private isFullscreen(iframe: HTMLIFrameElement): boolean {
    const doc = document as Document & {
      webkitFullscreenElement?: Element;
      mozFullScreenElement?: Element;
      msFullscreenElement?: Element;
    };
    return [doc.fullscreenElement, doc.webkitFullscreenElement, doc.mozFullScreenElement, doc.msFullscreenElement].some(
      (el) => el === iframe,
    );
  }

  /**
   * Validates the configuration; returns the error list or undefined.
   * @example report.validate(config);
   */
  abstract validate(config: IEmbedConfigurationBase): models.IError[] | undefined;

  /** Adds a DOM listener that `reset` will remove. */
  protected listen(target: EventTarget, name: string, listener: EventListener): void {
    target.addEventListener(name, listener, false);
    this.domListeners.push({ target, name, listener });
  }

  /**
   * Removes every DOM listener and event handler this embed added (used by `Service.reset`).
   * @example report.removeAllListeners();
   */
  removeAllListeners(): void {
    for (const { target, name, listener } of this.domListeners.splice(0)) target.removeEventListener(name, listener, false);
    for (const handler of this.eventHandlers.splice(0)) {
      const names = this.allowedEvents.filter((eventName) => handler.test({ name: eventName, type: '', id: '', value: null }));
      for (const eventName of names) this.element.removeEventListener(eventName, handler.handle as unknown as EventListener);
    }
    this.frontLoadHandler = undefined;
  }

  /** Number of DOM listeners this embed currently holds (for diagnostics and tests). */
  get listenerCount(): number {
    return this.domListeners.length + this.eventHandlers.length;
  }

  private setIframe(isLoad: boolean, phasedRender?: boolean, isBootstrap?: boolean): void {
    if (!this.iframe) {
      const embedUrl = this.config.embedUrl as string;
      if (!utils.validateEmbedUrl(embedUrl)) throw new Error(errors.invalidEmbedUrlErrorMessage);
      const doc = this.element.ownerDocument ?? document;
      const frame = doc.createElement('iframe');
      frame.style.width = '100%';
      frame.style.height = '100%';
      frame.setAttribute(
        'src',
        this.config.uniqueId ? utils.addParamToUrl(embedUrl, 'uid', this.config.uniqueId as string) : embedUrl,
      );
      frame.setAttribute('scrolling', 'no');
      frame.setAttribute('allowfullscreen', 'true');
      while (this.element.firstChild) this.element.removeChild(this.element.firstChild);
      this.element.appendChild(frame);
      this.iframe = frame;
    }
    // A failed load, create or front-load is left to surface as an unhandled rejection carrying the
    // frame's answer ({ message, detailedMessage, errorCode, ... }), exactly as powerbi-client does; the
    // host page sees the failure itself through the 'error' event the frame raises.
    if (isLoad) {
      if (!isBootstrap) {
        const validationErrors = this.validate(this.config);
        if (validationErrors) throw validationErrors;
      }
      this.listen(this.iframe, 'load', () => {
        this.iframeLoaded = true;
        void this.load(phasedRender);
      });
      if (this.service.getNumberOfComponents() <= Embed.maxFrontLoadTimes) {
        this.frontLoadHandler = () => this.frontLoadSendConfig(this.config);
        this.listen(this.element, 'ready', () => {
          void this.frontLoadHandler?.();
        });
      }
    } else {
      this.listen(this.iframe, 'load', () => {
        void this.create();
      });
    }
  }

  /**
   * Sets the iframe's title attribute (accessibility).
   * @example report.setComponentTitle('Sales report');
   */
  setComponentTitle(title: string): void {
    if (this.iframe) {
      if (title == null) this.iframe.removeAttribute('title');
      else this.iframe.setAttribute('title', title);
    }
  }

  /**
   * Sets the tab index of the embed container.
   * @example report.setComponentTabIndex(0);
   */
  setComponentTabIndex(tabIndex?: number): void {
    this.element?.setAttribute('tabindex', tabIndex == null ? '0' : tabIndex.toString());
  }

  /**
   * Removes the tab index of the embed container.
   * @example report.removeComponentTabIndex();
   */
  removeComponentTabIndex(_tabIndex?: number): void {
    this.element?.removeAttribute('tabindex');
  }

  /** Extracts `groupId` from an embed URL. @example Embed.findGroupIdFromEmbedUrl('https://app.powerbi.com/reportEmbed?groupId=g') // 'g' */
  static findGroupIdFromEmbedUrl(url: string): string | undefined {
    const match = typeof url === 'string' ? url.match(/groupId="?([^&]+)"?/) : null;
    return match ? match[1] : undefined;
  }

  private async frontLoadSendConfig(config: IEmbedConfigurationBase): Promise<void> {
    if (!config.accessToken) return;
    const validationErrors = this.validate(config);
    if (validationErrors) throw validationErrors;
    if (!this.iframe?.contentWindow) return;
    try {
      const response = await this.service.hpm.post<void>(
        '/frontload/config',
        config,
        { uid: this.config.uniqueId },
        this.iframe.contentWindow,
      );
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }
}
