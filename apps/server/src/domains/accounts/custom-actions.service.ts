import { type CustomActionForm, displayFieldValue, type FieldValue, validateFieldValue } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import * as repo from './accounts.repository.js';
import { loadAccount } from './accounts.service.js';

type Values = Record<string, FieldValue>;

/**
 * Runs a custom action whose work belongs to another domain (RESET_PASSWORD: password-reset), in the operation's
 * transaction; answers what the audit row records as before and after.
 */
export type CustomActionRunner = (
  db: Queryable,
  caller: Caller,
  account: repo.AccountRow,
  values: Values,
) => Promise<{ before: unknown; after: unknown }>;
export type CustomActionRunners = Readonly<Record<string, CustomActionRunner>>;

async function actionFor(db: Queryable, accountId: number, action: string) {
  const row = await repo.findById(db, accountId);
  if (!row) throw notFound();
  const def = (await repo.listCustomActions(db, row.account_type)).find((a) => a.name === action);
  if (!def) throw new DomainError('NOT_FOUND', `There is no custom action ${action} for this account`);
  if (row.state === 'Terminated') throw new DomainError('CONFLICT', 'A terminated account cannot be changed');
  return { row, def };
}

function defaults(row: repo.AccountRow, action: string, saved: Values | null): Values {
  switch (action) {
    case 'RENAME':
      return { DisplayName: row.display_name };
    case 'CHANGE_STATUS':
      // No destructive choice is preselected: the user picks the new status (Status is required).
      return { Status: null, Reason: '' };
    case 'RENEW':
      return saved ?? { RenewalTerm: '12', Quantity: String(row.attributes['Product.Quantity'] ?? 1), AutoRenew: true };
    case 'RESET_PASSWORD':
      return {
        Username: row.username,
        Method: 'SEND_LINK',
        NewPassword: null,
        PasswordConfirmation: null,
        ChangeAtNextSignIn: true,
      };
    default:
      return {};
  }
}

/** [A7.5] The form of a custom action with its default values, or the values saved for it. */
export async function getCustomActionForm(db: Queryable, accountId: number, action: string): Promise<CustomActionForm> {
  const { row, def } = await actionFor(db, accountId, action);
  const saved = def.is_scheduled ? await repo.findScheduledAction(db, row.id, def.name) : null;
  const values = defaults(row, def.name, saved);
  return {
    Name: def.name,
    Title: def.title,
    Containers: def.containers,
    Views: {
      Action: {
        Name: 'Action',
        FieldDefinitions: def.fields,
        Values: Object.fromEntries(def.fields.map((f) => [f.Name, values[f.Name] ?? null])),
        DisplayValues: Object.fromEntries(def.fields.map((f) => [f.Name, displayFieldValue(f, values[f.Name] ?? null)])),
      },
    },
    NeedsConfirmation: def.needs_confirmation,
    IsScheduled: def.is_scheduled,
    HasSavedValues: saved !== null,
  };
}

/** Every field of the action's form must be valid ([A5.5]); returns the cleaned values. */
function validate(def: repo.CustomActionRow, views: Record<string, { Values: Values }>): Values {
  const submitted = views.Action?.Values ?? {};
  const errors = [];
  const values: Values = {};
  for (const field of def.fields) {
    // Read-only fields only show something (RESET_PASSWORD's username); what was sent for them is ignored.
    if (field.IsReadOnly) continue;
    const raw = submitted[field.Name] ?? null;
    // A password is taken exactly as typed.
    const value = typeof raw === 'string' && field.DisplayType !== 'Password' ? raw.trim() : raw;
    const message = validateFieldValue(field, value);
    if (message) errors.push({ field: `Views.Action.Values.${field.Name}`, message });
    values[field.Name] = value;
  }
  for (const name of Object.keys(submitted)) {
    if (!def.fields.some((f) => f.Name === name))
      errors.push({ field: `Views.Action.Values.${name}`, message: `${name} is not a field of this action` });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return values;
}

export async function executeCustomAction(
  db: Queryable,
  caller: Caller,
  input: { accountId: number; action: string; views: Record<string, { Values: Values }> },
  confirmed: boolean,
  now: Date,
  runners: CustomActionRunners = {},
) {
  const { row, def } = await actionFor(db, input.accountId, input.action);
  if (def.is_scheduled)
    throw new DomainError('CONFLICT', `${def.display_name} saves its values for later; use UpdateAccountScheduledAction`);
  const values = validate(def, input.views);
  if (def.needs_confirmation && !confirmed) {
    throw new DomainError('CONFIRMATION_REQUIRED', 'This action needs to be confirmed', [], {
      confirmFields: def.fields.filter((f) => f.IsModifyConfirmRequired).map((f) => `Action.${f.Name}`),
    });
  }
  let before: unknown;
  let after: unknown = values;
  switch (def.name) {
    case 'RENAME':
      before = { DisplayName: row.display_name };
      await repo.updateFields(db, row.id, { display_name: values.DisplayName ?? row.display_name }, {}, caller.userId);
      break;
    case 'CHANGE_STATUS':
      if (values.Status === row.state)
        throw validationFailed([{ field: 'Views.Action.Values.Status', message: `The account is already ${row.state}` }]);
      before = { Status: row.state };
      await repo.setState(db, row.id, String(values.Status));
      break;
    default: {
      const run = runners[def.name];
      if (!run) throw new DomainError('CONFLICT', `${def.display_name} cannot be run here`);
      ({ before, after } = await run(db, caller, row, values));
    }
  }
  return { account: await loadAccount(db, caller, row.id, now), before, after };
}

export async function saveScheduledAction(
  db: Queryable,
  caller: Caller,
  input: { accountId: number; action: string; views: Record<string, { Values: Values }> },
  now: Date,
) {
  const { row, def } = await actionFor(db, input.accountId, input.action);
  if (!def.is_scheduled) throw new DomainError('CONFLICT', `${def.display_name} runs at once; use ExecuteCustomAction`);
  const values = validate(def, input.views);
  const before = await repo.findScheduledAction(db, row.id, def.name);
  await repo.saveScheduledAction(db, row.id, def.name, values, caller.userId);
  return { account: await loadAccount(db, caller, row.id, now), before, after: values };
}

export async function removeScheduledAction(
  db: Queryable,
  caller: Caller,
  input: { accountId: number; action: string },
  now: Date,
) {
  const { row, def } = await actionFor(db, input.accountId, input.action);
  const before = await repo.findScheduledAction(db, row.id, def.name);
  if (!(await repo.deleteScheduledAction(db, row.id, def.name)))
    throw new DomainError('CONFLICT', 'There are no saved values to reset');
  return { account: await loadAccount(db, caller, row.id, now), before, after: null };
}
