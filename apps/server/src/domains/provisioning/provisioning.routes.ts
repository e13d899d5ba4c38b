import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../platform/audit/write-audit.js';
import type { Db } from '../../platform/db/db.js';
import { sendProblem } from '../../platform/http/error-handler.js';
import { hashCallbackToken } from './provisioning.job.js';
import * as repo from './provisioning.repository.js';
import { CALLBACK_STATUSES, type CallbackStatus, decideCallback, VENDOR_MESSAGE_MAX } from './provisioning.rules.js';
import { notifyOutcome } from './provisioning.service.js';

// Route access marker (checked by test/api/routes.test.ts): no session; the token in the link is the access.
const PUBLIC = { config: { public: true } };

/** Seconds a vendor that reported too early should wait before calling again. */
const RETRY_AFTER_SECONDS = 5;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function parseBody(
  body: unknown,
): { ok: true; status: CallbackStatus; message: string | null } | { ok: false; field: string; message: string } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const status = b.Status;
  if (typeof status !== 'string' || !(CALLBACK_STATUSES as readonly string[]).includes(status)) {
    return { ok: false, field: 'Status', message: `Status must be one of ${CALLBACK_STATUSES.join(', ')}` };
  }
  const message = b.Message;
  if (message !== undefined && message !== null && typeof message !== 'string') {
    return { ok: false, field: 'Message', message: 'Message must be text' };
  }
  const text = typeof message === 'string' ? message.trim() : '';
  if (text.length > VENDOR_MESSAGE_MAX) {
    return { ok: false, field: 'Message', message: `Message must be at most ${VENDOR_MESSAGE_MAX} characters` };
  }
  return { ok: true, status: status as CallbackStatus, message: text || null };
}

/**
 * The vendor's callback (CALLBACKURL): `POST /api/provisioning/callback/{requestId}/{token}` with
 * `{"Status": "Done" | "Error", "Message": "..."}` reports the outcome of a request the vendor accepted
 * for later (HTTP 202 or an e-mail). An unknown request and a wrong token get the same 404.
 */
export async function provisioningRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  app.post<{ Params: { id: string; token: string } }>('/api/provisioning/callback/:id/:token', PUBLIC, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const notFound = () =>
      sendProblem(reply, request, { status: 404, code: 'NOT_FOUND', detail: 'No provisioning request has this callback link' });
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || !/^[A-Za-z0-9_-]{20,100}$/.test(request.params.token)) return notFound();
    const parsed = parseBody(request.body);
    if (!parsed.ok) {
      return sendProblem(reply, request, {
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: parsed.message,
        errors: [{ field: parsed.field, message: parsed.message }],
      });
    }
    const hash = hashCallbackToken(request.params.token);
    const outcome = await options.db.transaction(async (tx) => {
      const target = await repo.lockCallbackTarget(tx, id);
      if (!target?.callback_hash || !sameHash(target.callback_hash, hash)) return { kind: 'unknown' as const };
      const decision = decideCallback({
        status: target.status,
        attempts: target.attempts,
        reported: parsed.status,
        message: parsed.message,
      });
      if (decision.kind !== 'apply') return decision;
      await repo.recordVendorReport(tx, {
        id,
        status: decision.status,
        retryable: decision.retryable,
        error: decision.error,
        message: parsed.message,
        now: now(),
      });
      await notifyOutcome(tx, id);
      await writeAudit(tx, {
        actorId: null,
        impersonatorId: null,
        operation: 'ProvisioningVendorCallback',
        accountId: target.account_id,
        before: { RequestId: id, Status: target.status },
        after: { RequestId: id, Status: decision.status, Reported: parsed.status, Message: parsed.message },
        requestId: request.id,
      });
      return { kind: 'applied' as const, status: decision.status };
    });
    switch (outcome.kind) {
      case 'unknown':
        return notFound();
      case 'early':
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return sendProblem(reply, request, {
          status: 409,
          code: 'CONFLICT',
          detail: 'The provisioning request is still being sent; report again in a few seconds',
        });
      case 'finished':
        return sendProblem(reply, request, {
          status: 409,
          code: 'CONFLICT',
          detail: `The provisioning request is no longer waiting for the vendor (it is ${outcome.status})`,
        });
      case 'repeat':
        return { Id: id, Status: outcome.status, Repeated: true };
      case 'applied':
        return { Id: id, Status: outcome.status, Repeated: false };
    }
  });
}
