import type { Db } from '../../platform/db/db.js';
import { catalogueEvents, SERVICE_CREATION_REQUESTED } from './catalogue.events.js';
import { finishDueCreations } from './catalogue.service.js';

/** How often services still Creating are looked for when no CreateService call announced one. */
export const CREATION_SWEEP_MS = 5000;

/**
 * Carries out asynchronous service creation [S1.1] in this process: right after a CreateService call
 * (on its event) and on a sweep, so a service stored as Creating before a crash or restart is still
 * finished. Runs one pass at a time. docs/decisions/0005-services-catalogue-model.md: moves onto platform/jobs once that exists.
 */
export function createServiceCreationWorker(db: Db, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function pass() {
    do {
      again = false;
      await finishDueCreations(db, new Date());
    } while (again);
  }
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  }
  const listener = () => void run();

  return {
    start() {
      catalogueEvents.on(SERVICE_CREATION_REQUESTED, listener);
      timer = setInterval(listener, CREATION_SWEEP_MS);
      timer.unref();
      void run();
    },
    async stop() {
      catalogueEvents.off(SERVICE_CREATION_REQUESTED, listener);
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
