import {
  ACCOUNT_TYPE_CAPABILITY,
  type Account,
  type AccountType,
  creatableChildTypes,
  type FieldDefinition,
  type FieldValue,
  type LayoutPage,
  ORDERS_READ_CAPABILITY_KEYS,
  type TreeNode,
} from '@portal/contracts';
import { writeAudit } from '../../platform/audit/write-audit.js';
import type { Db, Queryable } from '../../platform/db/db.js';
import { phase } from '../../platform/db/query-stats.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { isInScope, pathIds } from '../../platform/tenancy/scope.js';
import {
  announceSave,
  type ExtendedFields,
  extendedFieldsOf,
  extendedValuesOf,
  extensionColumns,
  fieldsForSaveOf,
} from './account-extensions.js';
import { BUILT_ACCOUNT_TABS } from './account-tabs.js';
import { decideAccountTabs, TAB_DISPLAY_NAMES } from './account-tabs.rules.js';
import * as repo from './accounts.repository.js';
import { decideMove, decideTermination, decideUpdate, viewsFromDefinitions } from './accounts.rules.js';
import { typeLayout } from './layout-cache.js';

const ORGANISATION_TYPES: readonly AccountType[] = ['Company', 'Reseller', 'Provider'];

/** Current values of an account keyed "View.Name". */
function currentValues(row: repo.AccountRow, keys: readonly string[]): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const key of keys) {
    const column = repo.COLUMN_FIELDS[key];
    const raw = column ? row[column] : row.attributes[key];
    values[key] = raw instanceof Date ? raw.toISOString() : ((raw ?? null) as FieldValue);
  }
  return values;
}

export function hasTypeCapability(caller: Caller, type: AccountType, kind: 'UPDATE' | 'DELETE'): boolean {
  const t = type === 'Provider' ? 'Reseller' : type;
  return caller.capabilities.has(`${ACCOUNT_TYPE_CAPABILITY[t as keyof typeof ACCOUNT_TYPE_CAPABILITY]}_${kind}`);
}

/**
 * The account page. With `admit` (LoadAccountById: the operation layer's tenant and capability guard, decision 0063)
 * the account and everything above it come in one statement that finds the account only inside the caller's scope
 * (the guard's lookup folded in), and `admit` judges what it found before anything else is done; without it (the
 * answer of a save, already guarded) the account and its ancestry are read separately. `admit` throws the guard's
 * 404 for nothing found and its 403 for a missing capability.
 */
