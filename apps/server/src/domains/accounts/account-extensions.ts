import type { FieldValue } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import type { Caller } from '../../platform/operations/types.js';
import type { AccountRow } from './accounts.repository.js';

/** What an account save tells the domains that react to it. */
export interface AccountSavedEvent {
  caller: Caller;
  /** The account as saved. */
  account: AccountRow;
  /** Its field values after the save, keyed "View.Name". */
  values: Record<string, FieldValue>;
  changedKeys: readonly string[];
  /** "Save without provisioning" [A4.2], [A6.4]: the caller asked that nothing be sent to the vendor. */
  skipProvisioning: boolean;
  now: Date;
}

/**
 * A domain built on top of accounts (which every domain depends on, so it cannot import them) adds
 * to the account page through this: values of ExtendedView [A3.1] and work in the transaction of an
 * account save. The provisioning domain is the first; app.ts registers it.
 */
export interface AccountExtension {
  readonly name: string;
  extendedValues?(db: Queryable, account: AccountRow, caller: Caller, now: Date): Promise<Record<string, FieldValue>>;
  afterSave?(db: Queryable, event: AccountSavedEvent): Promise<void>;
}

const extensions = new Map<string, AccountExtension>();

/** Registers an extension once by name (registering the same name again replaces it). */
export function registerAccountExtension(extension: AccountExtension): void {
  extensions.set(extension.name, extension);
}

export async function extendedValuesOf(
  db: Queryable,
  account: AccountRow,
  caller: Caller,
  now: Date,
): Promise<Record<string, FieldValue>> {
  const values: Record<string, FieldValue> = {};
  for (const ext of extensions.values()) {
    if (ext.extendedValues) Object.assign(values, await ext.extendedValues(db, account, caller, now));
  }
  return values;
}

export async function announceSave(db: Queryable, event: AccountSavedEvent): Promise<void> {
  for (const ext of extensions.values()) await ext.afterSave?.(db, event);
}
