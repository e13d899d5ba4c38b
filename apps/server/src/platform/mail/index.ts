export { type MailSettings, mailJobHandler } from './mail.job.js';
export { mailOperations } from './mail.operations.js';
export { listOptOuts, setOptOuts } from './mail.repository.js';
export {
  isMailAddress,
  MAIL_JOB_TYPE,
  type MailMessage,
  type MailOutcome,
  REDACTED,
  redact,
  SEALED_TEXT_PURPOSE,
  sendMail,
} from './mail.service.js';
export { createSmtpTransport, MailDeliveryError, type MailTransport, type OutgoingMail } from './mail.transport.js';
