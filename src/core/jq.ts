// --jq: a real jq (jq 1.8, compiled to WebAssembly by the jq-wasm package) run in-process.
// Loaded only when --jq is given: the exporter imports this module lazily. jq reads and
// writes JSON text, and the text goes in and comes out untouched by JavaScript's
// JSON.parse, so a number the filter does not compute on keeps every digit (jq >= 1.7
// keeps the literal of an unchanged number: 9007199254740993 stays ...993).
import { UsageError } from './errors.js';

interface JqHandle {
  raw(input: string, query: string, flags?: string[]): { stdout: string; stderr: string; exitCode: number };
}

let loading: Promise<JqHandle> | undefined;

function handle(): Promise<JqHandle> {
  loading ??= import('jq-wasm').then(({ loadJq }) => loadJq());
  return loading;
}

export interface JqOptions {
  /** Indent objects and arrays (a terminal), else one compact line per result (piped), as gh does. */
  pretty: boolean;
}

/** A jq program, checked once (compiled) before any request is sent, then run over JSON texts. */
export class JqFilter {
  private constructor(
    private readonly jq: JqHandle,
    readonly expression: string,
    private readonly flags: string[],
  ) {}

  /** Loads jq and compiles the expression: a syntax error is a UsageError (exit 2) naming it. */
  static async compile(expression: string, options: JqOptions): Promise<JqFilter> {
    const jq = await handle();
    // With no input at all, jq compiles the program and runs it zero times.
    const filter = new JqFilter(jq, expression, ['-r', ...(options.pretty ? [] : ['-c'])]);
    filter.check(jq.raw('', expression, filter.flags), true);
    return filter;
  }

  /**
   * Runs the program over every JSON value of `input` (one value, or several one after the
   * other, as jq reads a stream) and returns what it printed: strings raw (like jq -r), other
   * values as JSON, one result a line. Empty when it printed nothing. Throws a UsageError
   * naming the expression on a runtime error; `warn` receives anything else jq wrote on stderr
   * (its `debug` and `stderr` builtins).
   */
  run(input: string, warn: (text: string) => void): string {
    const result = this.jq.raw(input, this.expression, this.flags);
    this.check(result, false);
    if (result.stderr !== '') warn(result.stderr.endsWith('\n') ? result.stderr : `${result.stderr}\n`);
    if (result.stdout === '') return '';
    return result.stdout.endsWith('\n') ? result.stdout : `${result.stdout}\n`;
  }

  /** `showUsage`: a program that does not compile is bad usage; one that fails on the data is not. */
  private check(result: { stderr: string; exitCode: number }, showUsage: boolean): void {
    const failed = result.exitCode !== 0 || /^jq: (error|\d+ compile error)/m.test(result.stderr);
    if (!failed) return;
    // jq's own words, without the echo of the program, the caret under it and the error count.
    const reason = result.stderr
      .split('\n')
      .filter((line) => /^jq: (error|parse error)/.test(line))
      .map((line) =>
        line
          .replace(/ \(at [^)]*\)/, '')
          .replace(/^jq: (error: )?/, '')
          .replace(/:$/, ''),
      )
      .join('; ');
    // halt_error's own message is jq's whole stderr.
    const whole = reason || result.stderr.trim().replace(/\s*\n\s*/g, ' ') || `jq exited with status ${result.exitCode}`;
    const said = whole.length > MAX_REASON ? `${whole.slice(0, MAX_REASON - 1)}…` : whole;
    throw new UsageError(`--jq ${quoted(this.expression)} failed: ${said}.`.replace(/\.\.$/, '.'), showUsage);
  }
}

/** A runtime error repeated over many records, or halt_error of a big value, stays one readable sentence. */
const MAX_REASON = 300;

function quoted(expression: string): string {
  return `'${expression.replaceAll("'", "'\\''")}'`;
}
