import { createHash, randomBytes } from 'node:crypto';
import type { ProvisioningAction } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { guardedFetch, OutgoingRefused, refusalOfUrl } from '../../platform/http/outgoing.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import { findProvisioningAction, openProvisioningPassword } from '../catalogue/index.js';
import * as repo from './provisioning.repository.js';
import {
  type AttemptOutcome,
  callbackUrl,
  classifyHttpResponse,
  escapingForContentType,
  networkFailure,
  PROVISIONING_HTTP_TIMEOUT_MS,
  renderTemplate,
  splitAddresses,
  statusAfterAttempt,
} from './provisioning.rules.js';
import { notifyOutcome, PROVISIONING_JOB_TYPE } from './provisioning.service.js';

interface Attempt {
  outcome: AttemptOutcome;
  target: string | null;
}

const refused = (error: string, target: string | null = null): Attempt => ({
  outcome: { kind: 'failed', retryable: false, error, responseStatus: null },
  target,
});

/**
 * [S3.6] Calls the vendor's URL with the rendered body (outside any transaction: the call may take a while). The
 * Basic-auth password is stored sealed (decision 0035) and opened only here, for the header of this call.
 */
async function callHttp(
  action: ProvisioningAction,
  sealedPassword: string | null,
  variables: Record<string, string>,
  timeoutMs: number,
): Promise<Attempt> {
  const http = action.ProvisioningHttp;
  if (!http || http.RequestUrlTemplate.trim() === '') return refused('The provisioning action has no request URL');
  const urlText = renderTemplate(http.RequestUrlTemplate.trim(), variables, 'url');
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return refused(`The request URL ${urlText} is not a valid address`, urlText);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refused(`The request URL ${urlText} must start with http:// or https://`, urlText);
  }
  const internal = refusalOfUrl(url.toString());
  if (internal) return refused(`The request URL ${urlText} may not be called: ${internal}`, urlText);
  const body = http.UseDefaultRequestBodyFormat
    ? JSON.stringify(variables)
    : renderTemplate(http.RequestBodyTemplate, variables, escapingForContentType(http.ContentType));
  const headers: Record<string, string> = { 'content-type': http.ContentType };
  if (http.Auth === 'Basic') {
    const password = openProvisioningPassword(sealedPassword);
    headers.authorization = `Basic ${Buffer.from(`${http.AuthUsername}:${password}`).toString('base64')}`;
  }
  const target = `${http.HttpMethod} ${url.toString()}`;
  try {
    const res = await guardedFetch(url, {
      method: http.HttpMethod,
      headers,
      body: http.HttpMethod === 'GET' ? undefined : body,
      redirect: 'manual',
      timeoutMs,
      maxResponseBytes: 64 * 1024,
    });
    const text = res.ok ? '' : (await res.text().catch(() => '')).slice(0, 1000);
    if (res.ok) await res.body?.cancel().catch(() => undefined);
    return { outcome: classifyHttpResponse(res.status, text || res.statusText), target };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // A name that resolves to an internal address is refused when connecting: no retry will change that.
    if (cause instanceof OutgoingRefused)
      return refused(`The request URL ${urlText} may not be called: ${cause.message}`, urlText);
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${Math.round(timeoutMs / 1000)} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { outcome: networkFailure(reason), target };
  }
}

/** [S3.6] Writes the e-mail to every address through the outbox, in the transaction that records the attempt. */
async function sendEmail(tx: Queryable, action: ProvisioningAction, variables: Record<string, string>): Promise<Attempt> {
  const email = action.ProvisioningEmail;
  const addresses = splitAddresses(renderTemplate(email?.EmailTo ?? '', variables, 'none'));
  const target = addresses.join('; ') || null;
  if (!email || addresses.length === 0) return refused('The provisioning action has no e-mail address', target);
  const invalid = addresses.find((a) => !isMailAddress(a));
  if (invalid) return refused(`${invalid} is not a valid e-mail address`, target);
  const subject =
    renderTemplate(email.SubjectTemplate, variables, 'none').trim() || `${variables.ACTION} ${variables.PRODUCTNAME}`;
  // The outbox sends plain text: the order details the action would attach go below the body.
  const details =
    email.AttachmentType === 'xml'
      ? `<Order>\n${Object.entries(variables)
          .filter(([k]) => !k.includes('.'))
          .map(([k, v]) => `  <${k}>${renderTemplate('{{v}}', { v }, 'xml')}</${k}>`)
          .join('\n')}\n</Order>`
      : JSON.stringify(variables, null, 2);
  const text = `${renderTemplate(email.BodyText, variables, 'none')}\n\n--- Order details (${email.AttachmentType}) ---\n${details}\n`;
  // Addressed to the vendor, not to an account: the outbox shows such messages to the provider only.
  // The callback link lets its holder report on the request: only the vendor gets it, the outbox shows it redacted.
  const secrets = variables.CALLBACKURL ? [variables.CALLBACKURL] : [];
  for (const to of addresses) await sendMail(tx, { to, subject, text, accountId: null, secrets, kind: 'ProvisioningAction' });
  return { outcome: { kind: 'sent', responseStatus: null }, target };
}

