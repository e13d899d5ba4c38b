import { randomBytes } from 'node:crypto';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORED_FILE_REFERENCES } from '../../src/app.js';
import { SCHEDULED_TERMINATIONS_JOB_TYPE } from '../../src/domains/accounts/index.js';
import { QUOTE_EXPIRY_JOB_TYPE } from '../../src/domains/quotes/index.js';
import {
  findStoredFileToAttach,
  localDiskStorage,
  ORPHAN_SWEEP_EVERY_MS,
  ORPHAN_UPLOADS_JOB_TYPE,
  sweepOrphanUploads,
} from '../../src/platform/files/index.js';
import { createJobWorker, EXPIRED_JOB_FILES_JOB_TYPE } from '../../src/platform/jobs/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, serviceInput, VENDOR_CAPABILITIES } from '../factories/services.js';

/**
 * Issue 14: uploads no record refers to are removed by a recurring job of the job runner once they have been
 * unreferenced for longer than ORPHAN_UPLOAD_GRACE_HOURS (24 h here); referenced and young uploads stay.
 */

let t: TestApp;
let company: number;
let clerk: ApiClient; // attaches files to credit records
let vendor: ApiClient; // shows files on services and keeps them in drafts
let vendorAccount: number;

const HOUR = 3600_000;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);

async function upload(client: ApiClient, name = 'scan.pdf'): Promise<string> {
  const form = new FormData();
  const png = name.endsWith('.png');
  form.append('file', new Blob([png ? PNG : '%PDF-1.4 scan'], { type: png ? 'image/png' : 'application/pdf' }), name);
  const res = await fetch(`${t.url}/keeper/upload`, { method: 'POST', body: form, headers: { cookie: client.cookie ?? '' } });
  if (res.status !== 201) throw new Error(`upload ${res.status}`);
  return ((await res.json()) as { data: { path: string } }).data.path;
}

const hasRow = async (name: string) => (await t.db.query('SELECT 1 FROM stored_files WHERE name = $1', [name])).length === 1;
const hasBytes = (name: string) => existsSync(join(t.filesDir, name));
const stored = async (name: string) => ({ row: await hasRow(name), bytes: hasBytes(name) });
const markOf = async (name: string) =>
  (await t.db.query<{ orphaned_at: Date | null }>('SELECT orphaned_at FROM stored_files WHERE name = $1', [name]))[0]
    ?.orphaned_at;

/** The sweep as its job runs it (the app's references, a 24 h grace period, the app's files directory), at a chosen moment. */
const sweep = (now: Date) =>
  sweepOrphanUploads({
    db: t.db,
    storage: localDiskStorage(t.filesDir),
    references: STORED_FILE_REFERENCES,
    graceMs: 24 * HOUR,
    now,
  });

async function attachToCreditRecord(name: string) {
  const res = await clerk.edit('AddCreditLimitRecord', {
    accountId: company,
    Limit: null,
    IsLocked: false,
    Comment: `attach ${name}`,
    Attachments: [{ Url: name, Title: 'approval.pdf' }],
  });
  // A record that changes nothing is refused; alternate the lock so each one is a change.
  if (res.status === 422) {
    const locked = await clerk.edit('AddCreditLimitRecord', {
      accountId: company,
      Limit: null,
      IsLocked: true,
      Comment: `attach ${name}`,
      Attachments: [{ Url: name, Title: 'approval.pdf' }],
    });
    expect(locked.status).toBe(200);
    return;
  }
  expect(res.status).toBe(200);
}

let serviceCounter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  vendorAccount = await makeAccount(t.db, { type: 'Company', parentId: provider });
  const sign = async (parentId: number, capabilities: readonly string[]) =>
    new ApiClient(t.url).signIn((await makeUser(t.db, { parentId, capabilities: [...capabilities] })).username);
  clerk = await sign(reseller, [
    'FIELDS_CREDITLIMIT_READ',
    'FIELDS_CREDITLIMIT_UPDATE',
    'FIELDS_CREDITLIMIT_OVERWRITE_LOCK_UPDATE',
  ]);
  vendor = await sign(vendorAccount, VENDOR_CAPABILITIES);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Each test starts from no schedule and no marks of earlier tests' files: only its own files matter to it.
  await t.db.query('DELETE FROM jobs WHERE type = ANY($1)', [[ORPHAN_UPLOADS_JOB_TYPE, EXPIRED_JOB_FILES_JOB_TYPE]]);
  await t.db.query('UPDATE stored_files SET orphaned_at = NULL');
});

