// A spinner on stderr while a request runs. The context calls it only when stderr is a
// terminal (never in a pipe or CI log) and --verbose is off (never mixed with its log).
import type { IO } from './io.js';

export async function withSpinner<T>(io: IO, text: string, work: () => Promise<T>): Promise<T> {
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr, isEnabled: true, discardStdin: false, color: io.colorErr ? 'cyan' : false }).start();
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}