export async function loadAccount(
  db: Queryable,
  caller: Caller,
  id: number,
  now: Date,
  admit?: (located: LocatedAccount | null) => void,
): Promise<Account> {
  let chain: repo.AncestryRow[] | null = null;
  let row: repo.PageRow | null = null;
  const extensions = (target: string) => extensionColumns(target, caller);
  if (admit) {
    const found = await repo.findInScopeWithAncestors(db, id, caller.scope.rootPath, extensions);
    row = found.account;
    chain = found.chain;
    admit(row ? { id: row.id, type: row.account_type, path: row.path } : null);
    // One statement reads one snapshot, so the chain is the account's whole path unless the paths disagree.
    if (chain.length !== pathIds(row?.path ?? '').length) chain = null;
  } else {
    row = await repo.findForPage(db, id, extensions);
  }
  if (!row) throw notFound();
  const layout = await phase('layout', () => typeLayout(db, row.account_type));
  const { customActions } = layout;
  // Decision 0079: fields the extensions add (a subscription's service fields), with their containers and pages.
  const added = await extendedFieldsOf(db, row);
  const definitions = withAddedDefinitions(layout.definitions, added);
  const pages = withAddedPages(layout.pages, added);
  // [A2.11] Report pages only for those who may open them (decision 0028).
  const reportPages = caller.capabilities.has(ACCOUNT_REPORT_READ) ? layout.reportPages : [];
  const values = currentValues(
    row,
    definitions.map((d) => `${d.AccountViewName}.${d.Name}`),
  );
  const views = viewsFromDefinitions(definitions, (key) => values[key]);
  views.ExtendedView = {
    Name: 'ExtendedView',
    FieldDefinitions: [],
    Values: {
      TerminationDate: row.termination_date ? row.termination_date.toISOString() : null,
      HasRenewActionValuesConfigured: row.has_renew_action === true,
      ...extendedValuesOf(row, caller, now),
    },
    DisplayValues: {},
  };
  const scopePath = pathIds(caller.scope.rootPath);
  const hierarchy = chain
    ? chain.slice(scopePath.length - 1).map(repo.toHierarchyEntry)
    : await repo.listAncestry(db, row.path, scopePath.length - 1);
  const parentPath = row.path.slice(0, row.path.slice(0, -1).lastIndexOf('/') + 1);
  const owning =
    row.parent_id === null
      ? null
      : chain
        ? (chain
            .slice(0, -1)
            .reverse()
            .find((a) => a.account_type === 'Company' || a.account_type === 'Reseller') ?? null)
        : await repo.findNearestOfType(db, parentPath, ['Company', 'Reseller']);
  const owningPath = owning ? pathIds(owning.path) : [];
  const featureTabs = decideAccountTabs({
    accountType: row.account_type,
    accountId: row.id,
    parentId: row.parent_id,
    viewerOrganisationId: caller.scope.rootId,
    viewerUserId: caller.userId,
    viewerOrganisationPath: scopePath,
    owningOrganisation: owning ? { id: owning.id, parentId: owningPath.at(-2) ?? null } : null,
    capabilities: caller.capabilities,
    built: BUILT_ACCOUNT_TABS,
  });
  return {
    AccountIdentificator: row.id,
    Views: views,
    Hierarchy: hierarchy,
    AccountPath: hierarchy.map((h) => h.AccountId).join('/'),
    Version: row.version,
    UpdatedBy: row.updated_by_name,
    UpdatedAt: row.updated_at.toISOString(),
    // [A4.1] A terminated account offers no actions.
    CustomActions:
      row.state === 'Terminated' || !hasTypeCapability(caller, row.account_type, 'UPDATE')
        ? []
        : customActions.map((a) => ({ Name: a.name, DisplayName: a.display_name, Icon: a.icon })),
    Layout: { AccountType: row.account_type, Pages: pages },
    Tabs: [
      ...pages.map((p) => ({ Kind: 'LayoutPage' as const, Id: p.Name, DisplayName: p.DisplayName })),
      // [A2.11] Report pages follow the data pages.
      ...reportPages.map((p) => ({
        Kind: 'ReportPage' as const,
        Id: p.name,
        DisplayName: p.displayName,
        ReportId: p.reportId,
        WorkgroupId: p.workgroupId,
      })),
      ...featureTabs.map((id) => ({ Kind: 'Feature' as const, Id: id, DisplayName: TAB_DISPLAY_NAMES[id] })),
    ],
    Permissions: {
      CanUpdate: hasTypeCapability(caller, row.account_type, 'UPDATE') && row.state !== 'Terminated',
      CanTerminate:
        hasTypeCapability(caller, row.account_type, 'DELETE') &&
        row.state !== 'Terminated' &&
        row.account_type !== 'Provider' &&
        row.id !== caller.scope.rootId &&
        row.id !== caller.userId,
      CanMove:
        caller.capabilities.has('ACCOUNT_MOVE_EXECUTE') &&
        (row.account_type === 'User' || row.account_type === 'Product') &&
        row.state !== 'Terminated',
      CanSaveWithoutProvisioning: caller.capabilities.has(SKIP_PROVISIONING),
      CanRecreateProvisioning:
        caller.capabilities.has('PROVISIONING_REQUEST_CREATE') && row.account_type === 'Product' && row.state !== 'Terminated',
      // [A2.34] [A6.17] Terminated subscriptions still show their price.
      CanSeePricePreview: caller.capabilities.has('BILLING_SHOWPRODUCTPRICE_READ') && row.account_type === 'Product',
      // [A2.33] The link of the "pending approval" banner leads to #/Orders, for those who may read orders.
      CanSeeOrders: ORDERS_READ_CAPABILITY_KEYS.some((key) => caller.capabilities.has(key)),
      // [A2.33] The link of the "exchange rate not up to date" banner leads to #/ExchangeRates (decision 0029).
      CanSeeExchangeRates: caller.capabilities.has('EXCHANGE_RATE_READ'),
      // [A1.3] The Create menu: the types the parent rules allow here and the viewer may create.
      CreatableChildTypes: creatableChildTypes({
        parentType: row.account_type,
        parentState: row.state,
        capabilities: caller.capabilities,
      }),
    },
  };
}

/** [A2.11] The capability behind the report pages of the account page (decision 0028). */
const ACCOUNT_REPORT_READ = 'ACCOUNT_REPORT_READ';

/** [A6.4] The capability behind "Save without provisioning". */
const SKIP_PROVISIONING = 'PROVISIONING_REQUEST_SKIP_BACKEND_EXECUTE';

/** The layout's definitions and those the extensions add (the layout's cached list is never changed). */
function withAddedDefinitions<D extends FieldDefinition>(definitions: D[], added: readonly ExtendedFields[]): D[] {
  return added.length === 0 ? definitions : [...definitions, ...(added.flatMap((a) => a.definitions) as D[])];
}

