export { DEMO_SERVICES, seedDemoServices } from './catalogue.demo.js';
export { catalogueOperations } from './catalogue.operations.js';
export { findProvisioningAction } from './catalogue.repository.js';
export { finishCreation, finishDueCreations } from './catalogue.service.js';
export { createServiceCreationWorker } from './catalogue.worker.js';
export { findServiceFileAttachment } from './files.service.js';
