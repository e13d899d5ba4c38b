import {
  CREATE_PARENT_TYPES,
  CREATE_TREE_TYPES,
  type CreateAccountType,
  type CreateParentItem,
  createCapabilityKey,
  decideCreateParent,
  displayFieldValue,
  type FieldValue,
  type View,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import * as accounts from '../accounts/index.js';
import { creatableFields, createLayoutPages, decideCreate, defaultCreateValues } from './account-creation.rules.js';

/** [A6.19] Who may send a user its credentials, as SendUserFirstTimePassword declares. */
const SEND_CREDENTIALS = 'USER_EXPORT_EXECUTE';

function requireCreateCapability(caller: Caller, type: CreateAccountType) {
  const key = createCapabilityKey(type);
  if (!caller.capabilities.has(key)) throw new DomainError('FORBIDDEN', `You need the ${key} capability to do this`);
}

/** The parent of a new account: it exists (the guard already checked it is in scope) and may hold the type. */
async function loadParent(db: Queryable, type: CreateAccountType, parentId: number) {
  const parent = await accounts.findById(db, parentId);
  if (!parent) throw notFound();
  const decision = decideCreateParent({ accountType: type, parentType: parent.account_type, parentState: parent.state });
  if (!decision.ok) throw validationFailed([{ field: 'parentId', message: decision.message }]);
  return parent;
}

/** [A7.13] GetDefaultAccountViewsForCreate: the creatable fields with their defaults and the layout pages. */
export async function getDefaultViews(
  db: Queryable,
  caller: Caller,
  input: { accountType: CreateAccountType; parentId: number },
) {
  requireCreateCapability(caller, input.accountType);
  const parent = await loadParent(db, input.accountType, input.parentId);
  const [definitions, pages] = await Promise.all([
    accounts.listFieldDefinitions(db, input.accountType),
    accounts.findLayoutPages(db, input.accountType),
  ]);
  const fields = creatableFields(definitions);
  const organisation = await accounts.findOrganisation(db, parent.path);
  const parentOrganisation = organisation ? await accounts.findById(db, organisation.id) : null;
  const defaults = defaultCreateValues({
    accountType: input.accountType,
    fields,
    parentCurrency: parentOrganisation?.currency ?? null,
  });
  const views: Record<string, View> = {};
  for (const def of fields) {
    const view = views[def.AccountViewName] ?? { Name: def.AccountViewName, FieldDefinitions: [], Values: {}, DisplayValues: {} };
    views[def.AccountViewName] = view;
    const value = defaults[`${def.AccountViewName}.${def.Name}`] ?? null;
    view.FieldDefinitions.push(def);
    view.Values[def.Name] = value;
    view.DisplayValues[def.Name] = displayFieldValue(def, value);
  }
  return {
    AccountType: input.accountType,
    Parent: { AccountId: parent.id, AccountType: parent.account_type, DisplayName: parent.display_name },
    Views: views,
    Layout: { AccountType: input.accountType, Pages: createLayoutPages(pages, fields) },
  };
}

export interface CreatedAccount {
  id: number;
  values: Record<string, FieldValue>;
  output: {
    AccountId: number;
    AccountType: CreateAccountType;
    DisplayName: string;
    ParentAccountId: number;
    CanSendCredentials: boolean;
  };
}

/**
 * [A7.13] CreateAccount: checks the type's CREATE capability and the parent, validates every field like
 * UpdateAccount (and a unique username), then inserts the account in the caller's transaction. A new user has
 * no password until its first-time credentials are sent (decision 0027-wizard-parents). Reusable per row by a
 * bulk import.
 */
export async function createAccount(
  db: Queryable,
  caller: Caller,
  input: {
    accountType: CreateAccountType;
    parentId: number;
    views: Readonly<Record<string, { Values: Readonly<Record<string, FieldValue>> }>>;
  },
): Promise<CreatedAccount> {
  requireCreateCapability(caller, input.accountType);
  const parent = await loadParent(db, input.accountType, input.parentId);
  const definitions = await accounts.listFieldDefinitions(db, input.accountType);
  const decision = decideCreate({ definitions, submitted: input.views });
  const username = decision.values['Default.Username'];
  if (typeof username === 'string' && (await accounts.isUsernameTaken(db, username, 0))) {
    decision.errors.push({ field: 'Views.Default.Values.Username', message: 'This username is already taken' });
  }
  if (decision.errors.length > 0) throw validationFailed(decision.errors);
  const id = await accounts.createAccountRecord(db, { type: input.accountType, parentId: parent.id, values: decision.values });
  return {
    id,
    values: decision.values,
    output: {
      AccountId: id,
      AccountType: input.accountType,
      DisplayName: String(decision.values['Default.DisplayName'] ?? ''),
      ParentAccountId: parent.id,
      CanSendCredentials: input.accountType === 'User' && caller.capabilities.has(SEND_CREDENTIALS),
    },
  };
}

/**
 * The parent picker: with text, a search of the caller's scope for possible parents; otherwise one level of the
 * parent tree (the caller's organisation itself when no node is given), filtered to the types on the way to a
 * possible parent (Reseller accounts for a Company or Reseller [A2.43]).
 */
export async function listParents(
  db: Queryable,
  caller: Caller,
  input: { accountType: CreateAccountType; parentId: number | null; text: string; limit: number },
): Promise<{ Items: CreateParentItem[] }> {
  requireCreateCapability(caller, input.accountType);
  const parentTypes = CREATE_PARENT_TYPES[input.accountType];
  const treeTypes = CREATE_TREE_TYPES[input.accountType];
  if (input.text.length >= 2) {
    const rows = await accounts.searchInScope(db, caller.scope.rootPath, input.text, parentTypes, input.limit);
    return {
      Items: rows.map((r) => ({
        AccountId: r.id,
        AccountType: r.account_type,
        DisplayName: r.display_name,
        ParentDisplayName: r.parent_name,
        CanBeParent: true,
        HasChildren: false,
      })),
    };
  }
  if (input.parentId === null) {
    const root = await accounts.findById(db, caller.scope.rootId);
    if (!root || !treeTypes.includes(root.account_type) || root.state === 'Terminated') return { Items: [] };
    return {
      Items: [
        {
          AccountId: root.id,
          AccountType: root.account_type,
          DisplayName: root.display_name,
          ParentDisplayName: null,
          CanBeParent: parentTypes.includes(root.account_type),
          HasChildren: await accounts.hasChildrenOfTypes(db, root.id, treeTypes),
        },
      ],
    };
  }
  const rows = await accounts.listChildrenOfTypes(db, input.parentId, treeTypes, input.limit);
  return {
    Items: rows.map((r) => ({
      AccountId: r.id,
      AccountType: r.account_type,
      DisplayName: r.display_name,
      ParentDisplayName: r.parent_name,
      CanBeParent: parentTypes.includes(r.account_type),
      HasChildren: r.has_children,
    })),
  };
}
