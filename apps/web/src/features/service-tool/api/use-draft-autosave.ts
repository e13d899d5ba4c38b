import { DRAFT_AUTOSAVE_INTERVAL_MS, type ServiceDocument, shouldAutosave } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveServiceDraft } from './use-service-draft';

export type AutosaveStatus = { kind: 'idle' } | { kind: 'saved'; added: string } | { kind: 'failed'; message: string };

/**
 * [S4.2], [S9.4] While enabled, every 5 s stores the form as this window's draft when it differs from
 * what was last stored (`baseline` at first: the data the window opened with, or the loaded draft).
 * Stops when disabled or unmounted (the window closed). `settle` waits for a write on its way, so a
 * save that deletes the draft is not followed by a late draft write.
 *
 * Decision 0036: each write sends the draft Version the window read (`version`) or last saved. A write refused
 * because another window saved the draft since goes to `onConflict` (true: it was such a refusal, the window shows
 * it); `keep` then writes the form again over the version that refusal named.
 */
export function useDraftAutosave(p: {
  serviceName: string | null;
  doc: ServiceDocument;
  baseline: ServiceDocument;
  enabled: boolean;
  version: number;
  onConflict: (error: unknown) => boolean;
  /** The Version a write stored, for a form the window reopens later. */
  onSaved: (version: number) => void;
}) {
  const save = useSaveServiceDraft(p.serviceName);
  const docRef = useRef(p.doc);
  docRef.current = p.doc;
  const onConflict = useRef(p.onConflict);
  onConflict.current = p.onConflict;
  const onSaved = useRef(p.onSaved);
  onSaved.current = p.onSaved;
  const lastStored = useRef(p.baseline);
  const version = useRef(p.version);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const mutate = save.mutateAsync;

  const write = useCallback(
    (current: ServiceDocument) => {
      // A refused draft is not sent again until the form changes.
      lastStored.current = current;
      inFlight.current = mutate({ data: current, version: version.current })
        .then((draft) => {
          version.current = draft.Version;
          onSaved.current(draft.Version);
          setStatus({ kind: 'saved', added: draft.Added });
        })
        .catch((error: unknown) =>
          setStatus(
            onConflict.current(error)
              ? { kind: 'idle' }
              : { kind: 'failed', message: error instanceof Error ? error.message : String(error) },
          ),
        )
        .finally(() => {
          inFlight.current = null;
        });
    },
    [mutate],
  );

  useEffect(() => {
    if (!p.enabled) return;
    const timer = setInterval(() => {
      const current = docRef.current;
      if (!shouldAutosave({ current, lastStored: lastStored.current, saving: inFlight.current !== null })) return;
      write(current);
    }, DRAFT_AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [p.enabled, write]);

  const settle = useCallback(async () => {
    await inFlight.current;
  }, []);
  /** Keep my values: store the form now over the version the conflicting draft has. */
  const keep = useCallback(
    async (over: number) => {
      await inFlight.current;
      version.current = over;
      write(docRef.current);
      await inFlight.current;
    },
    [write],
  );
  return { status, settle, keep };
}
