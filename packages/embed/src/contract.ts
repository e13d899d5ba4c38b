import type * as models from './models/index.js';
import type { HttpPostMessage, IHttpPostMessageResponse } from './protocol/index.js';

/**
 * What the embed classes need from each other and from the service, as types only. The service creates the
 * embeds and the report creates its pages, so the classes below them name these interfaces instead of importing
 * the classes above them: every import in the library points down.
 */

/** An event routed from the frame to an embed. */
export interface IEvent<T> {
  type: string;
  id: string;
  name: string;
  value: T;
}

/** The DOM event handlers receive; `detail` carries the event body. */
export interface ICustomEvent<T> extends CustomEvent {
  detail: T;
}

/** An event handler. @example const handler: IEventHandler<unknown> = (event) => console.log(event.detail); */
export type IEventHandler<T> = (event: ICustomEvent<T>) => unknown;

/** The service as a page, visual or bookmark manager uses it: the channel to the frame. */
export interface IService {
  hpm: HttpPostMessage;
}

/** The service as an embed uses it (`Service` implements it). */
export interface IEmbedService extends IService {
  /** Global access token used when neither the configuration nor the element has one. */
  accessToken?: string;
  getNumberOfComponents(): number;
  getSdkSessionId(): string;
  getSDKVersion(): string;
}

/** A report as its pages see it. */
export interface IReportNode {
  iframe: HTMLIFrameElement;
  service: IService;
  config: models.IEmbedConfiguration | models.IReportEmbedConfiguration;
}

/** A page as its visuals see it. */
export interface IPageNode {
  report: IReportNode;
  name: string;
}

/** The report's layout calls that a page and a visual forward to (`Report` implements them). */
export interface IReportLayout {
  setVisualDisplayState(
    pageName: string,
    visualName: string,
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>>;
  moveVisual(pageName: string, visualName: string, x: number, y: number, z?: number): Promise<IHttpPostMessageResponse<void>>;
  resizeVisual(pageName: string, visualName: string, width: number, height: number): Promise<IHttpPostMessageResponse<void>>;
  resizeActivePage(pageSizeType: models.PageSizeType, width?: number, height?: number): Promise<IHttpPostMessageResponse<void>>;
}
