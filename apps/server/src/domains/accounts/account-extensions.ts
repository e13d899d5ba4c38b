import type { AccountType, FieldDefinition, FieldError, FieldValue, LayoutPage } from '@portal/contracts';
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
  /**
   * The name of a PL/pgSQL function (created by a migration) that takes the account's id and returns `extendedSql`'s
   * value for it; its body must be `extensionFunctionBody(extendedSql)` (a test compares every registered one with the
   * database). The page's statement then calls the function instead of carrying the expression, so PostgreSQL plans
   * and starts the expression's sub-plans only when the account is of `extendedTypes`, not on every page (issue 13,
   * decision 0067: a typed extension's sub-plans cost about 0.6x a primary-key select on every account type otherwise).
   */
  readonly extendedFunction?: string;
  /**
   * The function's PL/pgSQL body when it is not `extensionFunctionBody(extendedSql)`: one that reads `extendedSql`'s
   * value in steps, so that a part `extendedValues` does not read for this account is not run (PL/pgSQL starts a
   * statement only when it reaches it; issue 13, decision 0076). Its values must be `extendedSql`'s, as
   * `extendedValues` reads them (a test of the extension's domain compares them); the function test compares this
   * text with the database's.
   */
  readonly extendedFunctionBody?: string;
  /**
   * A capability whose holding the function takes as its second argument (a boolean written into the page's text, so
   * one prepared text for each value), so that it can leave out what `extendedValues` reads only for the holders of
   * that capability (issue 13, decision 0076: pricing's exchange-rate facts, read only for BILLING_SHOWPRODUCTPRICE_MARGIN).
   */
  readonly extendedFunctionCapability?: string;
  extendedValues?(facts: unknown, account: AccountRow, caller: Caller, now: Date): Record<string, FieldValue>;
  /**
   * Fields of the domain's own that an account of `extendedTypes` has (decision 0079: a subscription's service fields,
   * view "Service"), from `extendedSql`'s facts on the page; null when it has none. Their values are the account's
   * attributes ("View.Name"), shown and edited like the layout's fields.
   */
  extendedFields?(facts: unknown, account: AccountRow, db: Queryable): ExtendedFields | null | Promise<ExtendedFields | null>;
  /** The same fields for a save, read from the database (a save is not the hot path). */
  fieldsForSave?(db: Queryable, account: AccountRow): Promise<ExtendedFields | null>;
  afterSave?(db: Queryable, event: AccountSavedEvent): Promise<void>;
}

/** Fields an extension adds to an account (`AccountExtension.extendedFields`). */
export interface ExtendedFields {
  definitions: FieldDefinition[];
  /**
   * Where they show: a page named like one of the layout's adds its containers after that page's; any other is a page
   * (a tab) after the layout's.
   */
  pages: LayoutPage[];
  /** Errors beyond each field's own validation, over the values after the save ("View.Name"). */
  check(values: Readonly<Record<string, FieldValue>>): FieldError[];
  /** A changed value as stored (a number for a numeric field, as pricing reads it). */
  stored(key: string, value: FieldValue): FieldValue;
  /**
   * The keys ("View.Name") of every value of these fields that templates may read (`accountFieldValues`: provisioning,
   * upgrades), the fields the page does not show included; never a secret's.
   */
  valueKeys: string[];
}

const extensions = new Map<string, AccountExtension>();

/** Registers an extension once by name (registering the same name again replaces it). */
export function registerAccountExtension(extension: AccountExtension): void {
  extensions.set(extension.name, extension);
}

const withValues = () => [...extensions.values()].filter((e) => e.extendedSql && (e.extendedValues || e.extendedFields));

/** The registered extensions that give their page values through a function (`extendedFunction`). */
export const extensionsWithFunctions = () =>
  withValues().filter((e): e is AccountExtension & { extendedSql: string; extendedFunction: string } =>
    Boolean(e.extendedFunction),
  );

/**
 * The PL/pgSQL body of an extension's `extendedFunction`: `extendedSql` evaluated over the row of the account whose id
 * is the function's one argument. STABLE, so it reads the calling statement's snapshot, as the expression did in it.
 */
export const extensionFunctionBody = (extendedSql: string) =>
  `BEGIN RETURN (SELECT (${extendedSql}) FROM accounts a WHERE a.id = $1); END`;

/** The body an extension's `extendedFunction` must have in the database: its own, else `extensionFunctionBody`. */
export const expectedFunctionBody = (extension: AccountExtension & { extendedSql: string }) =>
  extension.extendedFunctionBody ?? extensionFunctionBody(extension.extendedSql);

/**
 * The select-list items that read every extension's facts for the account whose id is the SQL expression `target`
 * (null on every other row, where PostgreSQL does not evaluate them), named ext_0, ext_1, ... in registration order.
 * An extension with `extendedTypes` is evaluated only when the account's type is one of them (null otherwise): the
 * page's statement finds the account and its type together, so the type is not known when the text is written; an
 * extension with `extendedFunction` is a call of that function (planned only when called), not its expression, with
 * whether `caller` holds its `extendedFunctionCapability` when it names one.
 */
export function extensionColumns(target: string, caller: Caller): string {
  return withValues()
    .map((e, i) => {
      const types = e.extendedTypes?.map((t) => {
        if (!/^[A-Za-z]+$/.test(t)) throw new Error(`not an account type: ${t}`);
        return `'${t}'`;
      });
      const ofType = types ? ` AND a.account_type IN (${types.join(', ')})` : '';
      if (e.extendedFunction && !/^[a-z_][a-z0-9_]*$/.test(e.extendedFunction))
        throw new Error(`not a function name: ${e.extendedFunction}`);
      const held = e.extendedFunctionCapability ? `, ${caller.capabilities.has(e.extendedFunctionCapability)}` : '';
      const value = e.extendedFunction ? `${e.extendedFunction}(a.id${held})` : `(${e.extendedSql})`;
      return `, CASE WHEN a.id = ${target}${ofType} THEN ${value} END AS ext_${i}`;
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

/**
 * The fields the extensions add to the page's account, from a row that carries the columns of `extensionColumns` (an
 * extension may read what its facts do not carry, once, and keep it: decision 0079).
 */
export async function extendedFieldsOf(db: Queryable, row: AccountRow & Record<string, unknown>): Promise<ExtendedFields[]> {
  const found: ExtendedFields[] = [];
  const all = withValues();
  for (const [i, e] of all.entries()) {
    const fields = await e.extendedFields?.(row[`ext_${i}`] ?? null, row, db);
    if (fields && fields.definitions.length > 0) found.push(fields);
  }
  return found;
}

/** The fields the extensions add to an account, for a save. */
export async function fieldsForSaveOf(db: Queryable, account: AccountRow): Promise<ExtendedFields[]> {
  const found: ExtendedFields[] = [];
  for (const e of extensions.values()) {
    if (e.extendedTypes && !e.extendedTypes.includes(account.account_type)) continue;
    const fields = await e.fieldsForSave?.(db, account);
    if (fields && (fields.definitions.length > 0 || fields.valueKeys.length > 0)) found.push(fields);
  }
  return found;
}

export async function announceSave(db: Queryable, event: AccountSavedEvent): Promise<void> {
  for (const ext of extensions.values()) await ext.afterSave?.(db, event);
}
