// What a lock needs to know of another process: whether it still runs, when it started (so a
// pid reused by another process is not taken for the one that wrote the lock), and where it
// runs (a pid means something only on the same machine, boot and pid namespace: two
// containers on one volume are each pid 1).
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Field 22 of /proc/PID/stat, the start in clock ticks since boot; undefined without /proc. */
export function startTimeOf(pid: number): string | undefined {
  return statFields(pid)?.[22 - 3];
}

/**
 * True while the process exists (EPERM: it does, owned by another user). A process killed
 * with -9 that its parent has not reaped yet (or never will: a container without an init)
 * still answers kill(pid, 0): Linux shows it as state Z, and it runs no more.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return statFields(pid)?.[0] !== 'Z';
}

/** Fields 3 on of /proc/PID/stat (the command name, field 2, is in parentheses and may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Where a pid means this process: the host's name, the kernel's boot id and the pid namespace, as far as the system tells. */
export interface ProcessPlace {
  host: string;
  /** /proc/sys/kernel/random/boot_id: a new one each boot. */
  boot?: string;
  /** The pid namespace (/proc/self/ns/pid): one per container. */
  pidns?: string;
}

let place: ProcessPlace | undefined;

/** This process's place, read once. */
export function processPlace(): ProcessPlace {
  if (place) return place;
  const boot = tryRead(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  const pidns = tryRead(() => readlinkSync('/proc/self/ns/pid'));
  place = { host: hostname(), ...(boot ? { boot } : {}), ...(pidns ? { pidns } : {}) };
  return place;
}

function tryRead(read: () => string): string | undefined {
  try {
    return read() || undefined;
  } catch {
    return undefined;
  }
}
