/**
 * Optimistic concurrency (decision 0036): the one way a service refuses an edit made over a version that is no
 * longer current. The repository takes the version in the same statement that writes (`... WHERE version = $n`)
 * or locks the row first, so of two edits over the same version exactly one is saved.
 */
import { staleVersionMessage } from '@portal/contracts';
import { DomainError } from './domain-error.js';

/** An edit must carry the version its user read; any other version is stale. */
export function isStaleVersion(p: { seen: number; current: number }): boolean {
  return p.seen !== p.current;
}

/**
 * 409 CONFLICT with `current`: the record as the read returns it now (its Version, and UpdatedBy / UpdatedAt
 * where it keeps them). `field` names the input's version field.
 */
export function staleVersion(what: string, current: Record<string, unknown>, field = 'Version'): DomainError {
  const message = staleVersionMessage(what);
  return new DomainError('CONFLICT', `${message}; reload it, or keep your values and save again`, [{ field, message }], {
    current,
  });
}
