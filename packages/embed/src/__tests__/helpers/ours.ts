import * as factories from '../../factories.js';
import { Service } from '../../service.js';

/** A fresh Service of ours in the test window. */
export function createService(config = {}): Service {
  return new Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, config);
}

export function makeContainer(doc: Document = document): HTMLDivElement {
  const element = doc.createElement('div');
  doc.body.appendChild(element);
  return element;
}
