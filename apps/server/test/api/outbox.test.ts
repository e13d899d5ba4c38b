import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '../../src/platform/jobs/index.js';
import { createSmtpTransport, mailJobHandler, sendMail } from '../../src/platform/mail/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/** The e-mail outbox: every message is a durable job; the Outbox operations are scoped like accounts. */

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let foreignCompany: number;
let user: number;
let foreignUser: number;
const clients: Record<string, ApiClient> = {};

async function client(name: string, parentId: number, capabilities: string[]) {
  const u = await makeUser(t.db, { parentId, capabilities });
  clients[name] = await new ApiClient(t.url).signIn(u.username);
}

const send = (to: string, subject: string, accountId: number | null, text = `Body of ${subject}`) =>
  t.db.transaction((tx) => sendMail(tx, { to, subject, text, accountId, kind: 'OrderPlaced' }));

async function outboxRow(id: string) {
  const [row] = await t.db.query<{ status: string; error: string | null; mail_from: string | null; delivered_at: Date | null }>(
    'SELECT status, error, mail_from, delivered_at FROM mail_outbox WHERE id = $1',
    [id],
  );
  return row;
}

const comparable = (body: Record<string, unknown>) => {
  const { requestId: _r, ...rest } = body;
  return rest;
};

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Outbox Company' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });
  user = (await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Olivia Outbox' })).id;
  foreignUser = (await makeUser(t.db, { parentId: foreignCompany, capabilities: [] })).id;
  await client('provider', provider, ['OUTBOX_READ']);
  await client('reseller', reseller, ['OUTBOX_READ']);
  await client('company', company, ['OUTBOX_READ']);
  await client('foreign', otherReseller, ['OUTBOX_READ']);
  await client('noOutbox', reseller, ['COMPANY_ACCOUNT_READ']);
});
afterAll(() => t.close());

describe('sendMail and delivery without SMTP', () => {
  it('queues the message with its job in the same transaction and keeps it in the outbox when no SMTP server is set', async () => {
    const { messageId, jobId } = await send('olivia@example.com', 'Welcome', user);
    expect((await outboxRow(messageId))?.status).toBe('queued');
    const [job] = await t.db.query<{ type: string; status: string; account_id: number }>(
      'SELECT type, status, account_id FROM jobs WHERE id = $1',
      [jobId],
    );
    expect(job).toMatchObject({ type: 'mail.send', status: 'queued', account_id: user });

    await t.app.jobs.runDue();

    const row = await outboxRow(messageId);
    expect(row?.status).toBe('stored');
    expect(row?.mail_from).toBe('"Cloud portal" <no-reply@localhost>');
    expect(row?.delivered_at).toBeInstanceOf(Date);
  });

  it('writes nothing when the transaction that sends the message rolls back', async () => {
    const before = await t.db.query('SELECT id FROM mail_outbox');

    await expect(
      t.db.transaction(async (tx) => {
        await sendMail(tx, { to: 'olivia@example.com', subject: 'Never sent', text: 'x', accountId: user, kind: 'OrderPlaced' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await t.db.query('SELECT id FROM mail_outbox')).toHaveLength(before.length);
    expect(await t.db.query("SELECT id FROM mail_outbox WHERE subject = 'Never sent'")).toEqual([]);
  });

  it.each([
    { to: 'not an address', subject: 'Hi', field: 'to' },
    { to: 'a@b.com, c@d.com', subject: 'Hi', field: 'to' },
    { to: 'a@example.com', subject: ' \r\n ', field: 'subject' },
  ])('refuses $to / $subject, naming the field $field', async ({ to, subject, field }) => {
    await expect(send(to, subject, user)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field }] });
  });

  it('turns line breaks in the subject into spaces so the subject cannot add headers', async () => {
    const { messageId } = await send('olivia@example.com', 'Hello\r\nBcc: victim@example.com', user);

    const res = await clients.reseller!.op('GetOutboxMessage', { id: messageId });

    expect(res.body.Subject).toBe('Hello Bcc: victim@example.com');
  });
});

describe('ListOutboxMessages and GetOutboxMessage', () => {
  let ownId: string;
  let foreignId: string;
  let systemId: string;
  beforeAll(async () => {
    ownId = (await send('olivia@example.com', 'Scoped message', user, 'Line one\nLine two')).messageId;
    foreignId = (await send('foreign@example.com', 'Foreign message', foreignUser)).messageId;
    systemId = (await send('ops@example.com', 'System message', null)).messageId;
    await t.app.jobs.runDue();
  });

  it('lists the messages sent to accounts in the reseller scope, newest first, with the recipient account', async () => {
    const res = await clients.reseller!.op('ListOutboxMessages', {});

    expect(res.status).toBe(200);
    const subjects = res.body.Items.map((i: { Subject: string }) => i.Subject);
    expect(subjects).toContain('Scoped message');
    expect(subjects).not.toContain('Foreign message');
    expect(subjects).not.toContain('System message');
    expect(res.body.Items[0]).toMatchObject({
      Subject: 'Scoped message',
      To: 'olivia@example.com',
      Status: 'stored',
      AccountId: user,
      AccountDisplayName: 'Olivia Outbox',
    });
    expect(res.body.PageSize).toBe(15);
  });

  it('shows the provider every message, those sent to no account included', async () => {
    const res = await clients.provider!.op('ListOutboxMessages', { pageSize: 100 });

    const ids = res.body.Items.map((i: { Id: string }) => i.Id);
    expect(ids).toEqual(expect.arrayContaining([ownId, foreignId, systemId]));
  });

  it('shows a company only the messages sent inside the company', async () => {
    const res = await clients.company!.op('GetOutboxMessage', { id: ownId });
    const foreign = await clients.company!.op('GetOutboxMessage', { id: foreignId });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Text: 'Line one\nLine two',
      Html: null,
      From: '"Cloud portal" <no-reply@localhost>',
      Error: null,
    });
    expect(foreign.status).toBe(404);
  });

  it.each([
    ['a message of another reseller', () => foreignId],
    ['a message sent to no account', () => systemId],
  ])('answers %s exactly like a message that does not exist', async (_name, id) => {
    const foreign = await clients.reseller!.op('GetOutboxMessage', { id: id() });
    const missing = await clients.reseller!.op('GetOutboxMessage', { id: randomUUID() });

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
  });

  it('pages by 15 by default and filters by recipient or subject', async () => {
    for (let i = 1; i <= 17; i++) await send(`pager${i}@example.com`, `Pager ${String(i).padStart(2, '0')}`, user);

    const first = await clients.reseller!.op('ListOutboxMessages', { search: 'pager' });
    const second = await clients.reseller!.op('ListOutboxMessages', { search: 'pager', page: 2 });
    const byAddress = await clients.reseller!.op('ListOutboxMessages', { search: 'PAGER3@' });
    const wildcard = await clients.reseller!.op('ListOutboxMessages', { search: '%' });

    expect(first.body.Total).toBe(17);
    expect(first.body.Items).toHaveLength(15);
    expect(first.body.Items[0].Subject).toBe('Pager 17');
    expect(second.body.Items.map((i: { Subject: string }) => i.Subject)).toEqual(['Pager 02', 'Pager 01']);
    expect(byAddress.body.Items.map((i: { To: string }) => i.To)).toEqual(['pager3@example.com']);
    expect(wildcard.body.Total).toBe(0);
  });

  it('needs OUTBOX_READ', async () => {
    const list = await clients.noOutbox!.op('ListOutboxMessages', {});
    const one = await clients.noOutbox!.op('GetOutboxMessage', { id: ownId });

    expect(list.status).toBe(403);
    expect(list.body.detail).toBe('You need permission to view the outbox to do this');
    expect(one.status).toBe(403);
  });

  it('leaves the foreign reseller its own messages only', async () => {
    const res = await clients.foreign!.op('ListOutboxMessages', { pageSize: 100 });

    expect(res.body.Items.map((i: { Id: string }) => i.Id)).toEqual([foreignId]);
  });
});

