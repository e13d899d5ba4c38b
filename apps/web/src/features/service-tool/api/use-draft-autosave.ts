import { DRAFT_AUTOSAVE_INTERVAL_MS, type ServiceDocument, shouldAutosave } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveServiceDraft } from './use-service-draft';

export type AutosaveStatus = { kind: 'idle' } | { kind: 'saved'; added: string } | { kind: 'failed'; message: string };

/**
 * [S4.2], [S9.4] While enabled, every 5 s stores the form as this window's draft when it differs from
 * what was last stored (`baseline` at first: the data the window opened with, or the loaded draft).
 * Stops when disabled or unmounted (the window closed). `settle` waits for a write on its way, so a
 * save that deletes the draft is not followed by a late draft write.
 */
export function useDraftAutosave(p: {
  serviceName: string | null;
  doc: ServiceDocument;
  baseline: ServiceDocument;
  enabled: boolean;
}) {
  const save = useSaveServiceDraft(p.serviceName);
  const docRef = useRef(p.doc);
  docRef.current = p.doc;
  const lastStored = useRef(p.baseline);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const mutate = save.mutateAsync;

  useEffect(() => {
    if (!p.enabled) return;
    const timer = setInterval(() => {
      const current = docRef.current;
      if (!shouldAutosave({ current, lastStored: lastStored.current, saving: inFlight.current !== null })) return;
      // A refused draft is not sent again until the form changes.
      lastStored.current = current;
      inFlight.current = mutate(current)
        .then((draft) => setStatus({ kind: 'saved', added: draft.Added }))
        .catch((error: unknown) => setStatus({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }))
        .finally(() => {
          inFlight.current = null;
        });
    }, DRAFT_AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [p.enabled, mutate]);

  const settle = useCallback(async () => {
    await inFlight.current;
  }, []);
  return { status, settle };
}
