// The one writer of every output a bulk run makes: an export's --output, --rejects,
// --results, --codes-out and each --report file. What a path names decides how it is
// written (core/output-target.ts):
// - stdout (`-`, /dev/stdout) is written through the command's own stream;
// - a device, a FIFO, a terminal or another descriptor is written in place: there is no name
//   to rename over, and renaming over it would destroy it; nothing there is synced (fsync on
//   a pipe fails);
// - a regular file (or none yet) is written by the output's contract:
//   `whole` under a temporary name beside it, synced, then renamed over the target, so a
//   crash, a kill or Ctrl-C never leaves half a file under the name a script will read (an
//   interrupted run removes its temporary file; one killed outright has it removed by the
//   next run writing that name); `new` the same, but linked into place so that it never
//   replaces a file (the codes file); `lines` into the file itself as the run goes, so an
//   interrupted run keeps what it wrote (rejects, results), synced when the run ends.
// Every sink is a plain sink of text (RowSink): a transform (terminal escaping, say) can
// stand in front of it.
import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { linkNew } from '../../core/atomic-file.js';
import { CliError, FieldError, RuntimeError, UsageError } from '../../core/errors.js';
import { identityOfPath, identityOfStats, sameFile, type FileIdentity } from '../../core/file-identity.js';
import { endInPlace, openInPlace, outputTarget, type OutputTarget } from '../../core/output-target.js';
import { isRunning, processPlace, startTimeOf } from '../../core/processes.js';

export interface RowSink {
  /** Resolves once the stream can take more (backpressure: memory stays flat). */
  write(text: string): Promise<void>;
  /** Every row is in: the file takes its name (or is synced, for `lines`). */
  commit(): Promise<void>;
  /** The run did not finish: a temporary file goes; a `lines` file keeps what it holds. */
  discard(): Promise<void>;
}

/** How an output that is a regular file is written (see the opening comment). */
export type OutputContract = 'whole' | 'new' | 'lines';

export interface OutputOptions {
  /** The flag, as a FieldError names it ('output', 'rejects', 'codesOut', 'report'). */
  field: string;
  contract: OutputContract;
  /** Where a stdout target goes: the command's own stream; without it, descriptor 1 (the process's stdout). */
  stdout?: Writable | undefined;
  /** What the output is, for a failure's sentence ("the rejects file"): `Cannot write the rejects file F (ENOSPC).` */
  what?: string;
  /** A new regular file's mode: 0o600 for secrets and personal data. A special file keeps its own. */
  mode?: number;
  /** Opened once the run has sent requests (a report): a failure to open is then no refusal, and never says that nothing was sent. */
  afterSending?: boolean;
  /** A file the output must never be (the input), asked again of the file once opened: the path may have changed since it was checked. */
  notOver?: { identity: FileIdentity | undefined; refusal: () => UsageError };
}

/** The sink for an output the user named, as its target and contract say. */
export async function openOutput(target: OutputTarget, options: OutputOptions): Promise<RowSink> {
  if (target.kind === 'stdout') return options.stdout ? streamSink(options.stdout) : inPlaceSink({ kind: 'descriptor', fd: 1 }, options);
  if (target.kind !== 'file') return inPlaceSink(target, options);
  if (options.contract === 'lines') return linesSink(target.path, options);
  return wholeSink(target.path, options);
}

/**
 * An output written as the run goes under `header` (--rejects, --results): refused (exit 2,
 * nothing sent) when it is the file the run reads, under any name (./in.csv, a symlink, a hard
 * link, stdin's `< in.csv`), asked before it is opened and again of the file opened, and only
 * then emptied. `what` names it in a failure ("the rejects file").
 */
export async function openLinesOutput(
  path: string,
  options: { field: string; what: string; header: string; input: { name: string; identity?: FileIdentity | undefined }; stdout?: Writable | undefined },
): Promise<RowSink> {
  const { field, input } = options;
  const what = input.name === 'stdin' ? 'the file stdin reads from' : `the file being imported (${input.name})`;
  const isInput = () =>
    new FieldError(field, (name) => `${name()} ${path} is ${what}: writing it would destroy the input; give another file. Nothing was sent.`);
  // Asked first so that a read-only input is named as the input, not as unwritable.
  if (sameFile(await identityOfPath(path), input.identity)) throw isInput();
  const sink = await openOutput(await outputTarget(path), {
    field,
    contract: 'lines',
    what: options.what,
    stdout: options.stdout,
    notOver: { identity: input.identity, refusal: isInput },
  });
  try {
    await sink.write(options.header);
  } catch (error) {
    await sink.discard();
    const code = (error as NodeJS.ErrnoException).code;
    throw new FieldError(field, (name) => `${name()}: cannot write ${path}${code ? ` (${code})` : ''}; nothing was sent.`);
  }
  return sink;
}