/**
 * The layout's pages with the extensions' (decision 0079): a page named like one of the layout's adds its containers
 * after that page's (a new page object; the cached layout stays as it is), any other comes after the layout's pages.
 */
function withAddedPages<P extends LayoutPage>(pages: P[], added: readonly ExtendedFields[]): P[] {
  if (added.length === 0) return pages;
  const merged: LayoutPage[] = [...pages];
  for (const page of added.flatMap((a) => a.pages)) {
    const at = merged.findIndex((p) => p.Name === page.Name);
    const same = merged[at];
    if (same) merged[at] = { ...same, Containers: [...same.Containers, ...page.Containers] };
    else merged.push(page);
  }
  return merged as P[];
}

/**
 * The field values of an account keyed "View.Name", as its type's field definitions list them, with the values the
 * extensions hand to templates (`ExtendedFields.valueKeys`: a subscription's service fields but its secrets).
 */
export async function accountFieldValues(db: Queryable, row: repo.AccountRow): Promise<Record<string, FieldValue>> {
  const definitions = await repo.listFieldDefinitions(db, row.account_type);
  const added = await fieldsForSaveOf(db, row);
  return currentValues(row, [...definitions.map((d) => `${d.AccountViewName}.${d.Name}`), ...added.flatMap((a) => a.valueKeys)]);
}

export interface UpdateResult {
  account: Account;
  before: Record<string, FieldValue>;
  after: Record<string, FieldValue>;
}

export async function updateAccount(
  db: Queryable,
  caller: Caller,
  input: {
    id: number;
    views: Record<string, { Values: Record<string, FieldValue> }>;
    version: number;
    confirmed: boolean;
    skipProvisioning?: boolean;
  },
  now: Date,
): Promise<UpdateResult> {
  const stamp = await repo.findVersion(db, input.id, true);
  const row = await repo.findById(db, input.id);
  if (!row || !stamp) throw notFound();
  if (input.skipProvisioning && !caller.capabilities.has(SKIP_PROVISIONING)) {
    throw new DomainError('FORBIDDEN', 'You may not save without provisioning');
  }
  if (row.state === 'Terminated') throw new DomainError('CONFLICT', 'A terminated account cannot be changed');
  if (isStaleVersion({ seen: input.version, current: stamp.version })) {
    throw staleVersion('account', await loadAccount(db, caller, row.id, now), 'version');
  }
  const added = await fieldsForSaveOf(db, row);
  const definitions = withAddedDefinitions(await repo.listFieldDefinitions(db, row.account_type), added);
  const current = currentValues(
    row,
    definitions.map((d) => `${d.AccountViewName}.${d.Name}`),
  );
  const decision = decideUpdate({
    definitions,
    current,
    submitted: input.views,
  });
  if (added.length > 0 && decision.errors.length === 0) {
    const after = { ...current, ...Object.fromEntries(decision.changes.map((c) => [c.key, c.after])) };
    decision.errors.push(...added.flatMap((a) => a.check(after)));
  }

  const username = decision.changes.find((c) => c.key === 'Default.Username');
  if (username && typeof username.after === 'string' && (await repo.isUsernameTaken(db, username.after, row.id))) {
    decision.errors.push({
      field: 'Views.Default.Values.Username',
      message: 'This username is already taken',
    });
  }
  if (decision.errors.length > 0) throw validationFailed(decision.errors);
  if (decision.needsConfirmation.length > 0 && !input.confirmed) {
    throw new DomainError('CONFIRMATION_REQUIRED', 'These changes need to be confirmed', [], {
      confirmFields: decision.needsConfirmation,
    });
  }

  const columns: Partial<Record<keyof repo.AccountRow, FieldValue>> = {};
  const attributes: Record<string, FieldValue> = {};
  for (const change of decision.changes) {
    const column = repo.COLUMN_FIELDS[change.key];
    const owner = added.find((a) => a.definitions.includes(change.def));
    if (column) columns[column] = change.after;
    else attributes[change.key] = owner ? owner.stored(change.key, change.after) : change.after;
  }
  if (decision.changes.length > 0) {
    await repo.updateFields(db, row.id, columns, attributes, caller.userId);
    const saved = await repo.findById(db, row.id);
    if (!saved) throw notFound();
    await announceSave(db, {
      caller,
      account: saved,
      values: await accountFieldValues(db, saved),
      changedKeys: decision.changes.map((c) => c.key),
      skipProvisioning: input.skipProvisioning ?? false,
      now,
    });
  }
  return {
    account: await loadAccount(db, caller, row.id, now),
    before: Object.fromEntries(decision.changes.map((c) => [c.key, c.before])),
    after: Object.fromEntries(decision.changes.map((c) => [c.key, c.after])),
  };
}

