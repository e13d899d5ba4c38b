import sdkConfig from './config.js';
import type { IEmbedService, IEvent } from './contract.js';
import { Create } from './create.js';
import { Dashboard } from './dashboard.js';
import {
  Embed,
  type IBootstrapEmbedConfiguration,
  type IDashboardEmbedConfiguration,
  type IEmbedConfiguration,
  type IEmbedConfigurationBase,
  type IQnaEmbedConfiguration,
  type IReportEmbedConfiguration,
  type ITileEmbedConfiguration,
  type IVisualEmbedConfiguration,
} from './embed.js';
import type * as models from './models/index.js';
import { Page } from './page.js';
import type { HttpPostMessage, IRouteRequest, MessageProxy, RouteResponse, Router } from './protocol/index.js';
import { Qna } from './qna.js';
import { QuickCreate } from './quick-create.js';
import { Report } from './report.js';
import { Tile } from './tile.js';
import * as utils from './util.js';
import { Visual } from './visual.js';

export type { ICustomEvent, IEmbedService, IEvent, IEventHandler, IService } from './contract.js';

export type IHpmFactory = (
  wpmp: MessageProxy,
  targetWindow?: Window,
  version?: string,
  type?: string,
  origin?: string,
) => HttpPostMessage;
export type IWpmpFactory = (name?: string, logMessages?: boolean, eventSourceOverrideWindow?: Window) => MessageProxy;
export type IRouterFactory = (wpmp: MessageProxy) => Router;

/** An element that holds an embed. */
export interface IPowerBiElement extends HTMLElement {
  powerBiEmbed: Embed;
}

export interface IDebugOptions {
  logMessages?: boolean;
  wpmpName?: string;
}

/** Service options. */
export interface IServiceConfiguration extends IDebugOptions {
  autoEmbedOnContentLoaded?: boolean;
  onError?: (error: unknown) => unknown;
  version?: string;
  type?: string;
  sdkWrapperVersion?: string;
  /**
   * Accept and answer requests from the frame (events, event hooks) like powerbi-client does: from any
   * window and any origin, and for unique ids no embed of this service has (answered 200, raising
   * nothing). Off by default: then only the iframes of this service's embeds, on their embed URL's
   * origin, are answered, so another window cannot raise events on the host page or call its hooks.
   * Requests to the frame always go to the embed URL's origin (never '*'); see README "Security".
   */
  answerAnyFrame?: boolean;
}

export type IComponentEmbedConfiguration =
  | IReportEmbedConfiguration
  | IDashboardEmbedConfiguration
  | ITileEmbedConfiguration
  | IVisualEmbedConfiguration
  | IQnaEmbedConfiguration;
export type EmbedComponentFactory = (
  service: Service,
  element: HTMLElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
  isBootstrap?: boolean,
) => Embed;

