// The descriptors this process holds open on a file (Linux's /proc/self/fd): a run that
// returned must have closed the files it opened, read to their end or not.
import { readdirSync, readlinkSync } from 'node:fs';

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