async function treeNode(db: Queryable, node: repo.ChildRow, depth: number, limit: number, offset: number): Promise<TreeNode> {
  const children = depth > 0 && node.child_count > 0 ? await repo.listChildren(db, node.id, limit, offset) : [];
  return {
    AccountId: node.id,
    ParentAccountId: node.parent_id,
    AccountType: node.account_type,
    AccountState: node.state,
    DisplayName: node.display_name,
    ChildCount: node.child_count,
    Children: await Promise.all(children.map((c) => treeNode(db, c, depth - 1, limit, 0))),
    HasMoreChildren: offset + children.length < node.child_count,
  };
}

export async function getPartialHierarchy(
  db: Queryable,
  input: { id: number; depth: number; childLimit: number; childOffset: number },
) {
  const row = await repo.findById(db, input.id);
  if (!row) throw notFound();
  const childCount = await repo.countChildren(db, row.id);
  return treeNode(
    db,
    {
      id: row.id,
      parent_id: row.parent_id,
      account_type: row.account_type,
      state: row.state,
      display_name: row.display_name,
      child_count: childCount,
    },
    input.depth,
    input.childLimit,
    input.childOffset,
  );
}

/**
 * A page of the subtree in depth-first order, keyset-paged on the path. The root is found inside the caller's scope in
 * the page's own statement (the tenant guard's lookup folded in, decision 0063) and handed to `admit` before anything
 * else; so the page is one statement.
 */
export async function listSubtree(
  db: Queryable,
  caller: Caller,
  input: { id: number; cursor: string | null; limit: number },
  admit: (located: LocatedAccount | null) => void,
) {
  const after = input.cursor === null ? null : Buffer.from(input.cursor, 'base64url').toString('utf8');
  const rows = await repo.findInScopeWithSubtreePage(db, input.id, caller.scope.rootPath, after, input.limit + 1);
  const root = rows[0]?.id === input.id ? rows[0] : undefined;
  admit(root ? { id: root.id, type: root.account_type, path: root.path } : null);
  if (!root) throw notFound();
  if (after !== null && !after.startsWith(root.path))
    throw validationFailed([{ field: 'cursor', message: 'This cursor belongs to another list' }]);
  const found = rows.slice(1);
  const page = found.slice(0, input.limit);
  const last = page.at(-1);
  return {
    Items: page.map((r) => ({
      AccountId: r.id,
      ParentAccountId: r.parent_id,
      AccountType: r.account_type,
      AccountState: r.state,
      DisplayName: r.display_name,
      Depth: r.depth - root.depth,
    })),
    NextCursor: found.length > input.limit && last ? Buffer.from(last.path, 'utf8').toString('base64url') : null,
  };
}

/** The company, reseller or provider an account belongs to (itself when it is one). */
export async function findOrganisation(db: Queryable, path: string) {
  return repo.findNearestOfType(db, path, ORGANISATION_TYPES);
}

/** findOrganisation's rule as a subquery over a path given as SQL (a column, for a LATERAL join). */
export const organisationOfPathSql = (pathSql: string): string => repo.nearestOfTypeSql(pathSql, ORGANISATION_TYPES);

export async function terminateAccount(
  db: Queryable,
  caller: Caller,
  input: { id: number; terminationDate: string | null },
  now: Date,
) {
  const row = await repo.findById(db, input.id);
  if (!row) throw notFound();
  const decision = decideTermination({
    accountId: row.id,
    accountType: row.account_type,
    state: row.state,
    scheduledDate: row.termination_date,
    callerUserId: caller.userId,
    callerOrganisationId: caller.scope.rootId,
    requestedDate: input.terminationDate === null ? null : new Date(input.terminationDate),
    now,
  });
  if (decision.kind === 'refuse') {
    if (decision.field) throw validationFailed([{ field: decision.field, message: decision.message }]);
    throw new DomainError('CONFLICT', decision.message);
  }
  const before = { State: row.state, TerminationDate: row.termination_date?.toISOString() ?? null };
  let after: Record<string, unknown>;
  if (decision.kind === 'now') {
    const terminated = await repo.terminateSubtree(db, row.path, now);
    after = {
      State: 'Terminated',
      TerminationDate: (row.termination_date ?? now).toISOString(),
      TerminatedAccounts: terminated.length,
    };
  } else {
    await repo.setTerminationDate(db, row.id, decision.date);
    after = { State: row.state, TerminationDate: decision.date.toISOString() };
  }
  return { account: await loadAccount(db, caller, row.id, now), before, after };
}

