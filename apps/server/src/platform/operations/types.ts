import type { OperationDefinition, OperationInput, OperationOutput } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.js';

/** The signed-in user an operation runs for. */
export interface Caller {
  readonly userId: number;
  readonly username: string;
  readonly displayName: string;
  readonly sessionId: string;
  readonly impersonatorId: number | null;
  readonly impersonatorDisplayName: string | null;
  /** Root of the subtree the caller may see and touch: its company, reseller or the provider. */
  readonly scope: {
    readonly rootId: number;
    readonly rootPath: string;
    readonly rootType: string;
    readonly rootDisplayName: string;
  };
  readonly capabilities: ReadonlySet<string>;
  /**
   * Signed in with a first-time password that must be replaced first (never while impersonating): only operations
   * declared `duringPasswordChange` run.
   */
  readonly mustChangePassword?: boolean;
}

/** Where the touched account sits, as the tenant guard needs it. */
export interface LocatedAccount {
  readonly id: number;
  readonly type: string;
  readonly path: string;
}

export interface AuditEntry {
  accountId?: number | null;
  actorId?: number | null;
  before?: unknown;
  after?: unknown;
}

export interface CookieJar {
  set(name: string, value: string, options: { maxAgeSeconds: number }): void;
  clear(name: string): void;
  get(name: string): string | undefined;
}

export interface OperationContext {
  /** The transaction of a mutating operation, the database otherwise. */
  readonly db: Queryable;
  readonly caller: Caller | null;
  /** The account the operation declared it touches, already checked to be inside the caller's scope. */
  readonly account: LocatedAccount | null;
  readonly log: FastifyBaseLogger;
  readonly requestId: string;
  readonly now: Date;
  readonly ip: string;
  readonly userAgent: string;
  readonly cookies: CookieJar;
  /** Adds detail to the audit row the layer writes for a mutating operation. */
  audit(entry: AuditEntry): void;
  /** Work to do after the operation failed and its transaction rolled back (e.g. counting a failed sign-in). */
  onRollback(fn: (db: Db) => Promise<void>): void;
}

export type OperationHandler<D extends OperationDefinition> = (
  ctx: OperationContext,
  input: OperationInput<D>,
) => Promise<OperationOutput<D>>;

/**
 * The tenant and capability guard, handed to a handler that finds its declared account itself (`handleLocating`):
 * given what the handler's statement found inside the caller's scope (`inScopeSql`), or null, it throws exactly what
 * the operation layer's own guard throws (404 for nothing found, 403 for a missing capability) and otherwise returns
 * the account.
 */
export type AdmitAccount = (located: LocatedAccount | null) => LocatedAccount;

export type LocatingHandler<D extends OperationDefinition> = (
  ctx: OperationContext,
  input: OperationInput<D>,
  admit: AdmitAccount,
) => Promise<OperationOutput<D>>;

export interface RegisteredOperation {
  readonly definition: OperationDefinition;
  readonly handler: (ctx: OperationContext, input: unknown, admit?: AdmitAccount) => Promise<unknown>;
  /**
   * The handler finds the declared account itself, in its own statement under the guard's SQL condition, and calls
   * `admit` with it before doing anything else; the layer then makes no lookup of its own (`ctx.account` is null).
   */
  readonly locatesAccount?: boolean;
  /** The layer keeps the operation's answers per caller and input until data changes (`keepingAnswers`). */
  readonly keepsAnswers?: boolean;
}

/** Binds a handler to its declared operation. */
export function handle<D extends OperationDefinition>(definition: D, handler: OperationHandler<D>): RegisteredOperation {
  return { definition, handler: handler as RegisteredOperation['handler'] };
}

/**
 * Binds a handler that folds the tenant guard's lookup into its own statement (decision 0063: the account page). Only
 * for an operation that declares its account and changes nothing: its statement must find the account only inside
 * the caller's scope (`inScopeSql` of platform/tenancy/scope.ts) and hand the result to `admit` before anything else.
 */
export function handleLocating<D extends OperationDefinition>(definition: D, handler: LocatingHandler<D>): RegisteredOperation {
  if (!definition.account || definition.mutating)
    throw new Error(`${definition.name}: only a read of a declared account locates it itself`);
  return { definition, handler: handler as RegisteredOperation['handler'], locatesAccount: true };
}

/**
 * Marks a read whose answer depends only on the caller, its input, the announced tables (migration 0147) and, for at
 * most ANSWER_MAX_AGE_MS, the clock: the layer keeps its JSON answers per caller and input and serves them again
 * until any of those tables changes (platform/operations/answer-cache.ts, decision 0069). Nothing else may shape the
 * answer: no request header, no cookie, no table left out of migration 0147's triggers.
 */
export function keepingAnswers(operation: RegisteredOperation): RegisteredOperation {
  if (operation.definition.mutating) throw new Error(`${operation.definition.name}: only a read keeps its answers`);
  return { ...operation, keepsAnswers: true };
}

export function requireCaller(ctx: OperationContext): Caller {
  if (!ctx.caller) throw new Error(`operation needs a caller but ran without one`);
  return ctx.caller;
}

/** The account an operation declared it touches, already checked to be inside the caller's scope. */
export function requireAccount(ctx: OperationContext): LocatedAccount {
  if (!ctx.account) throw new Error('operation declares an account but ran without one');
  return ctx.account;
}
