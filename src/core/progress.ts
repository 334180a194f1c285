// A spinner on stderr while a request runs. The context calls it only when stderr is a
// terminal (never in a pipe or CI log) and --verbose is off (never mixed with its log).
import type { Writable } from 'node:stream';
import type { IO } from './io.js';

export async function withSpinner<T>(io: IO, text: string, work: () => Promise<T>): Promise<T> {
  // ora divides by the terminal's width to count the lines it must clear: a terminal that
  // reports 0 columns (a pty nobody sized, `script` under a pipe) makes that Infinity and
  // the clearing never ends. No width, no spinner; the work runs all the same.
  if (!hasWidth(io.stderr)) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr, isEnabled: true, discardStdin: false, color: io.colorErr ? 'cyan' : false }).start();
  spinning.add(spinner);
  try {
    return await work();
  } finally {
    spinning.delete(spinner);
    spinner.stop();
  }
}

// The spinners drawing now: a question asked while one runs (the store guard's, before a
// write inside a spinning command) stops them, or they would draw over it.
const spinning = new Set<{ stop(): unknown; start(): unknown }>();

/** `ask` with every running spinner stopped (their line cleared), started again after. */
export async function withSpinnersStopped<T>(ask: () => Promise<T>): Promise<T> {
  const stopped = [...spinning];
  for (const spinner of stopped) spinner.stop();
  try {
    return await ask();
  } finally {
    for (const spinner of stopped) if (spinning.has(spinner)) spinner.start();
  }
}

/**
 * A stream that states no width (not a real terminal: tests' buffers) lets ora assume its
 * 80; one that states a width must state a positive, finite one.
 */
function hasWidth(stream: Writable): boolean {
  const columns = (stream as Writable & { columns?: unknown }).columns;
  return columns === undefined || (typeof columns === 'number' && Number.isFinite(columns) && columns > 0);
}
