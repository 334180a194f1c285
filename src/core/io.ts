// The streams a command talks through. The real process wires these in src/main.ts;
// tests hand in buffers, so no command ever touches process.stdout directly.
import type { Readable, Writable } from 'node:stream';

export interface IO {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly isStdinTTY: boolean;
  readonly isStdoutTTY: boolean;
  readonly isStderrTTY: boolean;
  /** The terminal's width when stdout is one. */
  readonly stdoutColumns: number | undefined;
  /** Colour on stdout (TTY, and neither NO_COLOR, --no-color nor the profile's `color never`). */
  readonly colorOut: boolean;
  /** Colour on stderr, decided the same way for that stream. */
  readonly colorErr: boolean;
  /**
   * The profile's `color never`: known only once the profile is read, after start-up
   * (src/cli.ts reads it before a command runs, and only when some stream has colour).
   */
  turnColorOff(): void;
  /** Questions may be asked: stdin and stderr are both terminals. */
  readonly canPrompt: boolean;
  /** Data on stdout: as it is when piped; in a terminal its control and bidi characters shown as visible escapes (see escapeControls). */
  out(text: string): void;
  /** Talk on stderr, its control characters shown as visible escapes (see escapeControls). */
  err(text: string): void;
  /**
   * Stderr as is: only for text the CLI composed itself around escaped data (colour,
   * a progress line redrawn in place). Never for a message, a value or a reason.
   */
  errTerminal(text: string): void;
  /** A store's run within a run across stores (root/fan-out.ts): told the headers of the listing its TSV rows have. */
  readonly onListColumns?: (headers: readonly string[]) => void;
}

export interface Streams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  isStdinTTY: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  /** See IO's onListColumns. */
  onListColumns?: (headers: readonly string[]) => void;
}

/**
 * What the environment says of the terminal beyond what the streams say: gh's switches, so
 * table layout and colour can be tested (or wanted) with stdout piped.
 */
export interface TerminalOverrides {
  /** STORE_CLI_FORCE_TTY set: stdout is laid out as a terminal (tables), even piped. */
  stdoutTTY?: boolean;
  /** The width stdout is laid out for (STORE_CLI_FORCE_TTY=120). */
  columns?: number;
  /** ... or this percentage of the real terminal's width, 80 columns when there is none (STORE_CLI_FORCE_TTY=50%). */
  percent?: number;
  /** CLICOLOR_FORCE: colour on both streams even when they are not terminals (still off with NO_COLOR or --no-color). */
  color?: boolean;
}

/** The smallest STORE_CLI_FORCE_TTY taken as a width: `1` (or `true`) only switches it on. */
const MIN_FORCED_WIDTH = 20;

/**
 * STORE_CLI_FORCE_TTY and CLICOLOR_FORCE, read as gh reads GH_FORCE_TTY and CLICOLOR_FORCE:
 * any non-empty STORE_CLI_FORCE_TTY forces a terminal's layout (and colour, as a terminal
 * has); a whole number is the width (from MIN_FORCED_WIDTH: gh would lay `1` out in one
 * column), `N%` a share of the real width. CLICOLOR_FORCE forces colour unless empty or `0`.
 */
export function terminalOverrides(env: Readonly<Record<string, string | undefined>>): TerminalOverrides {
  const overrides: TerminalOverrides = {};
  const force = env.STORE_CLI_FORCE_TTY;
  if (force !== undefined && force !== '') {
    overrides.stdoutTTY = true;
    const width = /^\s*(\d+)(%?)\s*$/.exec(force);
    if (width?.[2] && Number(width[1]) > 0) overrides.percent = Number(width[1]);
    else if (width && Number(width[1]) >= MIN_FORCED_WIDTH) overrides.columns = Number(width[1]);
  }
  const colorForce = env.CLICOLOR_FORCE;
  if (colorForce !== undefined && colorForce !== '' && colorForce !== '0') overrides.color = true;
  return overrides;
}

