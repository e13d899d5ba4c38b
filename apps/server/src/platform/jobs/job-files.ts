import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { EXPORT_FILE_HOURS, type ExportFileResult } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import {
  deleteStoredFile,
  type FileStorage,
  findStoredFile,
  insertStoredFile,
  type StoredFileReferences,
} from '../files/index.js';
import { sendProblem } from '../http/error-handler.js';
import type { Caller } from '../operations/types.js';
import { openSecret, sealSecret } from '../secrets/index.js';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/xlsx-writer.js';
import { isInScope } from '../tenancy/scope.js';
import type { JobContext, JobHandler } from './job-worker.js';
import * as repo from './jobs.repository.js';

/** How long a job's file (an export holding first-time passwords, say) stays on disk. */
export const JOB_FILE_HOURS = EXPORT_FILE_HOURS;

export const jobDownloadUrl = (jobId: string) => `/api/jobs/${jobId}/download`;

/**
 * The purpose a sealed job file is sealed for (decision 0035). A file that holds secrets (first-time passwords) is
 * stored sealed with the secrets key, named `<hex>.sealed`, and opened only when its creator downloads it.
 */
const JOB_FILE_PURPOSE = 'job-file';
const isSealedFile = (name: string) => name.endsWith('.sealed');

/**
 * Writes a file a job produced to the storage and registers it in the job's transaction (stored_files,
 * owned by the job's creator). Returns its stored name for succeedIn's outputFile. If the transaction
 * later rolls back, call discard.
 */
export async function writeJobFile(
  storage: FileStorage,
  data: Buffer,
  extension: 'xlsx' | 'pdf' | 'sealed',
): Promise<{ name: string; discard: () => Promise<void> }> {
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await storage.write(name, data);
  return { name, discard: () => storage.remove(name) };
}

export async function registerJobFile(
  tx: Queryable,
  file: { name: string; originalName: string; contentType: string; sizeBytes: number; createdBy: number },
): Promise<void> {
  await insertStoredFile(tx, {
    name: file.name,
    original_name: file.originalName,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    uploaded_by: file.createdBy,
  });
}

const PURGE_BATCH = 200;

/** Deletes job files older than JOB_FILE_HOURS, at most one batch; returns how many. */
export async function purgeExpiredJobFiles(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - JOB_FILE_HOURS * 3600_000);
  const expired = await repo.listExpiredOutputFiles(db, before, PURGE_BATCH);
  for (const job of expired) {
    await db.transaction(async (tx) => {
      await repo.clearOutputFile(tx, job.id);
      await deleteStoredFile(tx, job.output_file);
    });
    await storage.remove(job.output_file);
  }
  return expired.length;
}

export const EXPIRED_JOB_FILES_JOB_TYPE = 'jobs.delete-expired-files';

/** The recurring job that deletes job files JOB_FILE_HOURS after they were made, every hour, batch after batch. */
export function expiredJobFilesJobHandler(deps: { storage: FileStorage }): JobHandler<unknown> {
  return {
    type: EXPIRED_JOB_FILES_JOB_TYPE,
    everyMs: 3600_000,
    async run(ctx) {
      const now = ctx.now();
      let deleted = 0;
      for (;;) {
        const batch = await purgeExpiredJobFiles(ctx.db, deps.storage, now);
        deleted += batch;
        if (batch < PURGE_BATCH) break;
        await ctx.pause();
      }
      return { Deleted: deleted };
    },
  };
}

/** Files jobs produced, until purgeExpiredJobFiles deletes them: for the orphan upload sweep (platform/files). */
export const jobFileReferences: StoredFileReferences = { owner: 'jobs', sql: repo.OUTPUT_FILE_NAMES_SQL };

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * GET /api/jobs/{id}/download: the file a job produced, for the job's creator only, while the job's
 * account is still inside the creator's scope. Anything else answers like a job that does not exist.
 */
