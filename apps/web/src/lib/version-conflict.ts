import { useCallback, useState } from 'react';
import { ApiError } from './api-client';

/**
 * Optimistic concurrency (decision 0036): an edit sends the Version its screen read, and the server refuses an edit
 * over a stale version with 409 CONFLICT carrying `current`, the record as it is now. This reads that answer.
 */
export function versionConflictOf<T extends { Version: number }>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'CONFLICT') return null;
  const current = error.problem.current;
  return current && typeof current.Version === 'number' ? (current as T) : null;
}

/**
 * The state of a screen whose save met a newer version: `capture` keeps the record as it is now (true when the
 * error was such a conflict), `clear` forgets it once the user reloaded or saved their values again.
 */
export function useVersionConflict<T extends { Version: number }>() {
  const [current, setCurrent] = useState<T | null>(null);
  const capture = useCallback((error: unknown): boolean => {
    const found = versionConflictOf<T>(error);
    if (found) setCurrent(found);
    return found !== null;
  }, []);
  const clear = useCallback(() => setCurrent(null), []);
  return { current, capture, clear };
}
