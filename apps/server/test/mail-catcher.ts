import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the mail server received it: the envelope recipients, the Subject and the decoded text. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A loopback SMTP server that keeps what the portal sends: the tests read credentials here, where the
 * recipient reads them, never from the portal's outbox (which keeps them redacted, decision 0035).
 */
export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** The messages sent to this address, oldest first. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The subject and text of a single-part message as nodemailer writes it (7bit, quoted-printable or base64). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  const subject = header('Subject').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
  return { subject, text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.trim().toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The newest e-mail to this account as its recipient got it: delivers what is queued (the test app's
 * worker does not run by itself), then reads the catcher. The outbox only says where it went.
 */
export async function lastMailReceived(
  t: {
    db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> };
    app: { jobs: { runDue(): Promise<unknown> } };
    mail: MailCatcher | null;
  },
  accountId: number,
): Promise<CaughtMail | undefined> {
  if (!t.mail) throw new Error('build the test app with { mail: true } to read sent e-mail');
  await t.app.jobs.runDue();
  const [row] = await t.db.query<{ mail_to: string }>(
    'SELECT mail_to FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [accountId],
  );
  return row ? t.mail.to(row.mail_to).at(-1) : undefined;
}