export function createIO(streams: Streams, colorAllowed: boolean, overrides: TerminalOverrides = {}): IO {
  let color = colorAllowed;
  const stdoutTTY = streams.isStdoutTTY || overrides.stdoutTTY === true;
  return {
    // A getter, not a copy: stdin is created only if something reads it.
    get stdin() {
      return streams.stdin;
    },
    stdout: streams.stdout,
    stderr: streams.stderr,
    isStdinTTY: streams.isStdinTTY,
    isStdoutTTY: stdoutTTY,
    isStderrTTY: streams.isStderrTTY,
    get stdoutColumns() {
      const columns = (streams.stdout as Writable & { columns?: number }).columns;
      const real = streams.isStdoutTTY && typeof columns === 'number' && columns > 0 ? columns : undefined;
      if (overrides.columns !== undefined) return overrides.columns;
      if (overrides.percent !== undefined) return Math.max(1, Math.floor(((real ?? 80) * overrides.percent) / 100));
      return real;
    },
    // A forced terminal has colour as a real one does; CLICOLOR_FORCE gives it to pipes too.
    get colorOut() {
      return color && (stdoutTTY || overrides.color === true);
    },
    get colorErr() {
      return color && (streams.isStderrTTY || overrides.color === true);
    },
    turnColorOff: () => {
      color = false;
    },
    canPrompt: streams.isStdinTTY && streams.isStderrTTY,
    out: (text) => void streams.stdout.write(stdoutTTY ? escapeControls(text) : text),
    err: (text) => void streams.stderr.write(escapeControls(text)),
    errTerminal: (text) => void streams.stderr.write(text),
    ...(streams.onListColumns ? { onListColumns: streams.onListColumns } : {}),
  };
}

// C0 but tab and newline, DEL, C1: what a terminal may take as a command. And the
// bidirectional formatting characters that reorder the text after them on screen (the
// embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069): "Trojan Source"
// text that reads other than it is. Letters of right-to-left scripts are not among them.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Control and bidi characters as visible escapes (`\x1b`, `\x07` for C0; `\u007f`, `\u009b`,
 * `\u202e` for DEL, C1 and bidi), so text from a file or a store cannot retitle, clear, rewrite
 * or reorder the terminal. Tab, newline and every other character (Unicode included) stay as
 * they are. The characters JSON leaves raw (DEL, C1, bidi) become JSON's own `\uXXXX`, so JSON
 * escaped this way is still JSON, and the same value.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Text that must stay one line (an error, a warning, a notice on stderr): escapeControls, and
 * line feeds and carriage returns as `\n` and `\r`, so a store's text cannot start a line of
 * its own. A CI log reads a line that starts with `::` (GitHub Actions' `::error::`,
 * `::add-mask::`), or holds `##[` anywhere, as a command to the runner: `##[` is shown as
 * `##\[`, and a leading `::` as `\x3a:`.
 */
export function escapeLine(text: string): string {
  return escapeControls(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n'))
    .replace(/##\[/g, '##\\[')
    .replace(/^(\s*)::/, '$1\\x3a:');
}

/**
 * Waits until the stream has drained, so huge listings do not pile up in memory. A
 * reader that went away (`| head`) ends the wait instead of hanging on a drain that
 * never comes.
 */
export async function writeWithBackpressure(stream: Writable, text: string): Promise<void> {
  if (stream.destroyed) throw new ReaderGoneError();
  if (stream.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      stream.off('drain', done).off('close', gone).off('error', gone);
      if (error) reject(error);
      else resolve();
    };
    const gone = () => done(new ReaderGoneError());
    stream.once('drain', done).once('close', gone).once('error', gone);
  });
}

/** The reader of stdout closed its end; the output is no longer wanted. */
export class ReaderGoneError extends Error {
  constructor() {
    super('The reader of the output went away.');
  }
}

/** All of a stream as text (a token piped to --with-token, a JSON body). */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
