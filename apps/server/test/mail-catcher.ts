import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
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

/** The subject and text of a message as a mail client reads them (postal-mime: any transfer encoding or charset). */
export async function parseMessage(raw: Buffer | string): Promise<{ subject: string; text: string }> {
  const email = await PostalMime.parse(raw);
  return { subject: email.subject ?? '', text: (email.text ?? '').replace(/\r\n/g, '\n').replace(/\n$/, '') };
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
        void parseMessage(Buffer.concat(chunks)).then(
          (parsed) => {
            messages.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parsed });
            callback();
          },
          (error: Error) => callback(error),
        );
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
