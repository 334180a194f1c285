/**
 * The sandbox: a local HTTP emulator of the Store Commerce Service API. It shares no code
 * with the client on purpose, so that each checks the other. Everything the CLI needs
 * (`sandbox serve`, `sandbox reset`, `--sandbox`) goes through this module.
 */
import type { RunningSandbox, SandboxOptions } from './sandbox-types.js';

export { ALL_SCOPES, parseTokenSpec } from './http/auth.js';
export { PROTECTED_DATA_SCOPE } from './http/protected-fields.js';
export type { Scope, TokenGrant } from './http/auth.js';
export { SandboxDataError, SandboxRuntimeError, SandboxUsageError } from './http/sandbox-errors.js';
export { FAULT_HEADER, FaultRuleError, parseFaultRule } from './http/fault-rules.js';
export type { FaultRule } from './http/fault-rules.js';
export type { WebhookLogLine } from './http/webhooks.js';
export { MAX_STATE_BYTES } from './http/control.js';
export type { RequestLogEntry } from './http/request-log.js';
export type { RateLimitPlan, RunningSandbox, SandboxOptions, SandboxSeed } from './sandbox-types.js';

// The server, store and their dependencies load on first use, so a command that only parses
// a --token spec pays for this module and the resources' (ALL_SCOPES is theirs, see
// resources/index.ts), not for the server, the store or their files.

/** Resolves once the server accepts connections. Rejects with SandboxUsageError or SandboxDataError. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const { launchSandbox } = await import('./sandbox.js');
  return launchSandbox(opts);
}

/**
 * Checks a parsed seed or snapshot document as a sandbox would: undefined when it fits, else
 * one sentence naming `source` and the JSON path at fault.
 */
export async function seedProblem(raw: unknown, source: string): Promise<string | undefined> {
  const { checkSeed, describeSeedProblems } = await import('./state/seed.js');
  const checked = checkSeed(raw, new Date());
  return checked.ok ? undefined : describeSeedProblems(source, checked.problems);
}

/**
 * The pid of the live sandbox (this process's too) whose data file, journal or lock `path`
 * is, under any name; undefined when it is none of those.
 */
export async function liveSandboxOwning(path: string): Promise<number | undefined> {
  const { liveOwnerOf } = await import('./state/data-lock.js');
  return liveOwnerOf(path);
}

/**
 * Removes the state file, its journal and stray temp files beside it; true if there was
 * state. Rejects with SandboxDataError while a sandbox runs on the file.
 */
export async function resetSandboxData(dataFile: string): Promise<boolean> {
  const [{ existsSync }, { dirname }, { removeDataFile }, { DataLock }] = await Promise.all([
    import('node:fs'),
    import('node:path'),
    import('./state/persistence.js'),
    import('./state/data-lock.js'),
  ]);
  if (!existsSync(dirname(dataFile))) return false;
  const lock = await DataLock.acquire(dataFile);
  try {
    return await removeDataFile(dataFile);
  } finally {
    await lock.release();
  }
}