describe('orphan uploads (issue 14)', () => {
  it('removes an upload no record has referred to for longer than the grace period, row and bytes; referenced and young ones stay', async () => {
    const orphan = await upload(clerk);
    const attached = await upload(clerk);
    await attachToCreditRecord(attached);
    const icon = await upload(vendor, 'icon.png');
    const shot = await upload(vendor, 'shot.png');
    const manual = await upload(vendor);
    await createService(
      t.db,
      vendor,
      serviceInput(`Orphans ${++serviceCounter}`, {
        Icon: icon,
        Screenshots: [{ Url: shot, Description: 'Dashboard' }],
        Downloads: [{ Url: manual, Description: 'Manual' }],
      }),
    );
    const start = new Date();

    await t.app.jobs.ensureSchedules(start);
    await t.app.jobs.runDue({ now: start });
    const young = await upload(clerk);
    await t.app.jobs.runDue({ now: later(start, 1) });
    await t.app.jobs.runDue({ now: later(start, 25) });
    const runs = await t.db.query<{ status: string }>('SELECT status FROM jobs WHERE type = $1', [ORPHAN_UPLOADS_JOB_TYPE]);

    expect(runs.map((r) => r.status).sort()).toEqual(['queued', 'succeeded', 'succeeded', 'succeeded']);
    expect(await stored(orphan)).toEqual({ row: false, bytes: false });
    for (const kept of [attached, icon, shot, manual, young])
      expect(await stored(kept), kept).toEqual({ row: true, bytes: true });
    const download = await fetch(`${t.url}/keeper/download/${orphan}`, { headers: { cookie: clerk.cookie ?? '' } });
    expect(download.status).toBe(404);
  });

  it('keeps an orphan until it has been unreferenced for longer than the grace period', async () => {
    const file = await upload(clerk);
    const start = new Date();

    const first = await sweep(start);
    const atGrace = await sweep(later(start, 24));
    const keptAtGrace = await stored(file);
    const past = await sweep(later(start, 24.01));

    expect(first.Marked).toBeGreaterThanOrEqual(1);
    expect(atGrace.Removed).toBe(0);
    expect(keptAtGrace).toEqual({ row: true, bytes: true });
    expect(past.Removed).toBeGreaterThanOrEqual(1);
    expect(await stored(file)).toEqual({ row: false, bytes: false });
  });

  it('removes bytes on disk that no row records once they are older than the grace period, and keeps newer ones', async () => {
    const old = `${randomBytes(16).toString('hex')}.pdf`;
    const fresh = `${randomBytes(16).toString('hex')}.pdf`;
    const now = new Date();
    writeFileSync(join(t.filesDir, old), 'left by a process that stopped before recording it');
    writeFileSync(join(t.filesDir, fresh), 'being recorded right now');
    utimesSync(join(t.filesDir, old), later(now, -25), later(now, -25));
    const recorded = await upload(clerk);
    utimesSync(join(t.filesDir, recorded), later(now, -25), later(now, -25));

    const result = await sweep(now);

    expect(result.Unrecorded).toBeGreaterThanOrEqual(1);
    expect(hasBytes(old)).toBe(false);
    expect(hasBytes(fresh)).toBe(true);
    // An upload with its row is the orphan sweep's business: its own grace counts from when it was recorded.
    expect(await stored(recorded)).toEqual({ row: true, bytes: true });
  });

  it('never removes an upload younger than the grace period, whatever its mark says', async () => {
    const file = await upload(clerk);
    const now = new Date();
    await t.db.query(`UPDATE stored_files SET orphaned_at = $2 WHERE name = $1`, [file, later(now, -48)]);

    const result = await sweep(later(now, 1));

    expect(result.Removed).toBe(0);
    expect(await stored(file)).toEqual({ row: true, bytes: true });
  });

  it('unmarks an orphan a record refers to again, so the next sweep keeps it', async () => {
    const file = await upload(clerk);
    const start = new Date();
    await sweep(start);
    const marked = await markOf(file);

    await attachToCreditRecord(file);
    const after = await sweep(later(start, 48));

    expect(marked).toBeInstanceOf(Date);
    expect(after.Unmarked).toBeGreaterThanOrEqual(1);
    expect(await markOf(file)).toBeNull();
    expect(await stored(file)).toEqual({ row: true, bytes: true });
  });

  it('keeps the uploads pending service changes, drafts, vendor logos, import records and job files refer to', async () => {
    const pendingDownload = await upload(vendor);
    const service = await createService(t.db, vendor, serviceInput(`Pending ${++serviceCounter}`));
    // A change waiting to be carried out (services.pending) shows the file once it is.
    await t.db.query(
      `UPDATE services SET pending = jsonb_build_object('Downloads', jsonb_build_array(jsonb_build_object('Url', $2::text)))
       WHERE service_name = $1`,
      [service.ServiceName, pendingDownload],
    );
    // After CreateService, which removes the creating user's draft.
    const draftIcon = await upload(vendor, 'draft.png');
    const draftShot = await upload(vendor, 'draft-shot.png');
    const saved = await vendor.op('SaveServiceDraft', {
      ServiceName: null,
      Version: 0,
      Data: serviceInput(`Draft ${++serviceCounter}`, { Icon: draftIcon, Screenshots: [{ Url: draftShot, Description: '' }] }),
    });
    expect(saved.status).toBe(200);
    const logo = await upload(vendor, 'logo.png');
    await t.db.query('INSERT INTO product_owner_profiles (account_id, icon_file_id) VALUES ($1, $2)', [vendorAccount, logo]);
    const template = await upload(clerk);
    const [user] = await t.db.query<{ uploaded_by: number }>('SELECT uploaded_by FROM stored_files WHERE name = $1', [template]);
    await t.db.query(
      `INSERT INTO account_imports (name, account_type, parent_id, upload_name, file_name, row_count, created_by)
       VALUES ('Import', 'Company', $1, $2, 'accounts.xlsm', 1, $3)`,
      [company, template, user?.uploaded_by],
    );
    const exported = await upload(clerk);
    await t.db.query(`INSERT INTO jobs (type, status, output_file, finished_at) VALUES ('test.export', 'succeeded', $1, now())`, [
      exported,
    ]);
    const start = new Date();

    await sweep(start);
    const result = await sweep(later(start, 48));

    for (const kept of [draftIcon, draftShot, pendingDownload, logo, template, exported]) {
      expect(await stored(kept), kept).toEqual({ row: true, bytes: true });
      expect(await markOf(kept), kept).toBeNull();
    }
    expect(result.Checked).toBeGreaterThanOrEqual(6);
  });

  it('is a recurring job: each run queues the next an hour later, and workers starting side by side queue it once', async () => {
    const start = new Date();
    const otherWorker = createJobWorker({
      db: t.db,
      log: t.app.log,
      handlers: [{ type: ORPHAN_UPLOADS_JOB_TYPE, everyMs: ORPHAN_SWEEP_EVERY_MS, run: async () => ({}) }],
    });
    const queued = () =>
      t.db.query<{ id: string; run_at: Date; status: string; result: unknown }>(
        `SELECT id, run_at, status, result FROM jobs WHERE type = $1 ORDER BY created_at, run_at`,
        [ORPHAN_UPLOADS_JOB_TYPE],
      );

    // Earlier tests queued a run of the every-minute terminations job, and the app's start the quote expiry, at their
    // own clock; start them afresh here.
    await t.db.query('DELETE FROM jobs WHERE type = ANY($1)', [[SCHEDULED_TERMINATIONS_JOB_TYPE, QUOTE_EXPIRY_JOB_TYPE]]);
    await Promise.all([t.app.jobs.ensureSchedules(start), t.app.jobs.ensureSchedules(start), otherWorker.ensureSchedules(start)]);
    const beforeRun = await queued();
    const scheduledTypes = await t.db.query<{ type: string }>(
      `SELECT type FROM jobs WHERE schedule_key IS NOT NULL AND status = 'queued'`,
    );
    const ran = await t.app.jobs.runDue({ now: start });
    const notDueYet = await t.app.jobs.runDue({ now: later(start, 0.5) });
    const afterRun = await queued();
    const ranNext = await t.app.jobs.runDue({ now: later(start, 1) });
    const afterSecond = await queued();

    expect(beforeRun).toHaveLength(1);
    // The app's four recurring jobs: expired job files, orphan uploads and quote expiry hourly, scheduled terminations
    // every minute.
    expect(scheduledTypes.map((j) => j.type).sort()).toEqual(
      [ORPHAN_UPLOADS_JOB_TYPE, EXPIRED_JOB_FILES_JOB_TYPE, SCHEDULED_TERMINATIONS_JOB_TYPE, QUOTE_EXPIRY_JOB_TYPE].sort(),
    );
    expect(ran).toBe(4);
    expect(notDueYet).toBe(1);
    expect(afterRun.map((j) => j.status)).toEqual(['succeeded', 'queued']);
    expect(afterRun[0]?.result).toMatchObject({ Checked: expect.any(Number), Removed: expect.any(Number) });
    expect(afterRun[1]?.run_at.getTime()).toBe(start.getTime() + ORPHAN_SWEEP_EVERY_MS);
    expect(ranNext).toBe(4);
    expect(afterSecond.map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'queued']);
    expect(afterSecond[2]?.run_at.getTime()).toBe(later(start, 1).getTime() + ORPHAN_SWEEP_EVERY_MS);
  });

  it('deletes the files jobs produced once they expired, as a recurring job too', async () => {
    const exported = await upload(clerk);
    const start = new Date();
    const [job] = await t.db.query<{ id: string }>(
      `INSERT INTO jobs (type, status, output_file, finished_at) VALUES ('test.export', 'succeeded', $1, $2) RETURNING id`,
      [exported, later(start, -25)],
    );

    await t.app.jobs.ensureSchedules(start);
    await t.app.jobs.runDue({ now: start });
    const [after] = await t.db.query<{ output_file: string | null }>('SELECT output_file FROM jobs WHERE id = $1', [job?.id]);
    const next = await t.db.query<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE type = $1 AND status = 'queued'`, [
      EXPIRED_JOB_FILES_JOB_TYPE,
    ]);

    expect(after?.output_file).toBeNull();
    expect(await stored(exported)).toEqual({ row: false, bytes: false });
    expect(next.map((j) => j.run_at.getTime())).toEqual([later(start, 1).getTime()]);
  });

  it('queues the next run even when a run fails for good', async () => {
    const start = new Date();
    const failing = createJobWorker({
      db: t.db,
      log: t.app.log,
      handlers: [
        {
          type: ORPHAN_UPLOADS_JOB_TYPE,
          everyMs: ORPHAN_SWEEP_EVERY_MS,
          run: async () => {
            throw new Error('disk unavailable');
          },
        },
      ],
      random: () => 0,
    });
    await failing.ensureSchedules(start);

    // Three attempts (a retry after 5 s, then 10 s), then the run fails and the next one is queued anyway.
    await failing.runDue({ now: start });
    await failing.runDue({ now: later(start, 0.01) });
    await failing.runDue({ now: later(start, 0.02) });
    const rows = await t.db.query<{ status: string; run_at: Date }>(
      'SELECT status, run_at FROM jobs WHERE type = $1 ORDER BY created_at, run_at',
      [ORPHAN_UPLOADS_JOB_TYPE],
    );

    expect(rows.map((r) => r.status)).toEqual(['failed', 'queued']);
    expect(rows[1]?.run_at.getTime()).toBe(later(start, 0.02).getTime() + ORPHAN_SWEEP_EVERY_MS);
  });

  // PGlite runs one transaction at a time: a held transaction would block the sweep itself. CI runs this on PostgreSQL.
  it.runIf(process.env.DATABASE_URL)('skips an orphan that a transaction is attaching right now', async () => {
    const file = await upload(clerk);
    const start = new Date();
    await sweep(start);
    let finishAttaching = () => {};
    const attachingDone = new Promise<void>((resolve) => {
      finishAttaching = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const attaching = t.db.transaction(async (tx) => {
      await findStoredFileToAttach(tx, file);
      locked();
      await attachingDone;
    });
    await isLocked;

    const during = await sweep(later(start, 25));
    const kept = await stored(file);
    finishAttaching();
    await attaching;

    expect(during.Removed).toBe(0);
    expect(kept).toEqual({ row: true, bytes: true });
  });

  it('removes each orphan once when two sweeps run side by side', async () => {
    const files = [await upload(clerk), await upload(clerk), await upload(clerk)];
    const start = new Date();
    const marked = (await sweep(start)).Marked;

    const [a, b] = await Promise.all([sweep(later(start, 25)), sweep(later(start, 25))]);

    expect(marked).toBeGreaterThanOrEqual(files.length);
    expect((a?.Removed ?? 0) + (b?.Removed ?? 0)).toBe(marked);
    for (const file of files) expect(await stored(file)).toEqual({ row: false, bytes: false });
  });
});
