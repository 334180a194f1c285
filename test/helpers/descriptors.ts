// The descriptors this process holds open on a file (Linux's /proc/self/fd): a run that
// returned must have closed the files it opened, read to their end or not.
import { readdirSync, readlinkSync } from 'node:fs';
import { until } from './cli-spawn.js';

/** The descriptors of this process open on `path`. */
export function descriptorsOn(path: string): string[] {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  });
}

/** Resolves once no descriptor of this process is open on `path` (a close in flight may take a moment); fails after `timeoutMs`. */
export function noDescriptorOn(path: string, timeoutMs = 2_000): Promise<true> {
  return until(
    () => (descriptorsOn(path).length === 0 ? true : undefined),
    timeoutMs,
    () => `${descriptorsOn(path).length} descriptor(s) still open on ${path}`,
  );
}
