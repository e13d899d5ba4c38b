import type { AccountState, AccountType } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import * as repo from './accounts.repository.js';
import { hasTypeCapability } from './accounts.service.js';
import { typeLayout } from './layout-cache.js';

/** The most subscriptions "My services" lists: a person holds a handful. */
const MY_SUBSCRIPTIONS_LIMIT = 200;

/** Decision 0054: a page of an account's direct children (the account page's Accounts tab). */
export async function listChildAccounts(
  db: Queryable,
  input: { id: number; text: string; types: AccountType[]; state: AccountState | null; page: number; pageSize: number },
) {
  const { rows, total } = await repo.listChildrenPage(db, input.id, {
    text: input.text,
    types: input.types,
    state: input.state,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return {
    Items: rows.map((r) => ({
      AccountId: r.id,
      AccountType: r.account_type,
      AccountState: r.state,
      DisplayName: r.display_name,
      ChildCount: r.child_count,
    })),
    Total: total,
    Page: input.page,
    PageSize: input.pageSize,
  };
}

/**
 * Decision 0054: the caller's subscriptions, the Product accounts below its own user account, each with the custom
 * actions the caller may run on it (the account page's rule: Product update, and none on a terminated one).
 */
export async function listMySubscriptions(db: Queryable, caller: Caller) {
  const user = await repo.findLocation(db, caller.userId);
  if (!user) throw notFound();
  const rows = await repo.listProductsBelow(db, user.path, MY_SUBSCRIPTIONS_LIMIT);
  const mayAct = hasTypeCapability(caller, 'Product', 'UPDATE');
  const actions = mayAct && rows.length > 0 ? (await typeLayout(db, 'Product')).customActions : [];
  return {
    Items: rows.map((r) => ({
      AccountId: r.id,
      DisplayName: r.display_name,
      ProductName: r.product_name,
      AccountState: r.state,
      CreatedAt: r.created_at.toISOString(),
      Actions: r.state === 'Terminated' ? [] : actions.map((a) => ({ Name: a.name, DisplayName: a.display_name })),
    })),
  };
}
