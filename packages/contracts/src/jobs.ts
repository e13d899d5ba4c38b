/** Durable jobs: long work (exports, bulk sends, e-mails) runs in the background; the UI polls its progress. */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobIdSchema = z.uuid();

/** A job as its creator (or someone whose scope includes its account) sees it. */
export const JobSchema = z.object({
  Id: JobIdSchema,
  Type: z.string(),
  Status: JobStatusSchema,
  /** 0 to 100. */
  Progress: z.number().int().min(0).max(100),
  ProgressMessage: z.string().nullable(),
  /** What the job produced once it succeeded; its shape depends on Type. */
  Result: z.record(z.string(), z.unknown()).nullable(),
  /** Why the last attempt failed, in words for the user; set while a retry waits and once the job failed. */
  Error: z.string().nullable(),
  Attempts: z.number().int(),
  MaxAttempts: z.number().int(),
  AccountId: AccountIdSchema.nullable(),
  /** ISO 8601 UTC. */
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** Whether a job is still on its way: the UI keeps polling until it is not. */
export const isJobPending = (job: Pick<Job, 'Status'>) => job.Status === 'queued' || job.Status === 'running';

export const GetJob = defineOperation({
  name: 'GetJob',
  summary: "A job's status, progress and result; for its creator or a caller whose scope includes the job's account",
  input: z.object({ id: JobIdSchema }),
  output: JobSchema,
  access: { kind: 'session' },
  mutating: false,
});

export const jobOperations = [GetJob] as const;
