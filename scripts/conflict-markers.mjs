// Fails when a tracked file still holds a merge conflict's markers (biome reads code, not the Markdown docs).
import { spawnSync } from 'node:child_process';

const found = spawnSync('git', ['grep', '-n', '-I', '-E', '^(<{7} |>{7} |={7}$)', '--', '.'], { encoding: 'utf8' });
if (found.status === 0) {
  process.stdout.write(found.stdout);
  console.error('merge conflict markers left in the files above');
  process.exit(1);
}
if (found.status !== 1) {
  console.error(found.stderr || 'git grep failed');
  process.exit(2);
}
console.log('no merge conflict markers');
