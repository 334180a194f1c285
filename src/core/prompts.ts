// Questions at the terminal. Without a TTY the CLI never asks: callers name the flag that
// answers the question instead (--yes, --with-token).
import { Writable } from 'node:stream';
import { CancelledError, CliError, ExitCode, UsageError } from './errors.js';
import { escapeLine, type IO } from './io.js';

export interface Prompter {
  confirm(message: string): Promise<boolean>;
  secret(message: string): Promise<string>;
}

/** A confirmation the user declined: nothing was sent. */
export class DeclinedError extends CliError {
  readonly exitCode = ExitCode.usage;
  constructor() {
    super('Not confirmed: nothing was sent.');
  }
}

export function createPrompter(io: IO, signal: AbortSignal): Prompter {
  // Built on first use: touching stdin creates it, which commands that never ask skip.
  const context = () => ({ input: io.stdin, output: unendable(io.stderr), signal, clearPromptOnDone: false });
  return {
    async confirm(message) {
      const { default: confirm } = await import('@inquirer/confirm');
      return asked(() => confirm({ message: escapeLine(message), default: false }, context()));
    },
    async secret(message) {
      const { default: password } = await import('@inquirer/password');
      return asked(() => password({ message: escapeLine(message), mask: false }, context()));
    },
  };
}

/**
 * inquirer ends the stream it writes to when a prompt closes. stderr must outlive the
 * prompt (the result, errors and spinners follow), so it gets a view it cannot end.
 */
function unendable(stream: Writable): Writable {
  const terminal = stream as Writable & { isTTY?: boolean; columns?: number; rows?: number };
  const view = new Writable({ write: (chunk, encoding, done) => void stream.write(chunk, encoding, done) });
  Object.defineProperties(view, {
    isTTY: { get: () => terminal.isTTY },
    columns: { get: () => terminal.columns },
    rows: { get: () => terminal.rows },
  });
  return view;
}

async function asked<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    // Ctrl-C or Ctrl-D at a prompt is an interruption, not a failure.
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) throw new CancelledError();
    throw error;
  }
}

/**
 * Gate for destructive commands: --yes answers; else ask in a terminal; else refuse,
 * naming the flag, because a script must never hang on a question nobody sees.
 */
export async function confirmOrRequireYes(io: IO, prompter: Prompter, yes: boolean | undefined, ask: { action: string; question: string }): Promise<void> {
  if (yes) return;
  if (!io.canPrompt) throw new UsageError(`Refusing to ${ask.action} without confirmation, and there is no terminal to ask in: pass --yes.`);
  if (!(await prompter.confirm(ask.question))) throw new DeclinedError();
}
