#!/usr/bin/env node
// npm run backup [-- <destination>] [--without-key] [--force]
// Writes one backup folder portal-backup-<UTC time> (database, stored files, secrets key file, manifest.json) under
// the destination: the argument, else BACKUP_DIR, else ./backups. See docs/operations.md "Backups and restore".
import { BackupError, backup, parseArgs, settingsFromEnv } from './backup-lib.mjs';

try {
  const { flags, positional } = parseArgs(process.argv.slice(2), ['--without-key', '--force']);
  if (positional.length > 1) throw new BackupError('usage: npm run backup -- [destination] [--without-key] [--force]');
  const destination = positional[0] ?? (process.env.BACKUP_DIR || 'backups');
  const { dir, manifest } = await backup({
    ...settingsFromEnv(),
    destination,
    withoutKey: flags.has('--without-key'),
    force: flags.has('--force'),
    log: (line) => console.log(`backup: ${line}`),
  });
  console.log(`backup: written ${dir}`);
  console.log(
    `backup: ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'} at migration ${manifest.schemaMigration}, ` +
      `${manifest.contents.files.count} stored files, secrets key: ${manifest.contents.secretsKey}`,
  );
  if (manifest.contents.secretsKey === 'included')
    console.log('backup: it holds the secrets key: whoever reads this backup can open the stored secrets; keep it locked away');
  if (manifest.contents.secretsKey === 'SECRETS_KEY')
    console.log('backup: the key is SECRETS_KEY: keep it safe elsewhere, the backup needs it');
  if (manifest.contents.secretsKey === 'left-out')
    console.log('backup: the key file was left out: keep DATA_DIR/secrets.key safe elsewhere');
} catch (error) {
  console.error(`backup failed: ${error instanceof BackupError ? error.message : (error?.stack ?? error)}`);
  process.exit(error instanceof BackupError ? 2 : 1);
}
