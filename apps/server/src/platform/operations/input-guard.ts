/**
 * The operation layer's first look at a request body, before its operation's schema (issue 14): the
 * input must be a JSON object, and no string in it (nor any key) may hold a character the database
 * cannot store or that no field allows: NUL and the other C0 control characters except tab, line feed and
 * carriage return (multi-line fields keep their line breaks), and DEL.
 */

/** The control characters no field accepts. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is what this pattern is for.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type InputProblem = { kind: 'notAnObject' } | { kind: 'forbiddenCharacter'; field: string };

/** The first problem of a body, or null when the schema may look at it. Walks at most `maxNodes` values. */
export function inspectOperationInput(body: unknown, maxNodes = 200_000): InputProblem | null {
  if (body === undefined) return null;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { kind: 'notAnObject' };
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  let seen = 0;
  while (stack.length > 0 && seen++ < maxNodes) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) return { kind: 'forbiddenCharacter', field: path || '(body)' };
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push({ value: item, path: path ? `${path}.${i}` : String(i) });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (FORBIDDEN.test(key)) return { kind: 'forbiddenCharacter', field: at.replace(FORBIDDEN, '?') };
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

export const FORBIDDEN_CHARACTER_MESSAGE = 'Remove the control characters (such as NUL) from this value';
