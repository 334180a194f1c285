// --sandbox: the emulator in-process on an ephemeral loopback port, its state kept in the
// user's data directory and seeded with demo data on first use, so a first command
// shows something without any set-up.
import { join } from 'node:path';
import { CancelledError, RuntimeError, UsageError } from '../core/errors.js';

export const SANDBOX_STATE_FILE = 'sandbox.json';

/** The environment variable that picks the embedded sandbox's dialect (see docs/sandbox.md "Sandbox dialects"). */
export const SANDBOX_DIALECT_ENV = 'STORE_CLI_SANDBOX_DIALECT';

/** 'service' unless the environment asks for the real store's dialect; anything else is a usage error. */
export function embeddedDialect(env: Readonly<Record<string, string | undefined>>): 'service' | 'real' {
  const raw = env[SANDBOX_DIALECT_ENV];
  if (raw === undefined || raw === '' || raw === 'service') return 'service';
  if (raw === 'real') return 'real';
  throw new UsageError(`${SANDBOX_DIALECT_ENV} must be 'service' or 'real' (got '${raw}').`, false);
}

/**
 * Parallel --sandbox commands take turns on the state file (one load-change-save at a time,
 * so none silently overwrites another's changes); a turn is one whole command.
 */
export const EMBEDDED_WAIT_MS = 60_000;

export interface EmbeddedWait {
  /** Where the notice that this command waits for another goes (stderr). */
  say(line: string): void;
  /** Ctrl-C: stop waiting, exit 130. */
  signal?: AbortSignal;
}

export async function startEmbeddedSandbox(
  dataDirectory: string,
  log: ((line: string) => void) | undefined,
  dialect: 'service' | 'real' = 'service',
  wait: EmbeddedWait = { say: () => {} },
) {
  const { startSandbox } = await import('../sandbox/index.js');
  const start = () =>
    startSandbox({
      host: '127.0.0.1',
      port: 0,
      dataFile: join(dataDirectory, SANDBOX_STATE_FILE),
      waitForDataFile: {
        timeoutMs: EMBEDDED_WAIT_MS,
        // The lock names a pid (alive, with the start time it records): which program that is, it cannot say.
        onWait: (pid, lockFile) => wait.say(`Waiting for pid ${pid}, which holds the embedded sandbox's state (${lockFile}), to let go of it...`),
        ...(wait.signal ? { signal: wait.signal } : {}),
      },
      seed: 'demo',
      dialect,
      // It lives for one command: subscriptions are kept, deliveries are `sandbox serve`'s.
      webhooks: false,
      ...(log
        ? { onRequest: (r: { method: string; path: string; status: number; ms: number }) => log(`  sandbox: ${r.method} ${r.path} ${r.status} (${r.ms} ms)`) }
        : {}),
    });
  try {
    return await asCliErrors(start);
  } catch (error) {
    if (wait.signal?.aborted) throw new CancelledError();
    throw error;
  }
}

/** The sandbox shares no code with the client, so its errors are translated here. */
export async function asCliErrors<T>(start: () => Promise<T>, flag?: string): Promise<T> {
  const { SandboxDataError, SandboxRuntimeError, SandboxUsageError } = await import('../sandbox/index.js');
  try {
    return await start();
  } catch (error) {
    if (error instanceof SandboxUsageError) throw flag ? new UsageError(`${flag}: ${error.message}`) : new UsageError(error.message, false);
    if (error instanceof SandboxDataError || error instanceof SandboxRuntimeError) throw new RuntimeError(error.message);
    throw error;
  }
}