describe('delivery over SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const received: { to: string[]; data: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) {
          const error = Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const smtpWorker = (url: string) =>
    createJobWorker({
      db: t.db,
      log: t.app.log,
      random: () => 0,
      handlers: [mailJobHandler({ from: '"Portal" <portal@example.com>', transport: createSmtpTransport(url) })],
    });

  it('sends the message to the SMTP server and marks it sent', async () => {
    const { messageId } = await send('olivia@example.com', 'Over SMTP', user, 'Sent for real');

    await smtpWorker(`smtp://127.0.0.1:${port}`).runDue();

    const row = await outboxRow(messageId);
    expect(row?.status).toBe('sent');
    expect(row?.mail_from).toBe('"Portal" <portal@example.com>');
    const mail = received.find((r) => r.data.includes('Subject: Over SMTP'));
    expect(mail?.to).toEqual(['olivia@example.com']);
    expect(mail?.data).toContain('Sent for real');
    expect(mail?.data).toContain('From: Portal <portal@example.com>');
  });

  it('fails at once, without retries, when the server refuses the recipient for good (5xx)', async () => {
    const { messageId, jobId } = await send('nobody@example.com', 'Refused', user);

    await smtpWorker(`smtp://127.0.0.1:${port}`).runDue();

    const row = await outboxRow(messageId);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('The mail server did not accept the message');
    const [job] = await t.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM jobs WHERE id = $1', [
      jobId,
    ]);
    expect(job).toEqual({ status: 'failed', attempts: 1 });
  });

  it('keeps the message queued and retries later while the SMTP server cannot be reached', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { messageId, jobId } = await send('olivia@example.com', 'Server down', user);

    await smtpWorker(`smtp://127.0.0.1:${deadPort}`).runDue();

    const row = await outboxRow(messageId);
    expect(row?.status).toBe('queued');
    expect(row?.error).toContain('The mail server did not accept the message');
    const [job] = await t.db.query<{ status: string; attempts: number; run_at: Date }>(
      'SELECT status, attempts, run_at FROM jobs WHERE id = $1',
      [jobId],
    );
    expect(job?.status).toBe('queued');
    expect(job?.attempts).toBe(1);
    expect(job?.run_at.getTime()).toBeGreaterThan(Date.now());
  });
});
