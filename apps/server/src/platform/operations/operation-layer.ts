import { createHash } from 'node:crypto';
import { ACCOUNT_TYPE_CAPABILITY, capabilityKey, type OperationAccess, refusalMessage } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../audit/write-audit.js';
import type { Db, Queryable } from '../db/db.js';
import { phase } from '../db/query-stats.js';
import { DomainError, forbidden, notFound } from '../errors/domain-error.js';
import { sendProblem, zodFieldErrors } from '../http/error-handler.js';
import { isInScope } from '../tenancy/scope.js';
import { answerCacheFor } from './answer-cache.js';
import { FORBIDDEN_CHARACTER_MESSAGE, inspectOperationInput } from './input-guard.js';
import { checkedOutput, type OutputPolicy } from './output-check.js';
import type { AuditEntry, Caller, CookieJar, LocatedAccount, OperationContext, RegisteredOperation } from './types.js';

export interface OperationLayerOptions {
  db: Db;
  operations: readonly RegisteredOperation[];
  /** Finds the signed-in caller of a request, or null. */
  resolveCaller: (db: Db, request: FastifyRequest) => Promise<Caller | null>;
  /**
   * The tenant guard's lookup: an account's type and path, only when it lies in the scope whose root path is given
   * (`inScopeSql`); null when it does not exist or lies outside.
   */
  locateAccount: (db: Queryable, id: number, scopeRootPath: string) => Promise<LocatedAccount | null>;
  secureCookies: boolean;
  /** Keeps the answers of operations registered with `keepingAnswers` (decision 0069); off, every answer is computed. */
  keepAnswers: boolean;
  /** How answers are validated against the output contracts (decision 0063). */
  output: OutputPolicy;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The capability keys an operation accepts on a given account (any one of them suffices), or null when none is needed. */
export function requiredCapabilities(access: OperationAccess, account: LocatedAccount | null): string[] | null {
  switch (access.kind) {
    case 'public':
    case 'session':
      return null;
    case 'capability':
      return [capabilityKey(access.capability)];
    case 'anyCapability':
      return access.capabilities.map(capabilityKey);
    case 'accountType': {
      if (!account) throw new Error('an accountType access needs a located account');
      // The provider root is administered with the reseller capabilities.
      const type = account.type === 'Provider' ? 'Reseller' : account.type;
      const name = ACCOUNT_TYPE_CAPABILITY[type as keyof typeof ACCOUNT_TYPE_CAPABILITY];
      return [`${name}_${access.permission}`];
    }
  }
}

/** The host of an Origin header, or null for an opaque ('null') or malformed origin. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Runs one operation for a request: `name`'s input is `body`. The one implementation behind POST /api/op/{name} and
 * the explicit routes that answer as an operation (e.g. the /dash routes of the dashboards domain).
 */
export type ServeOperation = (
  name: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  options?: { requireJson?: boolean },
) => Promise<unknown>;

/**
 * Mounts every operation at POST /api/op/{name} behind the session, tenant and capability guards; returns the same
 * serving for routes of their own.
 */
export function registerOperationLayer(app: FastifyInstance, options: OperationLayerOptions): ServeOperation {
  const byName = new Map(options.operations.map((op) => [op.definition.name, op]));
  if (byName.size !== options.operations.length) throw new Error('two operations share a name');

  const serve: ServeOperation = async (name, request, reply, body, { requireJson = true } = {}) => {
    const op = byName.get(name);
    if (!op)
      return sendProblem(reply, request, {
        status: 404,
        code: 'NOT_FOUND',
        detail: `Unknown operation ${name}`,
      });
    const { definition } = op;

    // JSON only: a cross-site form cannot send it without a CORS preflight, which we never allow.
    if (requireJson && !String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendProblem(reply, request, {
        status: 415,
        code: 'BAD_REQUEST',
        detail: 'Send the operation input as application/json',
      });
    }
    const origin = request.headers.origin;
    if (origin && originHost(origin) !== request.headers.host) {
      return sendProblem(reply, request, {
        status: 403,
        code: 'FORBIDDEN',
        detail: 'Cross-origin requests are not allowed',
      });
    }

    // The session comes first: a caller who is not signed in learns nothing about the input's shape.
    const caller = await phase('caller', () => options.resolveCaller(options.db, request));
    if (definition.access.kind !== 'public' && !caller) {
      return sendProblem(reply, request, {
        status: 401,
        code: 'UNAUTHENTICATED',
        detail: 'Sign in to continue',
      });
    }

    // Decision 0010: after signing in with a first-time password only the change itself, the signed-in user,
    // terms and sign-out are served until a new password is chosen.
    if (caller?.mustChangePassword && definition.access.kind !== 'public' && definition.duringPasswordChange !== true) {
      return sendProblem(reply, request, {
        status: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
        detail: 'Choose a new password before you continue',
      });
    }

    const problem = inspectOperationInput(body);
    if (problem?.kind === 'notAnObject') {
      return sendProblem(reply, request, {
        status: 400,
        code: 'BAD_REQUEST',
        detail: 'Send the operation input as a JSON object',
      });
    }
    if (problem?.kind === 'forbiddenCharacter') {
      return sendProblem(reply, request, {
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: 'One or more validation errors present',
        errors: [{ field: problem.field, message: FORBIDDEN_CHARACTER_MESSAGE }],
      });
    }
    const parsed = definition.input.safeParse(body ?? {});
    if (!parsed.success) {
      return sendProblem(reply, request, {
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: 'One or more validation errors present',
        errors: zodFieldErrors(parsed.error),
      });
    }
    const input = parsed.data;

    // A kept answer (decision 0069): computed for this very caller object and input, after the guard below let it
    // through, and no announced data has changed since; so the guard would decide the same and the answer is the same.
    const answers = options.keepAnswers && op.keepsAnswers && caller ? await answerCacheFor(options.db) : null;
    const answerKey = answers ? `${definition.name}\u0000${JSON.stringify(input)}` : '';
    const answerGeneration = answers?.generation ?? 0;
    if (answers && caller) {
      const kept = answers.answer(caller, answerKey, Date.now());
      if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
    }

    // The tenant and capability guard. The account is found only inside the caller's scope (the rule is
    // `inScopeSql`/`isInScope` of platform/tenancy/scope.ts): outside looks exactly like an account that does not exist.
    const accountId = (definition.account ? definition.account(input) : null) ?? null;
    const checkCapabilities = (located: LocatedAccount | null) => {
      const needed = requiredCapabilities(definition.access, located);
      if (needed && !needed.some((key) => caller?.capabilities.has(key))) throw forbidden(refusalMessage(needed));
    };
    const admit = (located: LocatedAccount | null): LocatedAccount => {
      if (!located || !caller || located.id !== accountId || !isInScope(caller.scope.rootPath, located.path)) throw notFound();
      checkCapabilities(located);
      return located;
    };
    // An operation registered with handleLocating finds its account in its own statement and hands it to `admit`
    // (decision 0063); every other one is guarded here, before its handler runs.
    const locatedByHandler = op.locatesAccount === true && accountId !== null;
    let account: LocatedAccount | null = null;
    if (accountId !== null && !locatedByHandler) {
      const found = caller
        ? await phase('scope', () => options.locateAccount(options.db, accountId, caller.scope.rootPath))
        : null;
      account = admit(found);
    } else if (accountId === null) {
      checkCapabilities(null);
    }

    const audits: AuditEntry[] = [];
    const rollbackHooks: ((db: Db) => Promise<void>)[] = [];
    const ctxFor = (db: Queryable): OperationContext => ({
      db,
      caller,
      account,
      log: request.log,
      requestId: request.id,
      now: new Date(),
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      cookies: cookieJar(request, reply, options.secureCookies),
      audit: (entry) => audits.push(entry),
      onRollback: (fn) => rollbackHooks.push(fn),
    });

    if (!definition.mutating) {
      let admitted = !locatedByHandler;
      const result = await phase('handler', () =>
        op.handler(ctxFor(options.db), input, (located) => {
          const checked = admit(located);
          admitted = true;
          return checked;
        }),
      );
      if (!admitted) throw new Error(`${definition.name} answered without handing its account to the tenant guard`);
      const body = await phase('output', () => JSON.stringify(checkedOutput(definition, result, options.output)));
      if (answers && caller) answers.keep(caller, answerKey, body, answerGeneration, Date.now());
      return reply.type('application/json; charset=utf-8').send(body);
    }

    const rawKey = request.headers['idempotency-key'];
    const key = typeof rawKey === 'string' ? rawKey : null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      throw new DomainError('BAD_REQUEST', 'Idempotency-Key must be 1 to 200 visible ASCII characters', [
        {
          field: 'Idempotency-Key',
          message: 'Use 1 to 200 visible ASCII characters',
        },
      ]);
    }
    const owner = caller ? `user:${caller.userId}` : null;
    const requestHash = createHash('sha256').update(definition.name).update(JSON.stringify(input)).digest('hex');

    const outcome = await options.db
      .transaction(async (tx) => {
        if (key !== null && owner !== null) {
          const inserted = await tx.query(
            `INSERT INTO idempotency_keys (owner, key, operation, request_hash) VALUES ($1, $2, $3, $4)
           ON CONFLICT (owner, key) DO NOTHING RETURNING key`,
            [owner, key, definition.name, requestHash],
          );
          if (inserted.length === 0) {
            const [previous] = await tx.query<{
              operation: string;
              request_hash: string;
              response: unknown;
            }>('SELECT operation, request_hash, response FROM idempotency_keys WHERE owner = $1 AND key = $2', [owner, key]);
            if (!previous || previous.request_hash !== requestHash) {
              throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request', [
                {
                  field: 'Idempotency-Key',
                  message: 'Use a new key for a different request',
                },
              ]);
            }
            return { replayed: true, result: previous.response };
          }
        }
        const result = checkedOutput(definition, await op.handler(ctxFor(tx), input), options.output);
        const entries = audits.length > 0 ? audits : [{ after: input }];
        for (const entry of entries) {
          await writeAudit(tx, {
            actorId: entry.actorId ?? caller?.userId ?? null,
            impersonatorId: caller?.impersonatorId ?? null,
            operation: definition.name,
            accountId: entry.accountId ?? account?.id ?? null,
            before: entry.before,
            after: entry.after,
            requestId: request.id,
          });
        }
        if (key !== null && owner !== null) {
          await tx.query('UPDATE idempotency_keys SET response = $3 WHERE owner = $1 AND key = $2', [
            owner,
            key,
            JSON.stringify(result),
          ]);
        }
        return { replayed: false, result };
      })
      .catch(async (error: unknown) => {
        for (const hook of rollbackHooks) await hook(options.db);
        throw error;
      });
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.send(outcome.result);
  };

  app.post<{ Params: { name: string } }>('/api/op/:name', { config: { operations: true } }, (request, reply) =>
    serve(request.params.name, request, reply, request.body),
  );
  return serve;
}

function cookieJar(request: FastifyRequest, reply: FastifyReply, secureCookies: boolean): CookieJar {
  // Secure whenever the browser talks TLS: directly, or to a trusted proxy that says https (TRUST_PROXY).
  const secure = secureCookies || request.protocol === 'https';
  return {
    get: (name) => request.cookies[name],
    set: (name, value, { maxAgeSeconds }) =>
      reply.setCookie(name, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: maxAgeSeconds,
      }),
    clear: (name) => reply.clearCookie(name, { path: '/' }),
  };
}
