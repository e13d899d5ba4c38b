import {
  displayFieldValue,
  type FieldDefinition,
  type FieldError,
  type FieldValue,
  type View,
  validateFieldValue,
} from '@portal/contracts';

export interface FieldChange {
  def: FieldDefinition;
  key: string;
  before: FieldValue;
  after: FieldValue;
}

export interface UpdateDecision {
  errors: FieldError[];
  changes: FieldChange[];
  /** Changed fields flagged IsModifyConfirmRequired ("View.Name"). */
  needsConfirmation: string[];
}

/**
 * Decides what an UpdateAccount request changes: every submitted field must be defined for the
 * account type, writable and valid; unchanged values are ignored.
 */
export function decideUpdate(params: {
  definitions: readonly FieldDefinition[];
  current: Readonly<Record<string, FieldValue>>;
  submitted: Readonly<Record<string, { Values: Readonly<Record<string, FieldValue>> }>>;
}): UpdateDecision {
  const byKey = new Map(params.definitions.map((d) => [`${d.AccountViewName}.${d.Name}`, d]));
  const errors: FieldError[] = [];
  const changes: FieldChange[] = [];
  for (const [viewName, view] of Object.entries(params.submitted)) {
    for (const [name, raw] of Object.entries(view.Values)) {
      const key = `${viewName}.${name}`;
      const field = `Views.${viewName}.Values.${name}`;
      const def = byKey.get(key);
      if (!def) {
        errors.push({
          field,
          message: `${name} is not a field of this account`,
        });
        continue;
      }
      const value = typeof raw === 'string' ? raw.trim() : raw;
      const before = params.current[key] ?? null;
      if (normalise(value) === normalise(before)) continue;
      if (def.IsReadOnly) {
        errors.push({ field, message: `${def.DisplayName} cannot be changed` });
        continue;
      }
      const message = validateFieldValue(def, value);
      if (message) errors.push({ field, message });
      else changes.push({ def, key, before, after: value === '' ? null : value });
    }
  }
  const needsConfirmation = changes.filter((c) => c.def.IsModifyConfirmRequired).map((c) => c.key);
  return { errors, changes, needsConfirmation };
}

function normalise(value: FieldValue | undefined): string {
  return value === null || value === undefined || value === '' ? '' : String(value);
}

export type TerminationDecision =
  | { kind: 'now' }
  | { kind: 'schedule'; date: Date }
  | { kind: 'refuse'; field: string | null; message: string };

/** [A4.1] Whether and how an account may be terminated by this caller. */
export function decideTermination(params: {
  accountId: number;
  accountType: string;
  state: string;
  scheduledDate: Date | null;
  callerUserId: number;
  callerOrganisationId: number;
  requestedDate: Date | null;
  now: Date;
}): TerminationDecision {
  if (params.state === 'Terminated') return { kind: 'refuse', field: null, message: 'This account is already terminated' };
  if (params.accountType === 'Provider')
    return { kind: 'refuse', field: null, message: 'The provider account cannot be terminated' };
  if (params.accountId === params.callerOrganisationId || params.accountId === params.callerUserId) {
    return { kind: 'refuse', field: null, message: 'You cannot terminate your own organisation or your own user account' };
  }
  if (params.requestedDate === null || params.requestedDate.getTime() <= params.now.getTime()) {
    if (params.requestedDate !== null && params.now.getTime() - params.requestedDate.getTime() > 60_000) {
      return { kind: 'refuse', field: 'terminationDate', message: 'Choose a date in the future, or terminate now' };
    }
    return { kind: 'now' };
  }
  return { kind: 'schedule', date: params.requestedDate };
}

/** [A6.9] Where a User or Product account may be moved. */
export const MOVE_TARGETS: Readonly<Record<string, readonly string[]>> = {
  User: ['Company', 'Department'],
  Product: ['User'],
};

export function decideMove(params: {
  accountType: string;
  state: string;
  currentParentId: number | null;
  newParentId: number;
  newParentType: string;
}): string | null {
  const allowed = MOVE_TARGETS[params.accountType];
  if (!allowed) return 'Only user and product accounts can be moved';
  if (params.state === 'Terminated') return 'A terminated account cannot be moved';
  if (params.currentParentId === params.newParentId) return 'The account is already there';
  if (!allowed.includes(params.newParentType)) {
    return params.accountType === 'User'
      ? 'A user can be moved under a company or a department'
      : 'A subscription can be moved under a user';
  }
  return null;
}

/**
 * [A3.2] The views of an account: its field definitions grouped by view, each with its value (null when it has
 * none) and the value as shown. The account page and the creation wizard's defaults build them the same way.
 */
export function viewsFromDefinitions(
  definitions: readonly FieldDefinition[],
  valueAt: (key: string) => FieldValue | undefined,
): Record<string, View> {
  const views: Record<string, View> = {};
  for (const def of definitions) {
    const view = views[def.AccountViewName] ?? { Name: def.AccountViewName, FieldDefinitions: [], Values: {}, DisplayValues: {} };
    views[def.AccountViewName] = view;
    const value = valueAt(`${def.AccountViewName}.${def.Name}`) ?? null;
    view.FieldDefinitions.push(def);
    view.Values[def.Name] = value;
    view.DisplayValues[def.Name] = displayFieldValue(def, value);
  }
  return views;
}
