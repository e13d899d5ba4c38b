/**
 * The bulk import wizard [A1.4], [A2.46], [A4.11], [A7.12]: the types a caller may import, the parents of an
 * import, the .xlsm template, its validation and the import itself (a durable job).
 */
import { z } from 'zod';
import { CreateParentItemSchema, createCapabilityKey } from './account-creation.js';
import { AccountIdSchema } from './accounts.js';
import { JobSchema } from './jobs.js';
import { defineOperation } from './operation.js';

/**
 * The account types the wizard imports (decision 0030-import-wizard): Users, Services (Product accounts: a
 * subscription of one chosen service per row), Companies and Resellers.
 */
export const IMPORT_TYPES = ['User', 'Product', 'Company', 'Reseller'] as const;
export const ImportTypeSchema = z.enum(IMPORT_TYPES, { message: `Choose one of ${IMPORT_TYPES.join(', ')}` });
export type ImportType = z.infer<typeof ImportTypeSchema>;

/** [A5.10], [A9.6] An uploaded template can be validated and imported for this long after its upload. */
export const IMPORT_UPLOAD_EXPIRY_MS = 600_000;
/** [A9.6] Rows per page of the preview grid. */
export const IMPORT_PREVIEW_PAGE_SIZE = 7;
/** [A9.6] The first data row of a template: row 1 is the header. */
export const IMPORT_FIRST_ROW = 2;
/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 5000;
/** [A5.4], [A8.4] */
export const IMPORT_ONLY_XLSM = 'Only .xlsm files can be uploaded';
export const XLSM_CONTENT_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.12';

/** [A5.13], [A6.6], [A6.7] The capability importing a type needs: the type's CREATE capability. */
export const importCapabilityKey = (type: ImportType): string => createCapabilityKey(type);

/** [A5.13] The types a holder of these capabilities may import, in the wizard's order. */
export function importableTypes(capabilities: ReadonlySet<string> | readonly string[]): ImportType[] {
  const has = (key: string) => (capabilities instanceof Set ? capabilities.has(key) : (capabilities as string[]).includes(key));
  return IMPORT_TYPES.filter((type) => has(importCapabilityKey(type)));
}

/** Any one of the import capabilities opens the wizard; the service checks the one of the chosen type. */
const ANY_IMPORT = {
  kind: 'anyCapability',
  capabilities: [
    { name: 'USER_ACCOUNT', kind: 'CREATE' },
    { name: 'COMPANY_ACCOUNT', kind: 'CREATE' },
    { name: 'RESELLER_ACCOUNT', kind: 'CREATE' },
    { name: 'PRODUCT_ACCOUNT', kind: 'CREATE' },
  ],
} as const;

export const GetAvailableImportTypes = defineOperation({
  name: 'GetAvailableImportTypes',
  summary: 'The account types the caller may import [A2.46], [A5.13]',
  input: z.object({}).default({}),
  output: z.object({ Types: z.array(ImportTypeSchema) }),
  access: ANY_IMPORT,
  mutating: false,
});

export const GetAvailableMigrationParents = defineOperation({
  name: 'GetAvailableMigrationParents',
  summary:
    "The accounts that may hold imported accounts of a type, inside the caller's scope (or below the given accounts) [A7.12]; none means the dialog No available migration parents [A8.5]",
  input: z.object({
    /** Look only below these accounts (e.g. the account page the import was started from); empty: the whole scope. */
    accountIds: z.array(AccountIdSchema).max(20).default([]),
    accountType: ImportTypeSchema,
    /** For a service import: the service (the parents do not depend on it). */
    productName: z.string().max(200).nullable().default(null),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ Items: z.array(CreateParentItemSchema) }),
  access: ANY_IMPORT,
  account: (i) => i.accountIds[0] ?? null,
  mutating: false,
});

export const MigrationServiceSchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  ShortDescription: z.string(),
  /** The service has terms and conditions the company must have accepted before the import. */
  HasTerms: z.boolean(),
});

