// Which file a path or a stream is, by device and inode: the same file can be named
// "in.csv", "./in.csv", an absolute path, a symlink or a hard link, and a path string
// comparison sees five different files. A command that reads one file and writes
// another compares these before it writes a byte.
import { fstatSync, type BigIntStats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';

export interface FileIdentity {
  dev: bigint;
  ino: bigint;
  /** A terminal or /dev/null, which outputs may share (output-target.ts). */
  charDevice?: boolean;
}

export function identityOfStats(info: BigIntStats): FileIdentity {
  return info.isCharacterDevice() ? { dev: info.dev, ino: info.ino, charDevice: true } : { dev: info.dev, ino: info.ino };
}

/** The file `path` names (symlinks followed), or undefined when there is none yet. */
export async function identityOfPath(path: string): Promise<FileIdentity | undefined> {
  try {
    return identityOfStats(await stat(path, { bigint: true }));
  } catch {
    return undefined;
  }
}

/**
 * The file behind a stream with a descriptor: stdin redirected from a file (`< in.csv`)
 * is that file, and so is stdout sent to one (`> out.jsonl`). Undefined for a stream
 * without one (tests hand in buffers).
 */
export function identityOfStream(stream: Readable | Writable): FileIdentity | undefined {
  const fd = (stream as (Readable | Writable) & { fd?: unknown }).fd;
  return typeof fd === 'number' ? identityOfFd(fd) : undefined;
}

/** The file behind an open descriptor, or undefined when it is not open. */
export function identityOfFd(fd: number): FileIdentity | undefined {
  try {
    return identityOfStats(fstatSync(fd, { bigint: true }));
  } catch {
    return undefined;
  }
}

export function sameFile(a: FileIdentity | undefined, b: FileIdentity | undefined): boolean {
  return a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;
}
