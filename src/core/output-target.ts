// What an output path (`--output F`, `sandbox export F`) names, and so how to write it. A
// regular file (or none yet) is written under a temporary name and renamed into place, so
// that it is whole or absent. Anything else must be written in place: renaming over
// `/dev/stdout`, a terminal, a device or a FIFO would replace that special file with a
// regular one (as root, the system's own) and send nothing where the user pointed.
import { constants, createWriteStream } from 'node:fs';
import { lstat, open, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';
import { escapingStream } from './escaping-stream.js';
import { identityOfFd, identityOfPath, identityOfStream, sameFile, type FileIdentity } from './file-identity.js';

export type OutputTarget =
  /** `-`, `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`: the command's own stdout. */
  | { kind: 'stdout' }
  /** `/dev/stderr`, `/dev/fd/N`: a descriptor this process has open, written through it (its offset and mode kept). */
  | { kind: 'descriptor'; fd: number }
  /** A device, a FIFO, a socket, or a link into /dev or /proc: opened and written as it is, never replaced. */
  | { kind: 'in-place'; path: string }
  /** A regular file, or nothing yet: written whole under a temporary name, then renamed. */
  | { kind: 'file'; path: string };

/** Links followed at most (the kernel's own limit is 40). */
const MAX_HOPS = 40;

/** `/dev/fd/N`, `/proc/self/fd/N`, `/proc/<this pid>/fd/N`, `/dev/stdin|stdout|stderr`: the descriptor they name, or undefined. */
function descriptorOf(path: string): number | undefined {
  const std = /^\/dev\/(stdin|stdout|stderr)$/.exec(path);
  if (std) return ['stdin', 'stdout', 'stderr'].indexOf(std[1]!);
  const fd = /^\/(?:dev\/fd|proc\/(?:self|thread-self|(\d+))\/fd)\/(\d+)$/.exec(path);
  if (fd && (fd[1] === undefined || Number(fd[1]) === process.pid)) return Number(fd[2]);
  return undefined;
}

/**
 * Where the system keeps its special files, whose links are written in place. Not /dev/shm nor
 * /dev/mqueue: file systems of ordinary files, where a link to a sandbox's data file is that
 * file (written whole under a temporary name, and refused as a running sandbox's state).
 */
const SYSTEM_DIRS = /^\/(?:dev\/(?!shm\/|mqueue\/)|proc\/|sys\/)/;

/** Where `path` leads: `-` is stdout, and a link chain is walked (by its text) to find the descriptors above. */
export async function outputTarget(path: string): Promise<OutputTarget> {
  if (path === '-') return { kind: 'stdout' };
  let current = resolve(path);
  let intoSystem = false;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const fd = descriptorOf(current);
    if (fd !== undefined) return fd === 1 ? { kind: 'stdout' } : { kind: 'descriptor', fd };
    const info = await lstat(current).catch(() => undefined);
    if (!info?.isSymbolicLink()) break;
    const next = resolve(dirname(current), await readlink(current));
    if (SYSTEM_DIRS.test(current) || SYSTEM_DIRS.test(next)) intoSystem = true;
    current = next;
  }
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return { kind: 'file', path };
  if (!info.isFile() && !info.isDirectory()) return { kind: 'in-place', path };
  // A regular file behind a link in or into /dev or /proc (a link to /proc/N/fd/M): in place, as a shell's `>`.
  if (intoSystem && info.isFile()) return { kind: 'in-place', path };
  return { kind: 'file', path };
}

/**
 * Whether a special target is a terminal (/dev/tty, /dev/pts/N, /dev/stderr at one): a line
 * redrawn on stderr would garble the rows drawn there. Opened without blocking and without
 * becoming the controlling terminal, only to ask; a FIFO or device that cannot be opened so is no terminal.
 */
export async function leadsToTerminal(target: OutputTarget): Promise<boolean> {
  if (target.kind === 'descriptor') return isatty(target.fd);
  if (target.kind !== 'in-place') return false;
  const info = await stat(target.path).catch(() => undefined);
  if (!info?.isCharacterDevice()) return false;
  const handle = await open(target.path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY).catch(() => undefined);
  if (handle === undefined) return false;
  try {
    return isatty(handle.fd);
  } finally {
    await handle.close();
  }
}

/**
 * A stream onto a descriptor or special file, opened (a FIFO's open waits for its reader).
 * Never created, never truncated but as `>` would (O_TRUNC is a no-op on devices and FIFOs).
 * A terminal (/dev/tty, /dev/stderr at one) gets the text with its control and bidi
 * characters escaped, as stdout at a terminal does (escaping-stream.ts).
 */
export async function openInPlace(target: Extract<OutputTarget, { kind: 'descriptor' | 'in-place' }>): Promise<Writable> {
  let fd: number;
  let stream: Writable;
  if (target.kind === 'descriptor') {
    fd = target.fd;
    stream = createWriteStream('', { fd, autoClose: false });
  } else {
    const handle = await open(target.path, constants.O_WRONLY | constants.O_TRUNC | constants.O_NOCTTY);
    fd = handle.fd;
    stream = handle.createWriteStream();
  }
  return isatty(fd) ? escapingStream(stream, { owned: true }) : stream;
}

/** Ends a stream of openInPlace once all of it is written (and closes what it opened). */
export async function endInPlace(stream: Writable): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

/** `text` written whole to a descriptor or special file; failures as the file system gives them. */
export async function writeInPlace(target: Extract<OutputTarget, { kind: 'descriptor' | 'in-place' }>, text: string): Promise<void> {
  const stream = await openInPlace(target);
  try {
    stream.write(text);
    await endInPlace(stream);
  } finally {
    if (!stream.destroyed && target.kind === 'in-place') stream.destroy();
  }
}

/** Where an output lands, to compare a command's outputs with each other (see samePlace). */
export interface OutputPlace {
  stdout: boolean;
  /** The file it is, when there is one already (device and inode). */
  identity: FileIdentity | undefined;
  /** A file not there yet: its absolute path, folders' links resolved. */
  resolved: string | undefined;
}

export async function placeOf(target: OutputTarget, stdout: Readable | Writable): Promise<OutputPlace> {
  if (target.kind === 'stdout') return { stdout: true, identity: fileIdentity(identityOfStream(stdout)), resolved: undefined };
  if (target.kind === 'descriptor') return { stdout: false, identity: fileIdentity(identityOfFd(target.fd)), resolved: undefined };
  return placeOfPath(target.path);
}

/** Where a file output lands (a path, whether there or not yet). */
async function placeOfPath(path: string): Promise<OutputPlace> {
  const identity = await identityOfPath(path);
  return { stdout: false, identity: fileIdentity(identity), resolved: identity === undefined ? await resolvedNewPath(path) : undefined };
}

/**
 * A character device (/dev/null, a terminal) holds nothing that a second output could
 * destroy: two outputs may share it, so it has no identity here.
 */
function fileIdentity(identity: (FileIdentity & { charDevice?: boolean }) | undefined): FileIdentity | undefined {
  return identity?.charDevice ? undefined : identity;
}

/** Two outputs that are one file: by identity, by path for files not there yet, or both stdout. */
export function samePlace(a: OutputPlace, b: OutputPlace): boolean {
  return (a.stdout && b.stdout) || sameFile(a.identity, b.identity) || (a.resolved !== undefined && a.resolved === b.resolved);
}

async function resolvedNewPath(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return join(await realpath(dirname(absolute)), basename(absolute));
  } catch {
    return absolute;
  }
}
