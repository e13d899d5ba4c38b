/** Credit limits of companies and resellers: the Credit check tab [A2.12], [A2.47], [A3.3], [A4.3], [A5.2], [A7.4]. */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

/** [A9.1] Credit history page size. */
export const CREDIT_HISTORY_PAGE_SIZE = 5;
/** [A9.1] Number of page buttons in the credit history pager. */
export const CREDIT_HISTORY_PAGER_BUTTONS = 3;
/** Attachments one record may carry. */
export const CREDIT_ATTACHMENTS_MAX = 10;
export const CREDIT_COMMENT_MAX = 1000;

/**
 * A credit amount as it travels: a decimal string, at least 0 [A9.10], at most 2 decimals [A5.2],
 * at most 13 integer digits (numeric(15,2) in the database). Never a float.
 */
export const CREDIT_AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/** A money amount on the wire, always with 2 decimals, e.g. "1500.00". */
export const CreditAmountSchema = z.string().regex(/^\d{1,13}\.\d{2}$/);

/** [A4.3] The history label of a record: the limit change, or the lock change when only the lock changed. */
export const CREDIT_HISTORY_LABELS = ['assigned', 'changed', 'deactivated', 'locked', 'unlocked'] as const;
export const CreditHistoryLabelSchema = z.enum(CREDIT_HISTORY_LABELS);
export type CreditHistoryLabel = z.infer<typeof CreditHistoryLabelSchema>;

export const CreditAttachmentSchema = z.object({
  /** The stored name returned by POST /keeper/upload as data.path; downloaded from /keeper/download/{Url} [A7.2]. */
  Url: z.string().min(1).max(200),
  /** The file's original name, shown as the link text. */
  Title: z.string().trim().min(1).max(255),
});
export type CreditAttachment = z.infer<typeof CreditAttachmentSchema>;

export const CreditRecordAuthorSchema = z.object({
  Username: z.string().nullable(),
  DisplayName: z.string(),
  /** Null when the author is outside the viewer's scope: the name is shown, no link. */
  AccountId: AccountIdSchema.nullable(),
});

/** [A3.3] Credit limit record, with the previous limit and lock flag for the history. */
export const CreditLimitRecordSchema = z.object({
  Id: z.string(),
  /** Null means deactivated. */
  Limit: CreditAmountSchema.nullable(),
  IsLocked: z.boolean(),
  PreviousLimit: CreditAmountSchema.nullable(),
  PreviousIsLocked: z.boolean(),
  Label: CreditHistoryLabelSchema,
  /** Set when this record locked or unlocked the limit, also when the limit changed too. */
  LockChange: z.enum(['locked', 'unlocked']).nullable(),
  Comment: z.string(),
  Attachments: z.array(CreditAttachmentSchema),
  /** ISO 8601 UTC. */
  Date: z.string(),
  /** The account's Company.Currency when the record was written. */
  Currency: z.string().nullable(),
  CreatedBy: CreditRecordAuthorSchema,
});
export type CreditLimitRecord = z.infer<typeof CreditLimitRecordSchema>;

/**
 * Decision 0046: what an order of a customer (company) without a credit limit gets. Allowed: it completes, as
 * before the setting existed (no row). Reviewed: it waits for a review like an order above the limit.
 * A setting of the nearest reseller (or the provider) above the company.
 */
export const ORDERS_WITHOUT_LIMIT = ['Allowed', 'Reviewed'] as const;
export const OrdersWithoutLimitSchema = z.enum(ORDERS_WITHOUT_LIMIT);
export type OrdersWithoutLimit = z.infer<typeof OrdersWithoutLimitSchema>;

