/**
 * Optimistic concurrency (decision 0036). Every record a user edits carries a `Version`: a whole number that
 * moves on with each saved edit. The read returns it, the edit sends it back, and an edit made over a version
 * that is no longer current is refused with 409 CONFLICT carrying the record as it is now, so the screen can say
 * who changed it and when, and let the user reload or keep their values (resubmit over the new version).
 */
import { z } from 'zod';

/** The version of a record as the read returned it; 0 for a record with no saved edit yet (a vendor profile, a credit limit). */
export const RecordVersionSchema = z.number().int().min(0).max(2_147_483_647);

/** Who saved the record last and when (ISO 8601 UTC); null when nobody has yet or the name is unknown. */
export const LastChangeSchema = z.object({
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
});
export type LastChange = z.infer<typeof LastChangeSchema>;

/** The message of a stale edit: the problem's `detail`. */
export function staleVersionMessage(what: string): string {
  return `This ${what} was changed by someone else since you opened it`;
}

/**
 * The 409 problem of a stale edit: code CONFLICT, a field error on the version field, and `current`, the record as
 * the read returns it now (with its Version and, where the record keeps them, UpdatedBy and UpdatedAt).
 */
export const StaleVersionProblemExtraSchema = z.object({
  current: z.record(z.string(), z.unknown()),
});
