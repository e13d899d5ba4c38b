/** The e-mail outbox: every e-mail the portal sends, readable in the Outbox screen with OUTBOX_READ. */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';

/**
 * queued: waiting for its delivery job; sent: accepted by the SMTP server; stored: kept in the outbox
 * only (no SMTP server configured); failed: delivery was given up; switched_off: never delivered, because the
 * recipient switched this kind of e-mail off on their Notifications tab (decision 0053).
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'stored', 'failed', 'switched_off'] as const;
export const OutboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

export const OUTBOX_PAGE_SIZE = 15;

export const OutboxMessageSummarySchema = z.object({
  Id: z.uuid(),
  To: z.string(),
  Subject: z.string(),
  Status: OutboxStatusSchema,
  /** The account the message was sent to, when it was sent to one. */
  AccountId: AccountIdSchema.nullable(),
  AccountDisplayName: z.string().nullable(),
  /** ISO 8601 UTC. */
  CreatedAt: z.string(),
  DeliveredAt: z.string().nullable(),
});
export type OutboxMessageSummary = z.infer<typeof OutboxMessageSummarySchema>;

export const OutboxMessageSchema = OutboxMessageSummarySchema.extend({
  /** Set once delivered. */
  From: z.string().nullable(),
  Text: z.string(),
  Html: z.string().nullable(),
  Error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxPageSchema = z.object({
  Items: z.array(OutboxMessageSummarySchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

const OUTBOX_READ = { kind: 'capability', capability: { name: 'OUTBOX', kind: 'READ' } } as const;

export const ListOutboxMessages = defineOperation({
  name: 'ListOutboxMessages',
  summary: 'E-mails sent to accounts inside the caller scope, newest first, paged; optionally filtered by recipient or subject',
  input: z.object({
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(5).max(100).default(OUTBOX_PAGE_SIZE),
    search: z.string().trim().max(200).default(''),
  }),
  output: OutboxPageSchema,
  access: OUTBOX_READ,
  mutating: false,
});

export const GetOutboxMessage = defineOperation({
  name: 'GetOutboxMessage',
  summary: 'One e-mail of the outbox with its body',
  input: z.object({ id: z.uuid() }),
  output: OutboxMessageSchema,
  access: OUTBOX_READ,
  mutating: false,
});

export const mailOperations = [ListOutboxMessages, GetOutboxMessage] as const;
