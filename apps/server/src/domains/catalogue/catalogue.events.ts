import { EventEmitter } from 'node:events';

/**
 * `service-creation-requested`: a CreateService transaction stored a service in state Creating. The
 * creation worker listens so the service is finished right after the response instead of on the
 * next sweep. No payload: the worker picks up every due service.
 */
export const catalogueEvents = new EventEmitter();
catalogueEvents.setMaxListeners(100);
export const SERVICE_CREATION_REQUESTED = 'service-creation-requested';
