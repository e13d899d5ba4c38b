import { createHash } from 'node:crypto';

/** The name a prepared statement gets: from its text, so the same text is prepared once per connection. */
const statementNames = new Map<string, string>();
export function nameOf(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}
