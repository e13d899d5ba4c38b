/** Pure decisions about provisioning requests: outcomes, retry, escalation, template rendering. No clock, no database. */
import type { ProvisioningRequestStatus } from '@portal/contracts';

/**
 * A request that failed this many times (first attempt plus user retries) is escalated to the
 * monitoring team: it is no longer offered for retry and shows "The provisioning error is being
 * investigated" [A8.10]. See docs/decisions/0018-provisioning-requests.md.
 */
export const MAX_PROVISIONING_ATTEMPTS = 3;

/** How long the vendor's endpoint may take to answer before the attempt counts as a (retryable) failure. */
export const PROVISIONING_HTTP_TIMEOUT_MS = 10_000;

/** What became of one attempt. */
export type AttemptOutcome =
  /** The vendor carried it out (HTTP 2xx other than 202). */
  | { kind: 'done'; responseStatus: number | null }
  /** Handed over; the vendor carries it out later (HTTP 202 Accepted, or an e-mail). */
  | { kind: 'sent'; responseStatus: number | null }
  /** It failed; retryable failures are transient (network, time-out, 5xx, 408, 429). */
  | { kind: 'failed'; retryable: boolean; error: string; responseStatus: number | null };

/** [S3.6] The outcome of an Http provisioning action by the status the vendor answered. */
export function classifyHttpResponse(status: number, reason: string): AttemptOutcome {
  if (status === 202) return { kind: 'sent', responseStatus: status };
  if (status >= 200 && status < 300) return { kind: 'done', responseStatus: status };
  const retryable = status >= 500 || status === 408 || status === 429;
  const text = reason.trim().replace(/\s+/g, ' ').slice(0, 300);
  return {
    kind: 'failed',
    retryable,
    error: `The provisioning endpoint answered HTTP ${status}${text ? `: ${text}` : ''}`,
    responseStatus: status,
  };
}

/** A request that could not reach the vendor at all (refused, DNS, time-out): worth retrying. */
export function networkFailure(message: string): AttemptOutcome {
  return {
    kind: 'failed',
    retryable: true,
    error: `The provisioning endpoint could not be reached: ${message}`,
    responseStatus: null,
  };
}

/** The status a request gets after an attempt, counting this attempt in `attempts`. */
export function statusAfterAttempt(params: { outcome: AttemptOutcome; attempts: number }): ProvisioningRequestStatus {
  switch (params.outcome.kind) {
    case 'done':
      return 'Done';
    case 'sent':
      return 'Sent';
    case 'failed':
      return params.attempts >= MAX_PROVISIONING_ATTEMPTS ? 'Escalated' : 'Error';
  }
}

/**
 * Whether the user may retry a failed request: it is in Error, its failure was transient, it has
 * attempts left before escalation, and the account is not terminated.
 */
export function canRetryRequest(params: {
  status: ProvisioningRequestStatus;
  retryable: boolean;
  attempts: number;
  accountTerminated: boolean;
}): boolean {
  return (
    params.status === 'Error' && params.retryable && params.attempts < MAX_PROVISIONING_ATTEMPTS && !params.accountTerminated
  );
}

/** Statuses a recreate cancels [A2.37]: every request not yet finished. */
export const OPEN_STATUSES: readonly ProvisioningRequestStatus[] = ['Pending', 'Sent', 'Error', 'Escalated'];

export type TemplateEscaping = 'json' | 'xml' | 'url' | 'none';

/** How values are escaped in a body of this content type, so a value cannot break the document. */
export function escapingForContentType(contentType: string): TemplateEscaping {
  if (/json/i.test(contentType)) return 'json';
  if (/xml/i.test(contentType)) return 'xml';
  if (/x-www-form-urlencoded/i.test(contentType)) return 'url';
  return 'none';
}

function escapeValue(value: string, escaping: TemplateEscaping): string {
  switch (escaping) {
    case 'json':
      return JSON.stringify(value).slice(1, -1);
    case 'xml':
      return value
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');
    case 'url':
      return encodeURIComponent(value);
    case 'none':
      return value;
  }
}

/**
 * Fills `{{NAME}}` placeholders (case-insensitive, spaces inside the braces allowed) with the values,
 * escaped for where they land. A placeholder without a value becomes empty.
 *
 * @example
 * renderTemplate('{"id":"{{COMPANYID}}"}', { COMPANYID: '7' }, 'json') // '{"id":"7"}'
 */
export function renderTemplate(template: string, variables: Record<string, string>, escaping: TemplateEscaping): string {
  const byUpper = new Map(Object.entries(variables).map(([k, v]) => [k.toUpperCase(), v]));
  return template.replace(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g, (_m, name: string) =>
    escapeValue(byUpper.get(name.toUpperCase()) ?? '', escaping),
  );
}

/** The addresses of an e-mail action: EmailTo holds one or more, separated by ; or , [S3.6]. */
export function splitAddresses(emailTo: string): string[] {
  return [
    ...new Set(
      emailTo
        .split(/[;,]/)
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    ),
  ];
}

/** What a Product account offers its provisioning templates. */
export interface ProvisioningSubject {
  accountId: number;
  displayName: string;
  productName: string;
  /** Field values of the account keyed "View.Name". */
  values: Record<string, string | number | boolean | null>;
  /** The nearest company or reseller above the account. */
  company: { id: number; name: string } | null;
  /** The user the subscription belongs to. */
  user: { id: number; username: string | null } | null;
}

