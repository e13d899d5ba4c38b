/**
 * The operation layer's declaration: every operation is declared once, here in contracts, and
 * served at `POST /api/op/{name}`.
 *
 * @example
 * export const LoadAccountById = defineOperation({
 *   name: 'LoadAccountById', summary: 'Load one account',
 *   input: z.object({ id: AccountIdSchema }), output: AccountSchema,
 *   access: { kind: 'accountType', permission: 'READ' }, account: (i) => i.id, mutating: false,
 * });
 */
import type { z } from 'zod';
import type { CapabilityRequirement, PermissionKind } from './capabilities.js';

export type OperationAccess =
  /** Anyone, signed in or not (sign-in itself). */
  | { readonly kind: 'public' }
  /** Any signed-in user; the tenant scope guard still applies to the touched account. */
  | { readonly kind: 'session' }
  /** A named capability. */
  | { readonly kind: 'capability'; readonly capability: CapabilityRequirement }
  /** Any one of several named capabilities (e.g. two capabilities that both grant reading orders). */
  | { readonly kind: 'anyCapability'; readonly capabilities: readonly [CapabilityRequirement, ...CapabilityRequirement[]] }
  /** `<TYPE>_ACCOUNT_<permission>` of the touched account's type. */
  | { readonly kind: 'accountType'; readonly permission: PermissionKind };

export interface OperationDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly summary: string;
  readonly input: I;
  readonly output: O;
  readonly access: OperationAccess;
  /** The account the operation touches; the tenant guard checks it is inside the caller's scope. */
  readonly account?: (input: z.infer<I>) => number | null;
  /** Mutating operations run in one transaction, write an audit row and honour Idempotency-Key. */
  readonly mutating: boolean;
  /**
   * Still served while the caller must choose a new password after a first-time password (sign-out, the signed-in
   * user, terms, the change itself); every other non-public operation answers 403 PASSWORD_CHANGE_REQUIRED.
   */
  readonly duringPasswordChange?: boolean;
}

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  def: OperationDefinition<I, O>,
): OperationDefinition<I, O> {
  return def;
}

export type OperationInput<D> = D extends OperationDefinition<infer I, z.ZodType> ? z.infer<I> : never;
export type OperationOutput<D> = D extends OperationDefinition<z.ZodType, infer O> ? z.infer<O> : never;
