// An export's output that a killed or interrupted run can go on with (`--resume`): to a regular
// --output file, the rows go to FILE.partial, and after each piece the run's position (the
// bytes that hold whole pieces, the last record, its counts) to FILE.progress.json; the
// partial file takes its name only once complete. A run that was killed or interrupted leaves
// both, and a resume cuts the partial file back to what the progress counts and goes on from
// its position, asked as the interrupted run was (the same format and filters). Anything else
// (stdout, a FIFO, a device) is written through the runner's sink, in place, and cannot be
// resumed. Order export and customer export (in the store's order) write so. Every file is
// private (0600): what these exports write holds buyers' personal data.
import { open, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { CancelledError, FieldError, RuntimeError, UsageError } from '../../core/errors.js';
import type { ExportFormat } from './export-text.js';
import type { ExportRun, OpenOutput } from './run-export.js';

const PRIVATE = 0o600;

export const partialPath = (path: string) => `${path}.partial`;
export const progressPath = (path: string) => `${path}.progress.json`;

export interface ResumableSpec<P extends object> {
  /** --resume: go on from FILE.partial where a killed or interrupted run stopped. */
  resume: boolean;
  format: ExportFormat;
  /** The filters the run was asked with: a resume must ask the same. */
  filters: object;
  /** The flags a resume is asked to give again: "--since, --until and filters". */
  sameFlags: string;
  /** The position of a run from the start. */
  initial: P;
  /** The header, written first by a run from the start. */
  header: string;
}

/** The output planned: where the run starts, before anything is opened or sent. */
export interface ResumablePlan<P extends object> {
  /** A resumed run's saved position, else the spec's initial one. */
  readonly position: P;
  /** --output as a regular file (resumable); undefined for anything else. */
  readonly file: string | undefined;
  /** Opens the output once the rows are ready to go (a FIFO is not opened by a run that stops first), its header written by a run from the start. */
  open(): Promise<ResumableOutput<P>>;
}

export interface ResumableOutput<P extends object> {
  /** Appends `text`; to a file, then saves `position` as what the file holds up to there. */
  write(text: string, position: P): Promise<void>;
  /** The whole output written: the partial file synced and named, the progress removed. */
  finish(): Promise<void>;
  /** The error a run that stopped ends with (the partial file left for a resume): how to go on, `done` naming what it holds ("412 orders"). */
  stopped(error: unknown, done: string): Promise<unknown>;
}

interface Progress {
  version: 1;
  format: ExportFormat;
  filters: object;
  /** Bytes of the partial file that hold whole pieces. */
  bytes: number;
}

/** The output of `run` planned: --resume checked, and the interrupted run's progress read (nothing opened, nothing sent). */
export async function planResumable<P extends object>(run: ExportRun, openOutput: OpenOutput, spec: ResumableSpec<P>): Promise<ResumablePlan<P>> {
  const { named } = run;
  const file = run.target.kind === 'file' ? named : undefined;
  if (spec.resume && file === undefined) {
    throw new UsageError(
      named === undefined
        ? '--resume goes on with the partial file of an --output export: add --output FILE (the same as the interrupted run).'
        : `--resume goes on with the partial file of an --output file, and ${named} is no regular file (it is written in place): run it without --resume.`,
    );
  }
  if (file === undefined) {
    return {
      position: spec.initial,
      file,
      async open() {
        const sink = await openOutput({ private: true });
        await sink.write(spec.header);
        return { write: (text) => sink.write(text), finish: async () => {}, stopped: async (error) => error };
      },
    };
  }
  const saved = spec.resume ? await readProgress(file, spec) : undefined;
  return { position: saved?.position ?? spec.initial, file, open: () => openPartial(file, run, spec, saved?.bytes) };
}

/** FILE.partial opened (cut back to `resumeAt` bytes on a resume), private. */
async function openPartial<P extends object>(file: string, run: ExportRun, spec: ResumableSpec<P>, resumeAt: number | undefined): Promise<ResumableOutput<P>> {
  const partial = partialPath(file);
  if (resumeAt !== undefined) await truncate(partial, resumeAt);
  const handle = await open(partial, resumeAt !== undefined ? 'r+' : 'w', PRIVATE).catch((error: NodeJS.ErrnoException) => {
    throw new FieldError('output', (flag) => `${flag()}: cannot write ${partial}${error.code ? ` (${error.code})` : ''}; nothing was sent.`, false);
  });
  // A partial file an older version left keeps its own mode when opened: made private here.
  await handle.chmod(PRIVATE);
  let bytes = resumeAt ?? 0;
  const base: Omit<Progress, 'bytes'> = { version: 1, format: spec.format, filters: spec.filters };
  const append = async (text: string) => {
    const buffer = Buffer.from(text, 'utf8');
    await handle.write(buffer, 0, buffer.length, bytes);
    bytes += buffer.length;
  };
  // Each piece reaches the file before the progress that counts it.
  const save = async (position: P) => {
    await writeFile(`${progressPath(file)}.tmp`, `${JSON.stringify({ ...base, ...position, bytes })}\n`, { mode: PRIVATE });
    await rename(`${progressPath(file)}.tmp`, progressPath(file));
  };
  if (resumeAt === undefined) {
    await append(spec.header);
    await save(spec.initial);
  }
  return {
    async write(text, position) {
      await append(text);
      await save(position);
    },
    async finish() {
      await handle.sync();
      await handle.close();
      await rename(partial, file);
      await rm(progressPath(file), { force: true });
    },
    async stopped(error, done) {
      await handle.close().catch(() => undefined);
      if (error instanceof CancelledError || run.env.signal.aborted)
        return new CancelledError(`Interrupted after ${done}: run the same command with --resume to go on from ${partial}.`);
      if (error instanceof RuntimeError)
        return new RuntimeError(`${error.message} ${partial} holds the first ${done}: run the same command with --resume to go on.`);
      return error;
    },
  };
}

/** The progress of the run to resume, which must have been asked with the same filters and format; and the position it saved. */
async function readProgress<P extends object>(file: string, spec: ResumableSpec<P>): Promise<{ bytes: number; position: P }> {
  const partial = partialPath(file);
  const [text, size] = await Promise.all([
    readFile(progressPath(file), 'utf8').catch(() => undefined),
    stat(partial)
      .then((s) => s.size)
      .catch(() => undefined),
  ]);
  if (text === undefined || size === undefined) {
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: there is no interrupted export of ${file} to resume (no ${partial} with its ${progressPath(file)}); run it without ${flag()}.`,
      false,
    );
  }
  let progress: Progress & Record<string, unknown>;
  try {
    progress = JSON.parse(text) as Progress & Record<string, unknown>;
  } catch {
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: ${progressPath(file)} is not an export's progress (not JSON); run it without ${flag()} to start over.`,
      false,
    );
  }
  if (progress.version !== 1 || typeof progress.bytes !== 'number' || progress.bytes > size)
    throw new FieldError('resume', (flag) => `${flag()}: ${progressPath(file)} does not match ${partial}; run it without ${flag()} to start over.`, false);
  if (progress.format !== spec.format)
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: the interrupted export wrote ${progress.format === 'csv' ? 'CSV' : 'JSON lines'}; resume it with the same format.`,
      false,
    );
  if (JSON.stringify(sorted(progress.filters)) !== JSON.stringify(sorted(spec.filters)))
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: the interrupted export was asked with other filters (${describe(progress.filters)}); resume it with the same ${spec.sameFlags}.`,
      false,
    );
  const { version: _version, format: _format, filters: _filters, bytes, ...position } = progress;
  return { bytes, position: { ...spec.initial, ...position } as P };
}

function sorted(filters: object | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters ?? {})
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function describe(filters: object): string {
  return (
    Object.entries(sorted(filters))
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(', ') || 'none'
  );
}