/** `text` as the whole output: written, then committed (or discarded when it fails). */
export async function writeOutput(target: OutputTarget, text: string, options: OutputOptions): Promise<void> {
  const sink = await openOutput(target, options);
  try {
    await sink.write(text);
    await sink.commit();
  } catch (error) {
    await sink.discard();
    throw error;
  }
}

/**
 * Waits until `stream` takes more (drain), fails or closes, and leaves no listener behind: a
 * listener left per wait adds up over a long export (MaxListenersExceededWarning).
 */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/** Writes to a stream the run does not own (stdout): nothing to commit or discard. */
export function streamSink(stream: Writable): RowSink {
  return {
    async write(text) {
      if (!stream.write(text)) await drained(stream);
    },
    async commit() {},
    async discard() {},
  };
}

/** A write that failed (a full disk, a reader gone): exit 1, with the file system's code. */
export class OutputWriteError extends RuntimeError {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** An output that cannot be opened: before sending, a refusal (exit 2, nothing sent); after, a failure naming it. */
function cannotOpen(options: OutputOptions, name: string, code: string | undefined, what = name): UsageError | OutputWriteError {
  const why = code ? ` (${code})` : '';
  if (options.afterSending === true) return new OutputWriteError(`Cannot write ${named(options, name)}${why}.`, code);
  return new FieldError(options.field, (flag) => `${flag()}: cannot write ${what}${why}; nothing was sent.`);
}

function named(options: OutputOptions, name: string): string {
  return options.what === undefined ? name : `${options.what} ${name}`;
}

/** A failure of a stream, kept until the run asks (each write, the commit). */
function failureWatch(stream: Writable, name: string): { check(): void; fail(error: unknown): RuntimeError } {
  let failure: RuntimeError | undefined;
  const fail = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    failure ??= error instanceof RuntimeError ? error : new OutputWriteError(`Cannot write ${name}${code ? ` (${code})` : ''}.`, code);
    return failure;
  };
  stream.on('error', fail);
  return {
    check() {
      if (failure) throw failure;
    },
    fail,
  };
}

