/** The audit trail the operation layer writes, read back per account (Audit log) and per user (User log). */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';

export const AuditPersonSchema = z.object({
  /** Null when the person is outside the viewer's scope: the name is shown, no link. */
  AccountId: AccountIdSchema.nullable(),
  DisplayName: z.string(),
});

export const AuditChangeSchema = z.object({ Field: z.string(), Before: z.string().nullable(), After: z.string().nullable() });

export const AuditEntrySchema = z.object({
  Id: z.string(),
  OccurredAt: z.string(),
  Operation: z.string(),
  Actor: AuditPersonSchema.nullable(),
  Impersonator: AuditPersonSchema.nullable(),
  AccountId: AccountIdSchema.nullable(),
  AccountDisplayName: z.string().nullable(),
  Changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const DateFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form yyyy-MM-dd')
  .nullable()
  .default(null);

const AuditQuery = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(5).max(100).default(20),
  operation: z.string().max(100).nullable().default(null),
  /** Inclusive, UTC. */
  from: DateFilter,
  /** Inclusive, UTC. */
  to: DateFilter,
};

export const AuditPageSchema = z.object({
  Items: z.array(AuditEntrySchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
  /** Operations that occur in this log, for the filter. */
  Operations: z.array(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const GetAuditLog = defineOperation({
  name: 'GetAuditLog',
  summary: 'Audit entries of one account, newest first, filtered and paged [A2.21]',
  input: z.object({ accountId: AccountIdSchema, ...AuditQuery }),
  output: AuditPageSchema,
  access: { kind: 'capability', capability: { name: 'AUDIT_LOG', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const GetUserLog = defineOperation({
  name: 'GetUserLog',
  summary: "A user's sign-ins and actions, newest first, filtered and paged [A2.22]",
  input: z.object({ userId: AccountIdSchema, ...AuditQuery }),
  output: AuditPageSchema,
  access: { kind: 'capability', capability: { name: 'AUDIT_LOG', kind: 'READ' } },
  account: (i) => i.userId,
  mutating: false,
});

export const auditOperations = [GetAuditLog, GetUserLog] as const;