/** The hash under which a callback token is kept. */
export const hashCallbackToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends one provisioning request. Vendor failures are recorded on the request; the job then ends.
 * Each send hands the vendor a new CALLBACKURL (under `publicUrl`) on which it reports a request it
 * accepted for later; only the token's hash is kept, and a new send makes older links stop working.
 */
export function provisioningJobHandler(
  options: { timeoutMs?: number; publicUrl?: string } = {},
): JobHandler<{ requestId: number }> {
  const timeoutMs = options.timeoutMs ?? PROVISIONING_HTTP_TIMEOUT_MS;
  const publicUrl = options.publicUrl ?? 'http://localhost:8080';
  return {
    type: PROVISIONING_JOB_TYPE,
    async run(ctx) {
      const request = await repo.findById(ctx.db, ctx.job.payload.requestId);
      // Canceled by a recreate, or already carried out by an earlier run.
      if (request?.status !== 'Pending') return { Status: request?.status ?? 'Missing' };
      const found = await findProvisioningAction(ctx.db, request.product_name, request.action);
      const action = found?.action;
      const token = randomBytes(32).toString('base64url');
      // Kept before the vendor hears of the link; a recreate that canceled the request meanwhile wins.
      if (!(await repo.storeCallbackHash(ctx.db, request.id, hashCallbackToken(token)))) {
        const current = await repo.findById(ctx.db, request.id);
        return { Status: current?.status ?? 'Missing' };
      }
      const variables = { ...request.variables, CALLBACKURL: callbackUrl(publicUrl, request.id, token) };
      let http: Attempt | null = null;
      if (action?.Method === 'Http') http = await callHttp(action, found?.sealedPassword ?? null, variables, timeoutMs);
      return ctx.db.transaction(async (tx) => {
        await repo.lockRequest(tx, request.id);
        const current = await repo.findById(tx, request.id);
        if (current?.status !== 'Pending') {
          // A recreate canceled it while the vendor was being called.
          const result = { Status: current?.status ?? 'Missing', Target: http?.target ?? null };
          await ctx.succeedIn(tx, result);
          return result;
        }
        let attempt: Attempt;
        if (http) attempt = http;
        else if (action?.Method === 'Email') attempt = await sendEmail(tx, action, variables);
        else attempt = refused(`The service ${request.product_name} no longer defines provisioning for ${request.action}`);
        const outcome = attempt.outcome;
        const status = statusAfterAttempt({ outcome, attempts: current.attempts + 1 });
        const recorded = await repo.recordAttempt(tx, {
          id: request.id,
          status,
          retryable: outcome.kind === 'failed' && outcome.retryable,
          error: outcome.kind === 'failed' ? outcome.error : null,
          target: attempt.target,
          responseStatus: outcome.responseStatus,
          now: ctx.now(),
        });
        if (recorded) await notifyOutcome(tx, request.id);
        const result = { Status: recorded ? status : 'Canceled', Target: attempt.target };
        await ctx.succeedIn(tx, result);
        return result;
      });
    },
    async onGiveUp(db, job, error) {
      const request = await repo.findById(db, job.payload.requestId);
      if (!request) return;
      const outcome: AttemptOutcome = { kind: 'failed', retryable: true, error, responseStatus: null };
      const recorded = await repo.recordAttempt(db, {
        id: request.id,
        status: statusAfterAttempt({ outcome, attempts: request.attempts + 1 }),
        retryable: true,
        error: outcome.error,
        target: null,
        responseStatus: null,
        now: new Date(),
      });
      if (recorded) await notifyOutcome(db, request.id);
    },
  };
}
