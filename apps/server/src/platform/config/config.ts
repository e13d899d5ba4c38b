import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  logLevel: string;
  /** Directory of the built web app, served at `/`. */
  webDist: string | undefined;
  sessionHours: number;
  secureCookies: boolean;
  /** This instance's pod id for service export/import [S4.1]; null: the id stored in the database. */
  podId: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST || undefined,
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    secureCookies: env.SECURE_COOKIES === 'true',
    podId: env.POD_ID?.trim() || null,
  };
}
