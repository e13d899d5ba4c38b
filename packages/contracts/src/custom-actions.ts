/** Custom actions on an account [A1.5], [A2.7], [A2.38], [A4.12], [A7.5]: rename, change status, renew. */
import { z } from 'zod';
import { AccountIdSchema, AccountSchema, LayoutContainerSchema, ViewSchema, ViewValuesInputSchema } from './accounts.js';
import { defineOperation } from './operation.js';

export const CustomActionNameSchema = z.string().regex(/^[A-Z_]{2,40}$/, 'Unknown custom action');

export const CustomActionFormSchema = z.object({
  Name: z.string(),
  Title: z.string(),
  /** Flat containers of fields, drawn by the dynamic form (custom actions support flat layouts only [A8.12]). */
  Containers: z.array(LayoutContainerSchema),
  Views: z.record(z.string(), ViewSchema),
  /** The action asks for a confirmation before it runs [A4.12]. */
  NeedsConfirmation: z.boolean(),
  /** The values are saved for later (RENEW) rather than executed now. */
  IsScheduled: z.boolean(),
  /** Saved values exist and can be reset [A2.38]. */
  HasSavedValues: z.boolean(),
});
export type CustomActionForm = z.infer<typeof CustomActionFormSchema>;

const ActionInput = { accountId: AccountIdSchema, action: CustomActionNameSchema };

export const GetDefaultViewsForCustomAction = defineOperation({
  name: 'GetDefaultViewsForCustomAction',
  summary: 'The form of a custom action with its default (or saved) values [A7.5]',
  input: z.object(ActionInput),
  output: CustomActionFormSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.accountId,
  mutating: false,
});

export const ExecuteCustomAction = defineOperation({
  name: 'ExecuteCustomAction',
  summary:
    'Run a custom action with the submitted values; actions that need confirmation answer 409 CONFIRMATION_REQUIRED [A7.5]',
  input: z.object({ ...ActionInput, views: ViewValuesInputSchema }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.accountId,
  mutating: true,
});

export const ExecuteCustomActionByConfirm = defineOperation({
  name: 'ExecuteCustomActionByConfirm',
  summary: 'ExecuteCustomAction with the confirmation given [A7.5]',
  input: z.object({ ...ActionInput, views: ViewValuesInputSchema, confirmation: z.literal(true) }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.accountId,
  mutating: true,
});

export const UpdateAccountScheduledAction = defineOperation({
  name: 'UpdateAccountScheduledAction',
  summary: 'Save the values a scheduled action (RENEW) will use [A7.5]',
  input: z.object({ ...ActionInput, views: ViewValuesInputSchema }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.accountId,
  mutating: true,
});

export const RemoveSavedAccountScheduledAction = defineOperation({
  name: 'RemoveSavedAccountScheduledAction',
  summary: 'Forget the saved values of a scheduled action (RENEW) [A7.5]',
  input: z.object(ActionInput),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.accountId,
  mutating: true,
});

export const customActionOperations = [
  GetDefaultViewsForCustomAction,
  ExecuteCustomAction,
  ExecuteCustomActionByConfirm,
  UpdateAccountScheduledAction,
  RemoveSavedAccountScheduledAction,
] as const;