export function registerJobDownloadRoute(
  app: FastifyInstance,
  options: { db: Db; storage: FileStorage; resolveCaller: (db: Db, request: FastifyRequest) => Promise<Caller | null> },
) {
  const { db, storage } = options;
  app.get<{ Params: { id: string } }>('/api/jobs/:id/download', { config: { session: true } }, async (request, reply) => {
    const caller = await options.resolveCaller(db, request);
    if (!caller) return sendProblem(reply, request, { status: 401, code: 'UNAUTHENTICATED', detail: 'Sign in to continue' });
    const missing = () => sendProblem(reply, request, { status: 404, code: 'NOT_FOUND', detail: 'File not found' });
    const id = request.params.id.toLowerCase();
    if (!JOB_ID.test(id)) return missing();
    const job = await repo.findJob(db, id);
    if (!job || job.created_by !== caller.userId) return missing();
    if (job.account_id !== null) {
      const [account] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [job.account_id]);
      if (!account || !isInScope(caller.scope.rootPath, account.path)) return missing();
    }
    if (job.status !== 'succeeded') return missing();
    if (!job.output_file) {
      return sendProblem(reply, request, {
        status: 404,
        code: 'NOT_FOUND',
        detail: `The file was deleted ${JOB_FILE_HOURS} hours after it was made; run the export again`,
      });
    }
    const stored = await findStoredFile(db, job.output_file);
    const stream = stored ? await storage.read(job.output_file) : null;
    if (!stored || !stream) return missing();
    const body = isSealedFile(job.output_file) ? Buffer.from(openSecret(JOB_FILE_PURPOSE, await text(stream)), 'base64') : stream;
    const ascii = stored.original_name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
    return reply
      .header('content-type', stored.content_type)
      .header('content-length', String(stored.size_bytes))
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(stored.original_name)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}

/** A PDF document's content type, for job files. */
export const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * Finishes a job that produced a workbook: writes it to the storage, then in one transaction runs the job's own
 * last writes (`alsoIn`, e.g. audit rows), registers the file for its creator and marks the job succeeded with
 * the ExportFileResult the export windows read; the file is removed again when that transaction fails.
 */
export async function succeedWithWorkbook(
  ctx: JobContext<unknown>,
  storage: FileStorage,
  p: {
    data: Buffer;
    fileName: string;
    rows: number;
    createdBy: number;
    message: string;
    alsoIn?: (tx: Queryable) => Promise<void>;
    /** The workbook holds secrets: store it sealed (it is opened for its download only). */
    sealed?: boolean;
  },
): Promise<void> {
  await succeedWithFile(ctx, storage, { ...p, kind: 'xlsx' });
}

/** succeedWithWorkbook for any file kind a job produces: an .xlsx workbook or a .pdf document. */
export async function succeedWithFile(
  ctx: JobContext<unknown>,
  storage: FileStorage,
  p: {
    kind: 'xlsx' | 'pdf';
    data: Buffer;
    fileName: string;
    rows: number;
    createdBy: number;
    message: string;
    alsoIn?: (tx: Queryable) => Promise<void>;
    sealed?: boolean;
  },
): Promise<void> {
  const file = p.sealed
    ? await writeJobFile(storage, Buffer.from(sealSecret(JOB_FILE_PURPOSE, p.data.toString('base64'))), 'sealed')
    : await writeJobFile(storage, p.data, p.kind);
  const result: ExportFileResult = {
    FileName: p.fileName,
    DownloadUrl: jobDownloadUrl(ctx.job.id),
    SizeBytes: p.data.length,
    Rows: p.rows,
    ExpiresAt: new Date(ctx.now().getTime() + EXPORT_FILE_HOURS * 3600_000).toISOString(),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      await p.alsoIn?.(tx);
      await registerJobFile(tx, {
        name: file.name,
        originalName: p.fileName,
        contentType: p.kind === 'pdf' ? PDF_CONTENT_TYPE : XLSX_CONTENT_TYPE,
        sizeBytes: p.data.length,
        createdBy: p.createdBy,
      });
      await ctx.succeedIn(tx, result, { message: p.message, outputFile: file.name });
    });
  } catch (error) {
    await file.discard();
    throw error;
  }
}