/** A descriptor or special file, written in place and never synced: what was written is there (a reader has it). */
async function inPlaceSink(target: Extract<OutputTarget, { kind: 'descriptor' | 'in-place' }>, options: OutputOptions): Promise<RowSink> {
  const name = target.kind === 'descriptor' ? `descriptor ${target.fd}` : target.path;
  let stream: Writable;
  try {
    stream = await openInPlace(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw cannotOpen(options, name, code);
  }
  const watch = failureWatch(stream, named(options, name));
  const end = async () => {
    if (stream.writableEnded) return;
    try {
      await endInPlace(stream);
    } catch (error) {
      watch.fail(error);
    }
  };
  return {
    async write(text) {
      watch.check();
      if (!stream.write(text)) await drained(stream);
      watch.check();
    },
    async commit() {
      await end();
      watch.check();
    },
    discard: end,
  };
}

/**
 * What a temporary file's name says of its writer: its pid, that pid's start time and where
 * the pid means that process (the boot and the pid namespace), so that a file left by a
 * process killed here is told apart from one another container is writing on a shared volume
 * (its pid, 1 say, names some other process here).
 */
function writerTag(): string {
  const place = processPlace();
  const namespace = /\d+/.exec(place.pidns ?? '')?.[0] ?? '0';
  const boot = (place.boot ?? '').replace(/-/g, '').slice(0, 8) || '0';
  return `${process.pid}-${startTimeOf(process.pid) ?? '0'}-${namespace}-${boot}`;
}

/**
 * The temporary files of earlier runs writing `path` whose writer is surely gone: of this
 * boot and pid namespace, its pid no longer running or running as another process (another
 * start time). A file whose writer cannot be judged here (another container, another machine)
 * is left: removing it could destroy an export under way.
 */
async function removeDeadParts(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`;
  const [, , namespace, boot] = writerTag().split('-');
  for (const name of await readdir(dirname(path)).catch(() => [] as string[])) {
    const tag = name.startsWith(prefix) ? /^(\d+)-(\d+)-(\d+)-(\w+)\.[0-9a-f]{8}\.part$/.exec(name.slice(prefix.length)) : null;
    if (tag === null) continue;
    const [, pid, start, partNamespace, partBoot] = tag;
    if (partNamespace !== namespace || partBoot !== boot || Number(pid) === process.pid) continue;
    const gone = !isRunning(Number(pid)) || (start !== '0' && startTimeOf(Number(pid)) !== start);
    if (gone) await unlink(join(dirname(path), name)).catch(() => undefined);
  }
}

/**
 * `path` written whole: its temporary sibling, private or not from its first byte (`mode`),
 * synced, then renamed over `path` (`whole`) or linked to it, never replacing a file (`new`).
 */
async function wholeSink(path: string, options: OutputOptions): Promise<RowSink> {
  const { field, contract, mode = 0o666 } = options;
  await removeDeadParts(path);
  const temporary = join(dirname(path), `.${basename(path)}.${writerTag()}.${randomBytes(4).toString('hex')}.part`);
  // flush: the data is on disk (fsync) before the file is closed, and so before the rename.
  const stream = createWriteStream(temporary, { flags: 'wx', mode, flush: true });
  try {
    // Rejects with the error event.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw cannotOpen(options, path, code, `a file in ${dirname(path)}`);
  }
  const watch = failureWatch(stream, named(options, path));
  const discard = async () => {
    if (!stream.closed) await new Promise<void>((resolve) => stream.destroy().once('close', () => resolve()));
    await unlink(temporary).catch(() => undefined);
  };
  return {
    discard,
    async write(text) {
      watch.check();
      if (!stream.write(text)) await drained(stream);
      watch.check();
    },
    async commit() {
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('error', reject);
          stream.once('close', resolve);
          stream.end();
        });
        watch.check();
        if (contract === 'new') await linkNew(temporary, path);
        else await rename(temporary, path);
      } catch (error) {
        await discard();
        if (error instanceof CliError) throw error;
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new FieldError(
            field,
            (flag) => `${flag()} ${path} exists already (made since the run checked it): it is never written over; give a new file. Nothing was sent.`,
            false,
          );
        }
        throw watch.fail(error);
      }
      await unlink(temporary).catch(() => undefined);
    },
  };
}

/**
 * `path`, a regular file or none yet, written as the run goes: opened without emptying it,
 * asked again that it is not the file it must never be (the path may have changed since it
 * was checked), then emptied and written text after text. Each text is one write call, so a
 * run killed at any point leaves whole lines; the file is synced when the run ends, and keeps
 * its lines when the run is interrupted. (A path that became a FIFO or a device meanwhile is
 * written the same way, unsynced.)
 */
async function linesSink(path: string, options: OutputOptions): Promise<RowSink> {
  const { mode = 0o666, notOver } = options;
  let handle: FileHandle | undefined;
  let regular = false;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT, mode);
    const info = await handle.stat({ bigint: true });
    if (notOver !== undefined && sameFile(identityOfStats(info), notOver.identity)) throw notOver.refusal();
    regular = info.isFile();
    if (regular) await handle.truncate(0);
  } catch (error) {
    await handle?.close();
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw cannotOpen(options, path, code);
  }
  const file = handle;
  let failure: OutputWriteError | undefined;
  const fail = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    failure ??= new OutputWriteError(`Cannot write ${named(options, path)}${code ? ` (${code})` : ''}.`, code);
    return failure;
  };
  // One write at a time, each text in one write call: O_APPEND is not needed, the file is ours.
  let queue: Promise<void> = Promise.resolve();
  let ended: Promise<void> | undefined;
  const end = () =>
    (ended ??= queue.then(async () => {
      try {
        // A pipe or a device cannot be synced (EINVAL): only a regular file is.
        if (failure === undefined && regular) await file.sync();
      } catch (error) {
        fail(error);
      } finally {
        await file.close().catch(() => undefined);
      }
    }));
  return {
    async write(text) {
      if (failure) throw failure;
      const bytes = Buffer.from(text, 'utf8');
      queue = queue.then(async () => {
        if (failure) return;
        try {
          const { bytesWritten } = await file.write(bytes, 0, bytes.length);
          if (bytesWritten !== bytes.length) fail(Object.assign(new Error('short write'), { code: 'EIO' }));
        } catch (error) {
          fail(error);
        }
      });
      await queue;
      if (failure) throw failure;
    },
    async commit() {
      await end();
      if (failure) throw failure;
    },
    discard: end,
  };
}
