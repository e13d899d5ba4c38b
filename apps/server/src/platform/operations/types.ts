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

export interface RegisteredOperation {
  readonly definition: OperationDefinition;
  readonly handler: (ctx: OperationContext, input: unknown) => Promise<unknown>;
}

/** Binds a handler to its declared operation. */
export function handle<D extends OperationDefinition>(definition: D, handler: OperationHandler<D>): RegisteredOperation {
  return { definition, handler: handler as RegisteredOperation['handler'] };
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
