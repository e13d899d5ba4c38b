import type { OperationDefinition } from '@portal/contracts';

/**
 * Output validation (decision 0063, amending 0041). Every answer's JSON must be exactly what the operation's zod
 * output schema makes of it, so nothing relies on zod dropping keys the contract does not name, or filling defaults:
 *
 * - `strict` (tests: `AppOptions.strictOutput`, on by default under NODE_ENV=test and in every API test app) parses
 *   the answer and fails the request when the parsed answer differs from the handler's result in any way JSON shows;
 * - otherwise (production) the operations in `trusted` (`OUTPUT_PROVEN_OPERATIONS`) are answered as their handler
 *   returned them, unparsed, and every other operation is parsed as before.
 */
export interface OutputPolicy {
  readonly strict: boolean;
  readonly trusted: ReadonlySet<string>;
}

/**
 * The read operations on the hot path whose handler results the strict check has proven equal to their parsed answers
 * in the API tests (accounts, isolation, query budgets, finding, price preview and the other suites that call them):
 * production skips their output parse. An operation joins only when its handler builds its answer key by key, so
 * no column a statement adds can reach the wire unseen. SearchServices joined on 2026-11-27 (issue 12) after its API
 * suites (marketplace-search, discount-search, query budgets, isolation) passed strictly and the browser suites that
 * search (marketplace-explore, price-lists, price-list-prices, account-marketplace-tabs) passed with it unparsed.
 */
export const OUTPUT_PROVEN_OPERATIONS: ReadonlySet<string> = new Set([
  'LoadAccountById',
  'ListAccountSubtree',
  'GetPartialCompanyHierarchy',
  'GetCurrentUser',
  'SearchServices',
]);

/** The answer to send for a handler's result under the policy; throws when the strict check finds a difference. */
export function checkedOutput(definition: OperationDefinition, result: unknown, policy: OutputPolicy): unknown {
  // A change is always parsed: its answer is also kept for an idempotent replay.
  if (!policy.strict) {
    return policy.trusted.has(definition.name) && !definition.mutating ? result : definition.output.parse(result);
  }
  const parsed = definition.output.parse(result);
  const difference = firstDifference(asJson(result), asJson(parsed), '');
  if (difference !== null)
    throw new Error(`${definition.name}: the handler's result differs from its output contract at ${difference} (decision 0063)`);
  return parsed;
}

const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where two JSON values first differ (key order aside), described for the error, or null when they are equal. */
export function firstDifference(handler: unknown, parsed: unknown, path: string): string | null {
  const at = path === '' ? '(the answer)' : path;
  if (Array.isArray(handler) && Array.isArray(parsed)) {
    if (handler.length !== parsed.length) return `${at}: ${handler.length} items, the contract keeps ${parsed.length}`;
    for (let i = 0; i < handler.length; i++) {
      const found = firstDifference(handler[i], parsed[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isRecord(handler) && isRecord(parsed)) {
    for (const key of Object.keys(handler)) {
      if (!(key in parsed)) return `${path}.${key}: a key the contract does not name`;
    }
    for (const key of Object.keys(parsed)) {
      if (!(key in handler)) return `${path}.${key}: missing from the handler's result (the contract fills it in)`;
      const found = firstDifference(handler[key], parsed[key], `${path}.${key}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (Object.is(handler, parsed)) return null;
  return `${at}: ${JSON.stringify(handler)}, the contract makes it ${JSON.stringify(parsed)}`;
}
