export { DEMO_SERVICES, seedDemoServices } from './catalogue.demo.js';
export { catalogueOperations } from './catalogue.operations.js';
export { finishCreation, finishDueCreations } from './catalogue.service.js';
export { createServiceCreationWorker } from './catalogue.worker.js';
export { findServiceFileAttachment } from './files.service.js';