/**
 * The template values of a request: every field by its name (and by View.Name), the account id and
 * name, and the reserved names of [S5.7] the portal knows (ACTION, PRODUCTNAME, COMPANYID, COMPANYNAME,
 * COMPANYACCOUNTID, USERACCOUNTID, USERNAME). CALLBACKURL is filled in when the request is sent (each send
 * has its own link, see callbackUrl).
 */
export function templateVariables(subject: ProvisioningSubject, action: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(subject.values)) {
    const text = value === null ? '' : String(value);
    vars[key] = text;
    const name = key.slice(key.indexOf('.') + 1);
    vars[name] = text;
  }
  Object.assign(vars, {
    AccountIdentificator: String(subject.accountId),
    DisplayName: subject.displayName,
    ACTION: action,
    PRODUCTNAME: subject.productName,
    COMPANYID: subject.company ? String(subject.company.id) : '',
    COMPANYACCOUNTID: subject.company ? String(subject.company.id) : '',
    COMPANYNAME: subject.company?.name ?? '',
    USERACCOUNTID: subject.user ? String(subject.user.id) : '',
    USERNAME: subject.user?.username ?? '',
    CALLBACKURL: '',
  });
  return vars;
}

// ---------------------------------------------------------------------------------------------
// Vendor callbacks
// ---------------------------------------------------------------------------------------------

/** What a vendor may report on its callback link. */
export const CALLBACK_STATUSES = ['Done', 'Error'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];
export const VENDOR_MESSAGE_MAX = 2000;
/** The failure text kept when a vendor reports an error without a message. */
export const VENDOR_ERROR_WITHOUT_MESSAGE = 'The vendor reported that provisioning failed';

/** The CALLBACKURL of one send: the request id and a random token (its hash is kept, never the token). */
export function callbackUrl(publicUrl: string, requestId: number, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/provisioning/callback/${requestId}/${token}`;
}

export type CallbackDecision =
  | { kind: 'apply'; status: ProvisioningRequestStatus; retryable: boolean; error: string | null }
  /** The vendor repeats what is already recorded: answer as if it were new, change nothing. */
  | { kind: 'repeat'; status: ProvisioningRequestStatus }
  /** The request is still being sent: the vendor should call again shortly. */
  | { kind: 'early' }
  | { kind: 'finished'; status: ProvisioningRequestStatus };

/**
 * What a vendor's report does to a request. Only a request waiting for the vendor (Sent) changes:
 * Done finishes it; Error records the vendor's message as a failure the user may retry, and the
 * failure counts as the attempt's outcome, so the third failed attempt escalates [A4.7].
 */
export function decideCallback(params: {
  status: ProvisioningRequestStatus;
  attempts: number;
  reported: CallbackStatus;
  message: string | null;
}): CallbackDecision {
  const { status, reported } = params;
  if (status === 'Sent') {
    if (reported === 'Done') return { kind: 'apply', status: 'Done', retryable: false, error: null };
    const failed: AttemptOutcome = {
      kind: 'failed',
      retryable: true,
      error: params.message || VENDOR_ERROR_WITHOUT_MESSAGE,
      responseStatus: null,
    };
    const next = statusAfterAttempt({ outcome: failed, attempts: Math.max(params.attempts, 1) });
    return { kind: 'apply', status: next, retryable: next === 'Error', error: failed.error };
  }
  if (status === 'Pending') return { kind: 'early' };
  if (status === reported || (reported === 'Error' && status === 'Escalated')) return { kind: 'repeat', status };
  return { kind: 'finished', status };
}

/**
 * The e-mail a user receives when a subscription's provisioning ended badly (decision 0053): Escalated, or Error
 * with no retry left (the vendor refused it, or it may not be tried again). Null for any other status.
 */
export function provisioningOutcomeMail(params: {
  status: ProvisioningRequestStatus;
  retryable: boolean;
  attempts: number;
  recipientName: string;
  subscriptionName: string;
  serviceName: string;
  action: string;
  error: string | null;
}): { kind: 'ProvisioningFailed' | 'ProvisioningEscalated'; subject: string; text: string } | null {
  const { status } = params;
  const failedForGood = status === 'Error' && !(params.retryable && params.attempts < MAX_PROVISIONING_ATTEMPTS);
  if (status !== 'Escalated' && !failedForGood) return null;
  const what = `${params.action} of the subscription ${params.subscriptionName} (service ${params.serviceName})`;
  const reason = params.error ? `\nThe last error was: ${params.error}\n` : '';
  if (status === 'Escalated') {
    return {
      kind: 'ProvisioningEscalated',
      subject: `Provisioning escalated: ${params.subscriptionName} (${params.serviceName})`,
      text: `Hello ${params.recipientName},\n\nThe provisioning request ${what} failed ${params.attempts} times and has been escalated.\n${reason}\nWhat happens next: the monitoring team is working on it and will finish the request; you do not need to do anything. The subscription's Provisioning tab shows its state.\n`,
    };
  }
  return {
    kind: 'ProvisioningFailed',
    subject: `Provisioning failed: ${params.subscriptionName} (${params.serviceName})`,
    text: `Hello ${params.recipientName},\n\nThe provisioning request ${what} failed and will not be tried again.\n${reason}\nWhat happens next: it is not retried by itself; the monitoring team sees the failure, and your provider's support can tell you more or recreate the request. The subscription's Provisioning tab shows the error.\n`,
  };
}
