import type { FieldError, OperationDefinition, Problem } from '@portal/contracts';
import type { z } from 'zod';

/** A failed operation call, carrying the server's problem document. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title);
  }
  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }
  get code(): string {
    return this.problem.code;
  }
}

/** Listeners told when any call comes back 401, so the app can return to sign-in. */
const unauthenticatedListeners = new Set<() => void>();
export function onUnauthenticated(listener: () => void) {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

/** Listeners told when a call is refused until the user replaces a first-time password (decision 0010). */
const passwordChangeListeners = new Set<() => void>();
export function onPasswordChangeRequired(listener: () => void) {
  passwordChangeListeners.add(listener);
  return () => {
    passwordChangeListeners.delete(listener);
  };
}

/** Calls an operation declared in contracts: POST /api/op/{name}, typed by its schemas. */
export async function callOperation<I extends z.ZodType, O extends z.ZodType>(
  def: OperationDefinition<I, O>,
  input: z.input<I>,
  options: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<z.infer<O>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`/api/op/${def.name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(input),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, {
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      code: 'NETWORK',
      detail: 'The server could not be reached. Check your connection and try again.',
    });
  }
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) {
    if (response.status === 401 && def.name !== 'Authenticate') for (const l of unauthenticatedListeners) l();
    if (response.status === 403 && body?.code === 'PASSWORD_CHANGE_REQUIRED') for (const l of passwordChangeListeners) l();
    throw new ApiError(
      response.status,
      body ?? { type: 'about:blank', title: response.statusText, status: response.status, code: 'UNKNOWN' },
    );
  }
  return body as z.infer<O>;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
