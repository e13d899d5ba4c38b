import { PGlite } from '@electric-sql/pglite';
const a = await PGlite.create('memory://');
const dump = await a.dumpDataDir('none');
const b = await PGlite.create('memory://', { loadDataDir: dump });
for (const db of [a, b]) console.log((await db.query("SELECT pg_postmaster_start_time()::text AS t, current_database() AS d, (SELECT system_identifier FROM pg_control_system())::text AS s")).rows);
