import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Something that hands a message to a mail server. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** A delivery failure with the SMTP reply code when the server gave one. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** The SMTP reply code; 5xx means the server refused the message for good. */
    readonly responseCode: number | null,
  ) {
    super(message);
  }
}

/**
 * SMTP through nodemailer, from a URL such as `smtp://user:pass@mail.example.com:587` (STARTTLS when
 * the server offers it) or `smtps://user:pass@mail.example.com:465` (TLS from the start).
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {});
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html === null ? {} : { html: mail.html }),
        });
        return { messageId: String(info.messageId ?? '') };
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        throw new MailDeliveryError((error as Error).message, typeof code === 'number' ? code : null);
      }
    },
    close: () => transporter.close(),
  };
}
