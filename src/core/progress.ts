// A spinner on stderr while a request runs, only when stderr is a terminal (never in a
// pipe or CI log) and never mixed with --verbose's request log.
import type { IO } from './io.js';

export async function withSpinner<T>(io: IO, text: string, work: () => Promise<T>): Promise<T> {
  if (!io.isStderrTTY) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr, isEnabled: true, discardStdin: false, color: io.colorErr ? 'cyan' : false as never }).start();
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}
