import pg from 'pg';

/** Runs one statement on the PostgreSQL server of `serverUrl`, e.g. creating or dropping a test's database. */
export async function onPostgresServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name`, a copy of `template` when one is given (the migrated template of test/global-setup.ts).
 * Two copies made at the same moment can find the template busy, so it tries again. Answers the new database's
 * address.
 */
export async function createDatabase(serverUrl: string, name: string, template: string | null = null): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onPostgresServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return databaseUrl(serverUrl, name);
    } catch (error) {
      if (attempt >= 10 || !String(error).includes('is being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export const dropDatabase = (serverUrl: string, name: string) =>
  onPostgresServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
