import sdkConfig from './config.js';
import { HttpPostMessage, MessageProxy, Router } from './protocol/index.js';
import type { IHpmFactory, IRouterFactory, IWpmpFactory } from './service.js';

export type { IHpmFactory, IRouterFactory, IWpmpFactory };

/** Creates the HTTP-style messenger with the sdk headers. @example factories.hpmFactory(wpmp) */
export const hpmFactory: IHpmFactory = (wpmp, defaultTargetWindow, sdkVersion = sdkConfig.version, sdkType = sdkConfig.type) =>
  new HttpPostMessage(wpmp, { 'x-sdk-type': sdkType, 'x-sdk-version': sdkVersion }, defaultTargetWindow);

/** Creates the postMessage proxy. @example factories.wpmpFactory('host', false) */
export const wpmpFactory: IWpmpFactory = (name, logMessages, eventSourceOverrideWindow) =>
  new MessageProxy({ name, logMessages, receiveWindow: eventSourceOverrideWindow ?? window });

/** Creates the router of incoming requests. @example factories.routerFactory(wpmp) */
export const routerFactory: IRouterFactory = (wpmp) => new Router(wpmp);