export async function cancelTermination(db: Queryable, caller: Caller, id: number, now: Date) {
  const row = await repo.findById(db, id);
  if (!row) throw notFound();
  if (row.state === 'Terminated') throw new DomainError('CONFLICT', 'A terminated account cannot be changed');
  if (row.termination_date === null) throw new DomainError('CONFLICT', 'This account has no scheduled termination');
  await repo.setTerminationDate(db, row.id, null);
  return {
    account: await loadAccount(db, caller, row.id, now),
    before: { TerminationDate: row.termination_date.toISOString() },
    after: { TerminationDate: null },
  };
}

/** Carries out scheduled terminations that are due; each in its own transaction with an audit row. */
export async function terminateDue(db: Db, now: Date): Promise<number> {
  let done = 0;
  for (const due of await repo.listDueTerminations(db, now, 100)) {
    await db.transaction(async (tx) => {
      const ids = await repo.terminateSubtree(tx, due.path, now);
      if (ids.length === 0) return;
      done += ids.length;
      await writeAudit(tx, {
        actorId: null,
        impersonatorId: null,
        operation: 'ScheduledTermination',
        accountId: due.id,
        before: { State: 'Active', TerminationDate: due.termination_date.toISOString() },
        after: { State: 'Terminated', TerminatedAccounts: ids.length },
        requestId: null,
      });
    });
  }
  return done;
}

export async function searchAccounts(db: Queryable, caller: Caller, input: { text: string; types: string[]; limit: number }) {
  const rows = await repo.searchInScope(db, caller.scope.rootPath, input.text, input.types, input.limit);
  return {
    Items: rows.map((r) => ({
      AccountId: r.id,
      AccountType: r.account_type,
      DisplayName: r.display_name,
      ParentDisplayName: r.parent_name,
    })),
  };
}

export async function moveAccount(db: Queryable, caller: Caller, input: { id: number; newParentId: number }, now: Date) {
  const row = await repo.findById(db, input.id);
  if (!row) throw notFound();
  const target = await repo.findById(db, input.newParentId);
  // A parent outside the caller's scope is reported like one that does not exist.
  if (!target || !isInScope(caller.scope.rootPath, target.path)) {
    throw validationFailed([{ field: 'newParentId', message: 'Choose an account you can see' }]);
  }
  const refusal = decideMove({
    accountType: row.account_type,
    state: row.state,
    currentParentId: row.parent_id,
    newParentId: target.id,
    newParentType: target.account_type,
  });
  if (refusal) throw validationFailed([{ field: 'newParentId', message: refusal }]);
  if (target.state === 'Terminated')
    throw validationFailed([{ field: 'newParentId', message: 'Choose an account that is not terminated' }]);
  await repo.moveSubtree(db, row.id, target.id);
  return {
    account: await loadAccount(db, caller, row.id, now),
    before: { ParentAccountId: row.parent_id },
    after: { ParentAccountId: target.id },
  };
}

/**
 * [A2.8] Moves a subscription (Product account) to another catalogue service: its ProductName, and its
 * name when the name was the old service's. The upgrade action (domains/subscriptions) decides which
 * service is allowed; accounts only writes.
 */
export async function setSubscriptionService(
  db: Queryable,
  accountId: number,
  change: { productName: string; displayName: string },
): Promise<void> {
  await repo.updateFields(db, accountId, { product_name: change.productName, display_name: change.displayName }, {});
}

/**
 * [A7.13] Inserts a new account from already validated field values keyed "View.Name" (column fields to their
 * columns, the others to attributes), in the caller's transaction; returns its id.
 */
export async function createAccountRecord(
  db: Queryable,
  input: { type: AccountType; parentId: number; values: Readonly<Record<string, FieldValue>> },
): Promise<number> {
  const columns: Partial<Record<keyof repo.AccountRow, FieldValue>> = {};
  const attributes: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(input.values)) {
    if (value === null) continue;
    const column = repo.COLUMN_FIELDS[key];
    if (column) columns[column] = value;
    else attributes[key] = value;
  }
  const text = (column: keyof repo.AccountRow) => {
    const value = columns[column];
    return value === undefined || value === null ? null : String(value);
  };
  return repo.insertAccount(db, {
    type: input.type,
    parentId: input.parentId,
    displayName: text('display_name') ?? '',
    username: text('username'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    currency: text('currency'),
    productName: text('product_name'),
    attributes,
  });
}
