// What a lock needs to know of another process: whether it still runs, and when it started
// (so a pid reused by another process is not taken for the one that wrote the lock).
import { readFileSync } from 'node:fs';

/** Field 22 of /proc/PID/stat, the start in clock ticks since boot; undefined without /proc. */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
  } catch {
    return undefined;
  }
}

/** True while the process exists (EPERM: it does, owned by another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
