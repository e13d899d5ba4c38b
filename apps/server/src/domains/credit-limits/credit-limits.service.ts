import type {
  CreditAttachment,
  CreditLimitRecord,
  CreditLimitRecords,
  CreditPolicy,
  OrdersWithoutLimit,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import { findStoredFileToAttach, isStoredName, type StoredFileReferences } from '../../platform/files/index.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { isInScope, pathIds } from '../../platform/tenancy/scope.js';
import { findById as findAccount } from '../accounts/index.js';
import {
  attachmentNotFound,
  creditLimitLocked,
  invalidCreditChange,
  notCreditAccount,
  nothingChanged,
  notPolicyAccount,
  ownOrganisationCredit,
} from './credit-limits.errors.js';
import * as repo from './credit-limits.repository.js';
import { decideCanEdit, historyLabel, validateChange } from './credit-limits.rules.js';

const CREDIT_TYPES = ['Company', 'Reseller'];

export interface CreditStatus {
  /** The current limit as a 2-decimal string, or null when none is assigned. */
  limit: string | null;
  isLocked: boolean;
  currency: string | null;
  /** Decision 0046: what an order gets while no limit is set (the reseller's setting above the account). */
  ordersWithoutLimit: OrdersWithoutLimit;
}

/** The setting that applies to an account's orders when it has no limit: its own for a reseller, else the one above it. */
async function ordersWithoutLimitOf(db: Queryable, account: { id: number; type: string; path: string }) {
  if (account.type === 'Reseller' || account.type === 'Provider') {
    return (await repo.findPolicy(db, account.id))?.orders_without_limit ?? 'Allowed';
  }
  return repo.findPolicyAbove(
    db,
    pathIds(account.path).filter((id) => id !== account.id),
  );
}

/**
 * The current credit limit and lock of an account and what "no limit" means for it (for ordering: does this
 * order fit; the orders domain adds what is open and decides). The one place ordering reads credit from.
 */
export async function getCreditStatus(db: Queryable, accountId: number): Promise<CreditStatus> {
  const [latest, account] = await Promise.all([repo.findLatest(db, accountId), findAccount(db, accountId)]);
  const ordersWithoutLimit = account
    ? await ordersWithoutLimitOf(db, { id: account.id, type: account.account_type, path: account.path })
    : 'Allowed';
  return {
    limit: latest?.credit_limit ?? null,
    isLocked: latest?.is_locked ?? false,
    currency: account?.currency ?? null,
    ordersWithoutLimit,
  };
}

function toRecord(caller: Caller, row: repo.CreditRecordRow): CreditLimitRecord {
  const { label, lockChange } = historyLabel({
    previousLimit: row.previous_limit,
    limit: row.credit_limit,
    previousIsLocked: row.previous_is_locked,
    isLocked: row.is_locked,
  });
  const authorVisible = row.author_path !== null && isInScope(caller.scope.rootPath, row.author_path);
  return {
    Id: row.id,
    Limit: row.credit_limit,
    IsLocked: row.is_locked,
    PreviousLimit: row.previous_limit,
    PreviousIsLocked: row.previous_is_locked,
    Label: label,
    LockChange: lockChange,
    Comment: row.comment,
    Attachments: row.attachments,
    Date: row.created_at.toISOString(),
    Currency: row.currency,
    CreatedBy: {
      Username: row.author_username,
      DisplayName: row.author_name ?? `#${row.created_by}`,
      AccountId: authorVisible ? row.created_by : null,
    },
  };
}

function requireCreditAccount(account: LocatedAccount | null): LocatedAccount {
  if (!account || !CREDIT_TYPES.includes(account.type)) throw notCreditAccount();
  return account;
}

function editDecision(caller: Caller, account: LocatedAccount, latest: repo.CreditRecordRow | null) {
  return decideCanEdit({
    hasUpdateCapability: caller.capabilities.has('FIELDS_CREDITLIMIT_UPDATE'),
    hasOverwriteLockCapability: caller.capabilities.has('FIELDS_CREDITLIMIT_OVERWRITE_LOCK_UPDATE'),
    isOwnOrganisation: account.id === caller.scope.rootId,
    isLocked: latest?.is_locked ?? false,
    lastCreatedBy: latest?.created_by ?? null,
    userId: caller.userId,
  });
}

/** [A7.4] GetCreditLimitRecords: the current limit, whether the caller may change it, and a page of history. */
export async function listRecords(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount | null,
  query: { page: number; pageSize: number },
): Promise<CreditLimitRecords> {
  const account = requireCreditAccount(located);
  // Decision 0046: the viewer's own company reads its limit; the reseller's history (reasons, files) stays with the reseller.
  const own = account.id === caller.scope.rootId;
  const [latest, items, total, row, ordersWithoutLimit, policy] = await Promise.all([
    repo.findLatest(db, account.id),
    own ? [] : repo.listByAccount(db, account.id, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repo.countByAccount(db, account.id),
    findAccount(db, account.id),
    ordersWithoutLimitOf(db, account),
    account.type === 'Reseller' ? repo.findPolicy(db, account.id) : null,
  ]);
  return {
    AccountId: account.id,
    Limit: latest?.credit_limit ?? null,
    IsLocked: latest?.is_locked ?? false,
    Currency: row?.currency ?? null,
    CanEdit: editDecision(caller, account, latest).allowed,
    ...versionOf(latest, total),
    Items: items.map((r) => toRecord(caller, r)),
    Total: own ? 0 : total,
    Page: query.page,
    PageSize: query.pageSize,
    OwnOrganisation: own,
    OrdersWithoutLimit: ordersWithoutLimit,
    Policy: account.type === 'Reseller' ? policyOf(caller, account, policy) : null,
  };
}

/** Decision 0046: a reseller's setting as its read returns it; only those who may edit credit limits change it, never their own. */
function policyOf(caller: Caller, account: LocatedAccount, row: repo.CreditPolicyRow | null): CreditPolicy {
  return {
    AccountId: account.id,
    OrdersWithoutLimit: row?.orders_without_limit ?? 'Allowed',
    CanEdit: caller.capabilities.has('FIELDS_CREDITLIMIT_UPDATE') && account.id !== caller.scope.rootId,
    Version: row?.version ?? 0,
    UpdatedBy: row ? (row.updated_by_name ?? null) : null,
    UpdatedAt: row ? row.updated_at.toISOString() : null,
  };
}

/** UpdateCreditLimitPolicy (decision 0046): a reseller's setting for its customers without a limit, over the version seen. */
export async function updatePolicy(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount | null,
  input: { OrdersWithoutLimit: OrdersWithoutLimit; Version: number },
  now: Date,
): Promise<{ policy: CreditPolicy; before: { OrdersWithoutLimit: OrdersWithoutLimit } }> {
  const account = requireCreditAccount(located);
  if (account.type !== 'Reseller') throw notPolicyAccount();
  if (account.id === caller.scope.rootId) throw ownOrganisationCredit();
  await repo.lockAccountCredit(db, account.id);
  const current = await repo.findPolicy(db, account.id);
  if (isStaleVersion({ seen: input.Version, current: current?.version ?? 0 })) {
    throw staleVersion('credit setting', policyOf(caller, account, current));
  }
  await repo.savePolicy(db, {
    accountId: account.id,
    ordersWithoutLimit: input.OrdersWithoutLimit,
    updatedBy: caller.userId,
    updatedAt: now,
  });
  const saved = await repo.findPolicy(db, account.id);
  return {
    policy: policyOf(caller, account, saved),
    before: { OrdersWithoutLimit: current?.orders_without_limit ?? 'Allowed' },
  };
}

/** Decision 0036: a credit limit's version is the number of records in its history; the newest says who and when. */
function versionOf(latest: repo.CreditRecordRow | null, total: number) {
  return {
    Version: total,
    UpdatedBy: latest ? (latest.author_name ?? `#${latest.created_by}`) : null,
    UpdatedAt: latest ? latest.created_at.toISOString() : null,
  };
}

export interface AddRecordInput {
  Limit: string | null;
  IsLocked: boolean;
  Comment: string;
  Attachments: CreditAttachment[];
  Version: number;
}

/** [A7.4] AddCreditLimitRecord: load the current record, ask the rules, write the new one with its attachments. */
export async function addRecord(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount | null,
  input: AddRecordInput,
  now: Date,
): Promise<{ record: CreditLimitRecord; before: { Limit: string | null; IsLocked: boolean } }> {
  const account = requireCreditAccount(located);
  await repo.lockAccountCredit(db, account.id);
  const latest = await repo.findLatest(db, account.id);
  const decision = editDecision(caller, account, latest);
  if (!decision.allowed) throw decision.reason === 'own-organisation' ? ownOrganisationCredit() : creditLimitLocked();
  const total = await repo.countByAccount(db, account.id);
  if (isStaleVersion({ seen: input.Version, current: total })) {
    const row = await findAccount(db, account.id);
    throw staleVersion('credit limit', {
      AccountId: account.id,
      Limit: latest?.credit_limit ?? null,
      IsLocked: latest?.is_locked ?? false,
      Currency: row?.currency ?? null,
      ...versionOf(latest, total),
    });
  }

  const current = { limit: latest?.credit_limit ?? null, isLocked: latest?.is_locked ?? false };
  const checked = validateChange({ limit: input.Limit, isLocked: input.IsLocked, comment: input.Comment, current });
  if (!checked.ok) throw checked.noChange ? nothingChanged(checked.errors) : invalidCreditChange(checked.errors);

  const seen = new Set<string>();
  for (const [i, a] of input.Attachments.entries()) {
    const stored = isStoredName(a.Url) && !seen.has(a.Url) ? await findStoredFileToAttach(db, a.Url) : null;
    // Only the uploader's own, not yet attached files can be attached.
    if (!stored || stored.uploaded_by !== caller.userId || (await repo.findAttachmentAccount(db, a.Url)) !== null) {
      throw attachmentNotFound(i);
    }
    seen.add(a.Url);
  }

  const row = await findAccount(db, account.id);
  const id = await repo.insert(db, {
    accountId: account.id,
    limit: checked.limit,
    isLocked: input.IsLocked,
    previousLimit: current.limit,
    previousIsLocked: current.isLocked,
    comment: input.Comment.trim(),
    currency: row?.currency ?? null,
    createdBy: caller.userId,
    createdAt: now,
    attachments: input.Attachments.map((a) => ({ Url: a.Url, Title: a.Title.trim() })),
  });
  const saved = await repo.findById(db, id);
  if (!saved) throw new Error('credit limit record vanished after insert');
  return { record: toRecord(caller, saved), before: { Limit: current.limit, IsLocked: current.isLocked } };
}

/** The account a stored file belongs to when it is attached to a credit record (for /keeper/download). */
export async function findAttachment(db: Queryable, storedName: string) {
  const accountId = await repo.findAttachmentAccount(db, storedName);
  // A company administrator reads the company's own limit, not the reseller's papers about it (decision 0046).
  return accountId === null ? null : { accountId, capability: 'FIELDS_CREDITLIMIT_READ', aboveOnly: true };
}

const DAY = 24 * 3600 * 1000;

/** A short credit history for a few Blue Harbor IT customers, written inside the demo seed's transaction. */
export async function seedCreditLimitDemo(db: Queryable, now = new Date()): Promise<void> {
  const history: Record<string, { user: string; limit: string | null; locked: boolean; comment: string; daysAgo: number }[]> = {
    'Brightwater Dental': [
      {
        user: 'blueharbor.admin',
        limit: '5000.00',
        locked: false,
        comment: 'Initial limit after the credit check',
        daysAgo: 120,
      },
      { user: 'blueharbor.sales', limit: '7500.00', locked: false, comment: 'Second practice opened', daysAgo: 95 },
      { user: 'blueharbor.admin', limit: '7500.00', locked: true, comment: 'Frozen during the annual review', daysAgo: 60 },
      { user: 'blueharbor.admin', limit: '7500.00', locked: false, comment: 'Review completed', daysAgo: 45 },
      { user: 'blueharbor.sales', limit: '10000.00', locked: false, comment: 'Bigger Microsoft 365 order planned', daysAgo: 30 },
      { user: 'blueharbor.admin', limit: '8000.00', locked: false, comment: 'Payments were late twice', daysAgo: 12 },
    ],
    'Dunmore Architects': [
      { user: 'blueharbor.admin', limit: '2500.00', locked: false, comment: 'Standard limit for a new customer', daysAgo: 40 },
      {
        user: 'provider.admin',
        limit: '2000.00',
        locked: true,
        comment: 'Lowered and locked by the provider risk desk',
        daysAgo: 5,
      },
    ],
    'Evergreen Bakeries': [
      { user: 'blueharbor.sales', limit: '15000.50', locked: false, comment: 'Approved by finance', daysAgo: 20 },
      { user: 'blueharbor.admin', limit: null, locked: false, comment: 'Customer pays up front from now on', daysAgo: 3 },
    ],
  };
  const users = [...new Set(Object.values(history).flatMap((h) => h.map((r) => r.user)))];
  const found = await repo.findDemoAccounts(db, Object.keys(history), users);
  for (const [company, records] of Object.entries(history)) {
    const account = found.companies.get(company);
    if (!account) continue;
    let previous: { limit: string | null; isLocked: boolean } = { limit: null, isLocked: false };
    for (const r of records) {
      const createdBy = found.users.get(r.user);
      if (createdBy === undefined) continue;
      await repo.insert(db, {
        accountId: account.id,
        limit: r.limit,
        isLocked: r.locked,
        previousLimit: previous.limit,
        previousIsLocked: previous.isLocked,
        comment: r.comment,
        currency: account.currency,
        createdBy,
        createdAt: new Date(now.getTime() - r.daysAgo * DAY),
        attachments: [],
      });
      previous = { limit: r.limit, isLocked: r.locked };
    }
  }
}

/** Credit records' attachments, for the orphan upload sweep (platform/files). */
export const creditAttachmentReferences: StoredFileReferences = { owner: 'credit-limits', sql: repo.ATTACHMENT_FILE_NAMES_SQL };