/** A reseller's credit setting for its customers (decision 0046), versioned as decision 0036 says. */
export const CreditPolicySchema = z.object({
  AccountId: AccountIdSchema,
  OrdersWithoutLimit: OrdersWithoutLimitSchema,
  /** Whether the caller may change it: FIELDS_CREDITLIMIT_UPDATE and not the caller's own organisation. */
  CanEdit: z.boolean(),
  /** 0 while the reseller never saved one (then Allowed applies). */
  Version: RecordVersionSchema,
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
});
export type CreditPolicy = z.infer<typeof CreditPolicySchema>;

export const CreditLimitRecordsSchema = z.object({
  AccountId: AccountIdSchema,
  /** The current limit; null when none is assigned or it was deactivated. */
  Limit: CreditAmountSchema.nullable(),
  IsLocked: z.boolean(),
  /** The account's Company.Currency. */
  Currency: z.string().nullable(),
  /** [A5.2], [A6.19] Whether the caller may add a record now (computed by the server). */
  CanEdit: z.boolean(),
  /** Decision 0036: the number of records in the history, sent back by AddCreditLimitRecord; with who wrote the newest and when. */
  Version: RecordVersionSchema,
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
  /** History, newest first. */
  Items: z.array(CreditLimitRecordSchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
  /**
   * Decision 0046: the viewer's own company reads its limit here and changes nothing; its history (the
   * reseller's reasons and attachments) is not shown to it (Items empty, Total 0).
   */
  OwnOrganisation: z.boolean(),
  /** What this account's orders get while it has no limit (a company: its reseller's setting); decision 0046. */
  OrdersWithoutLimit: OrdersWithoutLimitSchema,
  /** A reseller's setting for its customers without a limit; null for a company. */
  Policy: CreditPolicySchema.nullable(),
});
export type CreditLimitRecords = z.infer<typeof CreditLimitRecordsSchema>;

export const GetCreditLimitRecords = defineOperation({
  name: 'GetCreditLimitRecords',
  summary: 'Current credit limit, lock, can-edit flag and a page of the history of a company or reseller [A7.4]',
  input: z.object({
    accountId: AccountIdSchema,
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(50).default(CREDIT_HISTORY_PAGE_SIZE),
  }),
  output: CreditLimitRecordsSchema,
  access: { kind: 'capability', capability: { name: 'FIELDS_CREDITLIMIT', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const AddCreditLimitRecordInputSchema = z.object({
  accountId: AccountIdSchema,
  /** A decimal string such as "1500" or "1500.00"; null deactivates the limit. Checked by the server's rules. */
  Limit: z.string().trim().max(32).nullable(),
  Comment: z.string().max(CREDIT_COMMENT_MAX),
  IsLocked: z.boolean(),
  Attachments: z.array(CreditAttachmentSchema).max(CREDIT_ATTACHMENTS_MAX).default([]),
  /** The Version GetCreditLimitRecords returned; a stale one answers 409 with the limit as it is now (decision 0036). */
  Version: RecordVersionSchema,
});

export const AddCreditLimitRecord = defineOperation({
  name: 'AddCreditLimitRecord',
  summary: 'Assign, change, deactivate, lock or unlock the credit limit of a company or reseller [A7.4]',
  input: AddCreditLimitRecordInputSchema,
  output: CreditLimitRecordSchema,
  access: { kind: 'capability', capability: { name: 'FIELDS_CREDITLIMIT', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const UpdateCreditLimitPolicy = defineOperation({
  name: 'UpdateCreditLimitPolicy',
  summary:
    "Set what orders of a reseller's customers without a credit limit get: allowed or reviewed (decision 0046; not in the spec)",
  input: z.object({
    accountId: AccountIdSchema,
    OrdersWithoutLimit: OrdersWithoutLimitSchema,
    /** The Policy.Version GetCreditLimitRecords returned; a stale one answers 409 (decision 0036). */
    Version: RecordVersionSchema,
  }),
  output: CreditPolicySchema,
  access: { kind: 'capability', capability: { name: 'FIELDS_CREDITLIMIT', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const creditLimitOperations = [GetCreditLimitRecords, AddCreditLimitRecord, UpdateCreditLimitPolicy] as const;