export const GetAvailableMigrationServicesForCompany = defineOperation({
  name: 'GetAvailableMigrationServicesForCompany',
  summary: 'The services a service import under the chosen parent can subscribe to [A2.46], [A7.12]',
  input: z.object({
    /** The chosen parent of the imported services (a user). */
    accountId: AccountIdSchema,
    text: z.string().trim().max(100).default(''),
    limit: z.number().int().min(1).max(200).default(100),
  }),
  output: z.object({ Items: z.array(MigrationServiceSchema) }),
  access: { kind: 'capability', capability: { name: 'PRODUCT_ACCOUNT', kind: 'CREATE' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const GenerateExcelTemplate = defineOperation({
  name: 'GenerateExcelTemplate',
  summary:
    'The .xlsm import template of a type under a parent: a header row of the creatable fields (required ones marked *) and an instructions sheet [A7.12]',
  input: z.object({
    type: ImportTypeSchema,
    productName: z.string().max(200).nullable().default(null),
    mode: z.literal('CREATE', { message: 'Only the mode CREATE is supported' }).default('CREATE'),
    /** The parent of the imported accounts, first and only. */
    accountIds: z.array(AccountIdSchema).min(1, { message: 'Choose the parent of the imported accounts' }).max(1),
  }),
  output: z.object({
    FileName: z.string(),
    ContentType: z.string(),
    /** The workbook, base64-encoded. */
    Content: z.string(),
  }),
  access: ANY_IMPORT,
  account: (i) => i.accountIds[0] ?? null,
  mutating: false,
});

export const ImportRowErrorSchema = z.object({
  /** The spreadsheet row, from 2 (row 1 is the header) [A9.6]. */
  Row: z.number().int(),
  /** Every problem of the row, each naming its column. */
  ErrorDetails: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** [A3.9] The import validation result. */
export const ImportValidationSchema = z.object({
  AccountType: ImportTypeSchema,
  ParentAccountId: AccountIdSchema,
  ParentDisplayName: z.string(),
  /** The service of a service import, else null. */
  ProductName: z.string().nullable(),
  FileName: z.string(),
  /** The rows as text, header first. */
  Content: z.array(z.array(z.string())),
  Errors: z.array(ImportRowErrorSchema),
});
export type ImportValidation = z.infer<typeof ImportValidationSchema>;

export const ValidateExcelTemplate = defineOperation({
  name: 'ValidateExcelTemplate',
  summary:
    'Reads an uploaded .xlsm template and validates every row with the rules CreateAccount applies, usernames unique inside the file too [A3.9], [A7.12]',
  input: z.object({ url: z.string().trim().min(1, { message: 'Upload the template first' }).max(200) }),
  output: ImportValidationSchema,
  access: ANY_IMPORT,
  mutating: false,
});

export const IMPORT_STATUSES = ['Queued', 'Succeeded', 'Failed'] as const;

/** [A3.9] The import record. */
export const ImportRecordSchema = z.object({
  ImportId: z.number().int(),
  Name: z.string(),
  AccountType: ImportTypeSchema,
  ParentAccountId: AccountIdSchema,
  FileName: z.string(),
  Status: z.enum(IMPORT_STATUSES),
  Rows: z.number().int(),
  RowsCreated: z.number().int(),
  NumberOfErrors: z.number().int(),
  Error: z.string().nullable(),
  CreatedBy: AccountIdSchema,
  /** ISO 8601 UTC. */
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
  JobId: z.string(),
});
export type ImportRecord = z.infer<typeof ImportRecordSchema>;

/** What a finished import job gives as its result. */
export interface ImportJobResult {
  ImportId: number;
  RowsCreated: number;
  AccountIds: number[];
}

export const CreateImport = defineOperation({
  name: 'CreateImport',
  summary:
    'Validates an uploaded template again and queues the import: every row is created like CreateAccount, all or nothing, in a durable job [A7.12]',
  input: z.object({
    uploadUrl: z.string().trim().min(1, { message: 'Upload the template first' }).max(200),
    name: z.string().trim().min(1, { message: 'Give the import a name' }).max(200),
  }),
  output: z.object({ Import: ImportRecordSchema, Job: JobSchema }),
  access: ANY_IMPORT,
  mutating: true,
});

export const GetImport = defineOperation({
  name: 'GetImport',
  summary: "An import record: type, name, number of errors, rows created, who and when [A3.9]; the importer's or one in scope",
  input: z.object({ importId: z.number().int().positive() }),
  output: ImportRecordSchema,
  access: ANY_IMPORT,
  mutating: false,
});

export const accountImportOperations = [
  GetAvailableImportTypes,
  GetAvailableMigrationParents,
  GetAvailableMigrationServicesForCompany,
  GenerateExcelTemplate,
  ValidateExcelTemplate,
  CreateImport,
  GetImport,
] as const;
