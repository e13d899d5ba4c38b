#!/usr/bin/env node
// npm run restore -- <backup folder> [--force]
// Restores a backup written by npm run backup into DATA_DIR and, with DATABASE_URL, that PostgreSQL database. Both
// must be empty unless --force. Stop the server first. See docs/operations.md "Backups and restore".
import { BackupError, parseArgs, restore, settingsFromEnv } from './backup-lib.mjs';

try {
  const { flags, positional } = parseArgs(process.argv.slice(2), ['--force']);
  if (positional.length !== 1) throw new BackupError('usage: npm run restore -- <backup folder> [--force]');
  const { manifest, files, notes } = await restore({
    ...settingsFromEnv(),
    backupDir: positional[0],
    force: flags.has('--force'),
    log: (line) => console.log(`restore: ${line}`),
  });
  console.log(
    `restore: done: the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'} of ${manifest.createdAt} ` +
      `at migration ${manifest.schemaMigration}, ${files} stored files`,
  );
  for (const note of notes) console.log(`restore: note: ${note}`);
} catch (error) {
  console.error(`restore failed: ${error instanceof BackupError ? error.message : (error?.stack ?? error)}`);
  process.exit(error instanceof BackupError ? 2 : 1);
}
