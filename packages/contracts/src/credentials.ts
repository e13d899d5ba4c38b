/**
 * First-time credentials and account exports: send credentials to a user [A6.19] or to every user
 * of a company [A6.11], the first-time credentials export [A2.3] and the company hierarchy export
 * [A2.4]; the operations of [A7.11].
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { JobSchema } from './jobs.js';
import { defineOperation } from './operation.js';

/** Account types whose users can all be sent credentials or exported, and whose hierarchy can be exported [A6.19]. */
export const BULK_CREDENTIAL_ACCOUNT_TYPES = ['Reseller', 'Company'] as const;

/** Hours an export file stays downloadable. */
export const EXPORT_FILE_HOURS = 24;

/** The Result of an export job. */
export const ExportFileResultSchema = z.object({
  FileName: z.string(),
  /** GET this with the session of the job's creator. */
  DownloadUrl: z.string(),
  SizeBytes: z.number().int(),
  Rows: z.number().int(),
  /** ISO 8601 UTC; the file is deleted afterwards. */
  ExpiresAt: z.string(),
});
export type ExportFileResult = z.infer<typeof ExportFileResultSchema>;

/** The Result of a send-credentials-to-all job. */
export const SendCredentialsResultSchema = z.object({
  /** Users who were sent a new first-time password. */
  Sent: z.number().int(),
  /** Active users left out because they have no valid e-mail address or no username. */
  Skipped: z.number().int(),
});
export type SendCredentialsResult = z.infer<typeof SendCredentialsResultSchema>;

const USER_EXPORT_EXECUTE = { kind: 'capability', capability: { name: 'USER_EXPORT', kind: 'EXECUTE' } } as const;

export const SendUserFirstTimePassword = defineOperation({
  name: 'SendUserFirstTimePassword',
  summary:
    "Gives a User account a new first-time password and e-mails it to the user's User.Values.Email [A7.11], [A6.19]; the current password stops working",
  input: z.object({ id: AccountIdSchema }),
  output: z.object({
    AccountId: AccountIdSchema,
    /** Where the password was sent. */
    Email: z.string(),
    /** The outbox message. */
    MessageId: z.uuid(),
  }),
  access: USER_EXPORT_EXECUTE,
  account: (i) => i.id,
  mutating: true,
});

export const SendUsersFirstTimePasswordForCompany = defineOperation({
  name: 'SendUsersFirstTimePasswordForCompany',
  summary:
    'Starts a job that sends a new first-time password to every active user below a Company or Reseller (the caller excepted) [A7.11], [A6.11]',
  input: z.object({ id: AccountIdSchema }),
  output: JobSchema,
  access: USER_EXPORT_EXECUTE,
  account: (i) => i.id,
  mutating: true,
});

export const ExportUserCredentials = defineOperation({
  name: 'ExportUserCredentials',
  summary:
    'Starts a job that gives every active user below the companies a new first-time password and lists them in an .xlsx file [A7.11], [A2.3], [A6.11]',
  input: z.object({ companyIds: z.array(AccountIdSchema).min(1).max(20) }),
  output: JobSchema,
  access: USER_EXPORT_EXECUTE,
  // The guard checks the first company; the service checks the others the same way.
  account: (i) => i.companyIds[0] ?? null,
  mutating: true,
});

export const GenerateCompanyHierarchy = defineOperation({
  name: 'GenerateCompanyHierarchy',
  summary: 'Starts a job that writes the hierarchy below a Company or Reseller to an .xlsx file [A7.11], [A2.4], [A6.12]',
  input: z.object({ accountId: AccountIdSchema }),
  output: JobSchema,
  access: { kind: 'capability', capability: { name: 'COMPANY_ACCOUNT', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const credentialOperations = [
  SendUserFirstTimePassword,
  SendUsersFirstTimePasswordForCompany,
  ExportUserCredentials,
  GenerateCompanyHierarchy,
] as const;
