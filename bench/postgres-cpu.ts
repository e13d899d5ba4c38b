import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system, µs) of each PostgreSQL backend serving `database`, by process id, from /proc (Linux,
 * readable processes only); null when none is found. `databaseCpuSpent` turns two of them into the time spent between.
 */
export function databaseCpu(database: string | null): Map<string, number> | null {
  if (!database || !existsSync('/proc/self/stat')) return null;
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND);
    } catch {
      // gone, or not readable
    }
  }
  return byPid.size > 0 ? byPid : null;
}

/**
 * The backends' CPU between two readings: what each backend alive at the end spent since the first (all of it for one
 * opened since). A backend that exited in between (an idle pool connection closed) is left out rather than subtracted.
 */
export function databaseCpuSpent(before: Map<string, number> | null, after: Map<string, number> | null): number | null {
  if (!before || !after) return null;
  let spent = 0;
  for (const [pid, cpu] of after) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}
