import type { AccountType, FieldValue } from '@portal/contracts';
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
 *
 * The page's values come in the statement that loads the account (issue 13: the page in one statement, not one per
 * extension): `extendedSql` is one SQL expression over the account's row, aliased `a` (a.id, a.path,
 * a.account_type, a.product_name, ...), that reads what the extension needs (usually a json object; null when
 * nothing applies to this account). It is evaluated for the page's account only, never for its ancestors, and its
 * value is handed to `extendedValues`, which turns it into ExtendedView values without touching the database.
 */
export interface AccountExtension {
  readonly name: string;
  readonly extendedSql?: string;
  /** The account types `extendedSql` gives anything for (all when absent): the page's statement evaluates it for those only. */
  readonly extendedTypes?: readonly AccountType[];
  extendedValues?(facts: unknown, account: AccountRow, caller: Caller, now: Date): Record<string, FieldValue>;
  afterSave?(db: Queryable, event: AccountSavedEvent): Promise<void>;
}

const extensions = new Map<string, AccountExtension>();

/** Registers an extension once by name (registering the same name again replaces it). */
export function registerAccountExtension(extension: AccountExtension): void {
  extensions.set(extension.name, extension);
}

const withValues = () => [...extensions.values()].filter((e) => e.extendedSql && e.extendedValues);

/**
 * The select-list items that read every extension's facts for the account whose id is the SQL expression `target`
 * (null on every other row, where PostgreSQL does not evaluate them), named ext_0, ext_1, ... in registration order.
 * An extension with `extendedTypes` is evaluated only when the account's type is one of them (null otherwise): the
 * page's statement finds the account and its type together, so the type is not known when the text is written.
 */
export function extensionColumns(target: string): string {
  return withValues()
    .map((e, i) => {
      const types = e.extendedTypes?.map((t) => {
        if (!/^[A-Za-z]+$/.test(t)) throw new Error(`not an account type: ${t}`);
        return `'${t}'`;
      });
      const ofType = types ? ` AND a.account_type IN (${types.join(', ')})` : '';
      return `, CASE WHEN a.id = ${target}${ofType} THEN (${e.extendedSql}) END AS ext_${i}`;
    })
    .join('');
}

/** The ExtendedView values of the extensions, from a row that carries the columns of `extensionColumns`. */
export function extendedValuesOf(
  row: AccountRow & Record<string, unknown>,
  caller: Caller,
  now: Date,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  withValues().forEach((e, i) => {
    Object.assign(values, e.extendedValues?.(row[`ext_${i}`] ?? null, row, caller, now));
  });
  return values;
}

export async function announceSave(db: Queryable, event: AccountSavedEvent): Promise<void> {
  for (const ext of extensions.values()) await ext.afterSave?.(db, event);
}
