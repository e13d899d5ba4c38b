/**
 * Browser bundle entry: a plain <script> tag defines `window['powerbi-client']` (the module namespace)
 * and `window.powerbi` (a Service instance), like the reference bundle. When `window.powerbi` is already
 * taken and `window.powerBISDKGlobalServiceInstanceName` names another global, the service goes there.
 * Under CommonJS (a UMD-style footer added by the build) the namespace is also `module.exports`.
 */

import * as factories from './factories.js';
import * as client from './index.js';
import { Service } from './service.js';

const globalWindow = window as unknown as Record<string, unknown> & { powerBISDKGlobalServiceInstanceName?: string };
const powerbi = new Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);

globalWindow['powerbi-client'] = client;
if (globalWindow.powerbi && globalWindow.powerBISDKGlobalServiceInstanceName) {
  globalWindow[globalWindow.powerBISDKGlobalServiceInstanceName] = powerbi;
} else {
  globalWindow.powerbi = powerbi;
}
export default client;