type EmbedClass = {
  type: string;
  new (
    service: Service,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed;
};

/** The configuration as the embed errors show it: a shallow copy whose accessToken is '' (added last when absent). */
const maskToken = (config: unknown): string => JSON.stringify({ ...(config as object), accessToken: '' });

/** Incoming event routes (the frame posts to these; [E2.1]). */
export const EVENT_ROUTES = {
  reportEvents: '/reports/:uniqueId/events/:eventName',
  reportPageEvents: '/reports/:uniqueId/pages/:pageName/events/:eventName',
  reportVisualEvents: '/reports/:uniqueId/pages/:pageName/visuals/:visualName/events/:eventName',
  dashboardEvents: '/dashboards/:uniqueId/events/:eventName',
  tileEvents: '/tile/:uniqueId/events/:eventName',
  qnaEvents: '/qna/:uniqueId/events/:eventName',
  ready: '/ready/:uniqueId',
  eventHooks: '/reports/:uniqueId/eventHooks/:eventName',
} as const;

/**
 * The embedding service: embeds components into elements, keeps track of them and routes the frames'
 * events to them. The browser bundle creates one as `window.powerbi`.
 *
 * @example
 * import { service, factories, models } from '@portal/embed';
 * const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
 * const report = powerbi.embed(container, { type: 'report', id, embedUrl, accessToken, tokenType: models.TokenType.Embed });
 */
export class Service implements IEmbedService {
  private static components: EmbedClass[] = [Tile, Report, Dashboard, Qna, Visual] as unknown as EmbedClass[];
  private static defaultConfig: IServiceConfiguration = {
    autoEmbedOnContentLoaded: false,
    onError: (...args: unknown[]) => console.log(args[0], args.slice(1)),
  };

  /** Global access token used when neither the configuration nor the element has one. */
  accessToken?: string;
  private config: IServiceConfiguration;
  private embeds: Embed[] = [];
  hpm: HttpPostMessage;
  wpmp: MessageProxy;
  router: Router;
  private uniqueSessionId: string;
  private registeredComponents: Record<string, EmbedComponentFactory> = {};
  private readonly contentLoadedListener = (): void => {
    this.init();
  };

  constructor(
    hpmFactory: IHpmFactory,
    wpmpFactory: IWpmpFactory,
    routerFactory: IRouterFactory,
    config: IServiceConfiguration = {},
  ) {
    this.wpmp = wpmpFactory(config.wpmpName, config.logMessages);
    this.wpmp.setTargetOriginResolver?.((target) => this.targetOriginOf(target));
    this.hpm = hpmFactory(this.wpmp, undefined, config.version, config.type);
    this.router = routerFactory(this.wpmp);
    this.uniqueSessionId = utils.generateUUID();
    this.registerRoutes();
    this.config = { ...Service.defaultConfig, ...config };
    if (this.config.sdkWrapperVersion) this.hpm.defaultHeaders['x-sdk-wrapper-version'] = this.config.sdkWrapperVersion;
    if (this.config.autoEmbedOnContentLoaded) this.enableAutoEmbed();
  }

  private registerRoutes(): void {
    const eventRoute =
      (type: string) =>
      (req: IRouteRequest, res: RouteResponse): void => {
        if (!this.isFromEmbedFrame(req)) {
          res.decline();
          return;
        }
        this.handleEvent({ type, id: req.params.uniqueId, name: req.params.eventName, value: req.body });
      };
    // Event hooks exist for reports (and single visuals) and quick-create, as in the reference; a hook
    // the embed lacks is answered 404, an unknown hook name 200 with no body.
    this.router.post(EVENT_ROUTES.eventHooks, async (req, res) => {
      const embed = this.embeds.find(
        (e) => e.config.uniqueId === req.params.uniqueId && (e instanceof Report || e instanceof QuickCreate),
      );
      if (!embed || !this.isFromEmbedFrame(req)) {
        res.decline();
        return;
      }
      const hooks = embed.eventHooks;
      const name = req.params.eventName;
      if ((name === 'preQuery' && embed instanceof Report) || name === 'newAccessToken') {
        const body = (req.body || {}) as Record<string, unknown>;
        body.report = embed;
        req.body = body;
        const hook = name === 'preQuery' ? hooks?.applicationContextProvider : hooks?.accessTokenProvider;
        await this.invokeSDKHook(hook as (...args: unknown[]) => unknown, req, res);
      }
    });
    this.router.post(EVENT_ROUTES.reportEvents, eventRoute('report'));
    this.router.post(EVENT_ROUTES.reportPageEvents, eventRoute('report'));
    this.router.post(EVENT_ROUTES.reportVisualEvents, eventRoute('report'));
    this.router.post(EVENT_ROUTES.dashboardEvents, eventRoute('dashboard'));
    this.router.post(EVENT_ROUTES.tileEvents, (req, res) => {
      if (!this.isFromEmbedFrame(req)) {
        res.decline();
        return;
      }
      this.handleTileEvents({ type: 'tile', id: req.params.uniqueId, name: req.params.eventName, value: req.body });
    });
    this.router.post(EVENT_ROUTES.qnaEvents, eventRoute('qna'));
    this.router.post(EVENT_ROUTES.ready, (req, res) => {
      if (!this.isFromEmbedFrame(req)) {
        res.decline();
        return;
      }
      this.handleEvent({ type: 'report', id: req.params.uniqueId, name: 'ready', value: req.body });
    });
  }

  /**
   * Incoming requests are accepted only for an embed of this service, from that embed's frame and on the
   * embed URL's origin; anything else is left unanswered.
   */
  private isFromEmbedFrame(req: IRouteRequest): boolean {
    if (this.config.answerAnyFrame) return true;
    // Any iframe of an embed with this unique id (two embeds may share one, e.g. a config copied from
    // another embed), on that embed's origin.
    return this.embeds.some((embed) => {
      if (embed.config.uniqueId !== req.params.uniqueId) return false;
      const frameWindow = embed.iframe?.contentWindow ?? null;
      if (!frameWindow || req.from.source !== frameWindow) return false;
      const expected = utils.originOf(embed.iframe?.getAttribute('src') ?? (embed.config.embedUrl as string));
      return expected === '*' || !req.from.origin || req.from.origin === expected;
    });
  }

  private targetOriginOf(target: Window): string {
    const embed = this.embeds.find((e) => e.iframe?.contentWindow === target);
    const src = embed?.iframe?.getAttribute('src');
    return utils.originOf(src);
  }

  /**
   * Embeds a report-creation experience.
   * @example powerbi.createReport(container, { datasetId, embedUrl, accessToken });
   */
  createReport(element: HTMLElement, config: IEmbedConfiguration | models.IReportCreateConfiguration): Embed {
    config.type = 'create';
    const powerBiElement = element as IPowerBiElement;
    const component = new Create(this, element, config as models.IReportCreateConfiguration);
    powerBiElement.powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /**
   * Embeds a quick-create experience.
   * @example powerbi.quickCreate(container, { embedUrl, accessToken, datasetCreateConfig });
   */
  quickCreate(element: HTMLElement, config: models.IQuickCreateConfiguration): Embed {
    config.type = 'quickCreate';
    const powerBiElement = element as IPowerBiElement;
    const component = new QuickCreate(this, element, config);
    powerBiElement.powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /**
   * Embeds every element under `container` that has a `powerbi-embed-url` attribute.
   * @example powerbi.init(document.body);
   */
  init(container?: HTMLElement, config?: IEmbedConfiguration): Embed[] {
    const root = container ?? document.body;
    const elements = Array.prototype.slice.call(root.querySelectorAll(`[${Embed.embedUrlAttribute}]`)) as HTMLElement[];
    return elements.map((element) => this.embed(element, config ? { ...config } : undefined));
  }

  /**
   * Embeds a component into an element; configuration values may also come from `powerbi-*` attributes.
   * @example const report = powerbi.embed(container, { type: 'report', id, embedUrl, accessToken });
   */
  embed(element: HTMLElement, config: IComponentEmbedConfiguration | IEmbedConfigurationBase = {}): Embed {
    return this.embedInternal(element, config);
  }

  /**
   * Phased embed: sends prepare instead of load; call `report.render()` afterwards.
   * @example const report = powerbi.load(container, config); await report.render();
   */
  load(element: HTMLElement, config: IComponentEmbedConfiguration | IEmbedConfigurationBase = {}): Embed {
    return this.embedInternal(element, config, true, false);
  }

  /**
   * Creates the iframe early, before the configuration (token, id) is known.
   * @example powerbi.bootstrap(container, { type: 'report', hostname: 'https://app.powerbi.com' });
   */
  bootstrap(element: HTMLElement, config: IComponentEmbedConfiguration | IBootstrapEmbedConfiguration): Embed {
    return this.embedInternal(element, config, false, true);
  }

  /**
   * Shared path of embed, load and bootstrap.
   * @example powerbi.embedInternal(element, config, phasedRender, isBootstrap);
   */
  embedInternal(
    element: HTMLElement,
    config: IComponentEmbedConfiguration | IEmbedConfigurationBase = {},
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed {
    const powerBiElement = element as IPowerBiElement;
    if (powerBiElement.powerBiEmbed) {
      if (isBootstrap)
        throw new Error(`Attempted to bootstrap element ${element.outerHTML}, but the element is already a powerbi element.`);
      return this.embedExisting(element, config as IEmbedConfigurationBase, phasedRender);
    }
    return this.embedNew(element, config as IEmbedConfigurationBase, phasedRender, isBootstrap);
  }

  /**
   * Number of embedded components.
   * @example powerbi.getNumberOfComponents();
   */
  getNumberOfComponents(): number {
    return this.embeds ? this.embeds.length : 0;
  }

  /**
   * Session id sent with load calls.
   * @example powerbi.getSdkSessionId();
   */
  getSdkSessionId(): string {
    return this.uniqueSessionId;
  }

  /** Library version ([S9.7]). @example powerbi.getSDKVersion() // '2.23.1' */
  getSDKVersion(): string {
    return (this.hpm.defaultHeaders['x-sdk-version'] as string) ?? sdkConfig.version;
  }

  private embedNew(element: HTMLElement, config: IEmbedConfigurationBase, phasedRender?: boolean, isBootstrap?: boolean): Embed {
    const componentType = config.type || element.getAttribute(Embed.typeAttribute);
    if (!componentType) {
      throw new Error(
        `Attempted to embed using config ${maskToken(config)} on element ${element.outerHTML}, but could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as '${Embed.typeAttribute}="${Report.type.toLowerCase()}"'.`,
      );
    }
    config.type = componentType;
    const component = this.createEmbedComponent(componentType, element, config, phasedRender, isBootstrap);
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  private createEmbedComponent(
    componentType: string,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed {
    const Component = Service.components.find((component) => componentType === component.type.toLowerCase());
    if (Component) return new Component(this, element, config, phasedRender, isBootstrap);
    // Registered types are matched without regard to case, after the built-in ones.
    const registered = Object.keys(this.registeredComponents).find((name) => name.toLowerCase() === componentType.toLowerCase());
    if (!registered) {
      throw new Error(
        `Attempted to embed component of type: ${componentType} but did not find any matching component.  Please verify the type you specified is intended.`,
      );
    }
    return this.registeredComponents[registered](this, element, config, phasedRender, isBootstrap);
  }

  private embedExisting(element: HTMLElement, config: IEmbedConfigurationBase, phasedRender?: boolean): Embed {
    const component = this.embeds.find((embed) => embed.element === element);
    if (!component) {
      throw new Error(
        `Attempted to embed using config ${maskToken(config)} on element ${element.outerHTML} which already has embedded component associated, but could not find the existing component in the list of active components. This could indicate the embeds list is out of sync with the DOM, or the component is referencing the incorrect HTML element.`,
      );
    }
    if (config.type && config.type.toLowerCase() === 'qna') return this.embedNew(element, config);
    if (typeof config.type === 'string' && config.type !== component.config.type) {
      if (config.type === 'report' && utils.isCreate(component.config.type as string)) {
        const report = new Report(this, element, config, false, false, (element as IPowerBiElement).powerBiEmbed.iframe);
        component.populateConfig(config, false);
        void report.load();
        (element as IPowerBiElement).powerBiEmbed = report;
        this.addOrOverwriteEmbed(report, element);
        return report;
      }
      throw new Error(
        `Embedding on an existing element with a different type than the previous embed object is not supported.  Attempted to embed using config ${maskToken(config)} on element ${element.outerHTML}, but the existing element contains an embed of type: ${this.config.type} which does not match the new type: ${config.type}`,
      );
    }
    component.populateConfig(config, false);
    // A failed reload surfaces as an unhandled rejection with the frame's answer, as in the reference.
    void component.load(phasedRender);
    return component;
  }

  /**
   * Embeds every `powerbi-embed-url` element once the document has loaded.
   * @example powerbi.enableAutoEmbed();
   */
  enableAutoEmbed(): void {
    document.addEventListener('DOMContentLoaded', this.contentLoadedListener, false);
  }

  /**
   * Gets the embed in an element; throws when there is none.
   * @example const report = powerbi.get(container) as Report;
   */
  get(element: HTMLElement): Embed {
    const powerBiElement = element as IPowerBiElement;
    if (!powerBiElement.powerBiEmbed) {
      throw new Error(
        `You attempted to get an instance of powerbi component associated with element: ${element.outerHTML} but there was no associated instance.`,
      );
    }
    return powerBiElement.powerBiEmbed;
  }

  /**
   * Finds an embed by its unique id; returns undefined when there is none.
   * @example const embed = powerbi.find('myReport');
   */
  find(uniqueId: string): Embed | undefined {
    return this.embeds.find((embed) => embed.config.uniqueId === uniqueId);
  }

  /**
   * Adds an embed, replacing one already held for the same element.
   * @example powerbi.addOrOverwriteEmbed(component, element);
   */
  addOrOverwriteEmbed(component: Embed, element: HTMLElement): void {
    this.embeds = this.embeds.filter((embed) => embed.element !== element);
    this.embeds.push(component);
  }

  /**
   * Removes the embed from an element: its iframe, its listeners and its entry in the service.
   * @example powerbi.reset(container);
   */
  reset(element: HTMLElement): void {
    const powerBiElement = element as IPowerBiElement;
    const embed = powerBiElement.powerBiEmbed;
    if (!embed) return;
    utils.remove((x) => x === embed, this.embeds);
    embed.removeAllListeners();
    this.wpmp.forgetWindow(embed.iframe?.contentWindow ?? null);
    delete (powerBiElement as Partial<IPowerBiElement>).powerBiEmbed;
    const iframe = element.querySelector('iframe');
    if (iframe) {
      if (iframe.remove) iframe.remove();
      else iframe.parentElement?.removeChild(iframe);
    }
  }

  /**
   * Raises tile events on the tile embeds they belong to.
   * @example powerbi.handleTileEvents(event);
   */
  handleTileEvents(event: IEvent<unknown>): void {
    if (event.type === 'tile') this.handleEvent(event);
  }

  /**
   * Runs an event hook and answers the frame with its result.
   * @example await powerbi.invokeSDKHook(hook, req, res);
   */
  async invokeSDKHook(hook: (...args: unknown[]) => unknown, req: IRouteRequest, res: RouteResponse): Promise<void> {
    if (!hook) {
      res.send(404, null);
      return;
    }
    try {
      const result = await hook(req.body);
      res.send(200, result);
    } catch (error) {
      res.send(400, null);
      console.error(error);
    }
  }

  /** Raises the event on the first embed with the event's unique id (as the reference does). */
  private handleEvent(event: IEvent<unknown>): void {
    const embed = this.find(event.id);
    if (!embed) return;
    let value = event.value;
    if (event.name === 'pageChanged') {
      const page = (value as { newPage?: models.IPage } | null)?.newPage;
      if (!page) throw new Error("Page model not found at 'event.value.newPage'.");
      value = { ...(value as object), newPage: new Page(embed as unknown as Report, page.name, page.displayName, true) };
    }
    utils.raiseCustomEvent(embed.element, event.name, value);
  }

  /**
   * Creates a hidden iframe that warms the cache for a later embed.
   * @example powerbi.preload({ type: 'report', embedUrl: 'https://app.powerbi.com/reportEmbed' });
   */
  preload(config: IComponentEmbedConfiguration | IEmbedConfigurationBase, element?: HTMLElement): HTMLIFrameElement {
    const embedUrl = (config as IEmbedConfigurationBase).embedUrl as string;
    if (!utils.validateEmbedUrl(embedUrl))
      throw new Error(
        'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL',
      );
    const iframe = document.createElement('iframe');
    iframe.setAttribute('style', 'display:none;');
    iframe.setAttribute('src', embedUrl);
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('allowfullscreen', 'false');
    const node = element ?? document.body;
    node.appendChild(iframe);
    iframe.onload = () => {
      utils.raiseCustomEvent(iframe, 'preloaded', {});
    };
    return iframe;
  }

  /**
   * Sets the sdk type and version headers (used by framework wrappers).
   * @example powerbi.setSdkInfo(type, version);
   */
  setSdkInfo(type: string, version: string): void {
    this.hpm.defaultHeaders['x-sdk-type'] = type;
    this.hpm.defaultHeaders['x-sdk-wrapper-version'] = version;
  }

  /**
   * Registers a custom component type.
   * @example powerbi.register('myType', (service, element, config) => new MyEmbed(service, element, config), ['/my/:uniqueId/events/:eventName']);
   */
  register(componentType: string, embedComponentFactory: EmbedComponentFactory, routerEventUrls: string[]): void {
    if (Service.components.some((component) => componentType.toLowerCase() === component.type.toLowerCase())) {
      throw new Error('The component name is reserved. Cannot register a component with this name.');
    }
    if (Object.keys(this.registeredComponents).some((name) => name.toLowerCase() === componentType.toLowerCase())) {
      throw new Error('A component with this type is already registered.');
    }
    this.registeredComponents[componentType] = embedComponentFactory;
    for (const url of routerEventUrls) {
      if (!url.includes(':uniqueId') || !url.includes(':eventName')) throw new Error('Invalid router event URL');
      this.router.post(url, (req, res) => {
        if (!this.isFromEmbedFrame(req)) {
          res.decline();
          return;
        }
        this.handleEvent({ type: componentType, id: req.params.uniqueId, name: req.params.eventName, value: req.body });
      });
    }
  }

  /**
   * Reports an asynchronous error through the configured onError.
   * @example powerbi.reportError(error);
   */
  reportError(error: unknown): void {
    this.config.onError?.(error);
  }
}
