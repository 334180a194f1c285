// Shared pieces of the command tests: a request log for a sandbox, direct HTTP to the
// sandbox (to seed data and to see what it really sent), checks of usage errors, and
// `sandbox serve` run in-process.
import { expect } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { API_PATH } from '../helpers/api-path.js';
import { liveCli, type CliResult } from '../helpers/cli-in-process.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

/** The gift cards of the demo data set (each resource's src/sandbox/resources/<resource>/demo.json), in id order. */
export const DEMO_IDS = [
  '4000000000000000011',
  '4000000000000000037',
  '4000000000000000052',
  '4000000000000000086',
  '4000000000000000109',
  '4000000000000000131',
  '4000000000000000158',
  '4000000000000000174',
];

/** Any ANSI escape sequence (colour, cursor movement). */
// eslint-disable-next-line no-control-regex
export const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/;
// eslint-disable-next-line no-control-regex
export const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

/** Pass `log.hook` as the sandbox's onRequest; `log.take()` returns and clears what arrived. */
export function requestLog() {
  let lines: LoggedRequest[] = [];
  return {
    hook: (line: { method: string; path: string; status: number }) => {
      lines.push({ method: line.method, path: line.path, status: line.status });
    },
    /** What arrived since the last take, once in-flight requests had time to report. */
    async take(): Promise<LoggedRequest[]> {
      await settle();
      const taken = lines;
      lines = [];
      return taken;
    },
    clear() {
      lines = [];
    },
  };
}

/** The sandbox reports a request when its response closes: give that a moment. */
export function settle(ms = 30): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

/** A request straight to the sandbox, bypassing the CLI. The body is sent as given (JSON text). */
export async function call(sandbox: RunningSandbox, method: string, path: string, body?: unknown, token: string = sandbox.token): Promise<Reply> {
  const headers: Record<string, string> = { [sandbox.tokenHeader]: token };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sandbox.baseUrl}${API_PATH}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

let codeCounter = 0;

/** A fresh valid code (8..20 letters and digits), unique within the test process. */
export function freshCode(prefix = 'T'): string {
  codeCounter += 1;
  const random = Math.random()
    .toString(36)
    .slice(2, 8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
  return `${prefix}${String(codeCounter).padStart(5, '0')}${random}`.slice(0, 20).padEnd(8, 'Q');
}

/** Creates a card through HTTP and returns its id as the sandbox sent it (string ids). */
export async function createCardDirect(sandbox: RunningSandbox, fields: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const code = typeof fields.code === 'string' ? fields.code : freshCode();
  const reply = await call(sandbox, 'POST', '/gift_cards', { giftCard: { code, initialValue: '10.00', ...fields } });
  // Any 2xx: the real dialect answers a create with 201.
  if (reply.status < 200 || reply.status > 299) throw new Error(`seeding a card failed: ${reply.status} ${reply.text}`);
  const id = /"id":"?(\d+)"?/.exec(reply.text)?.[1];
  if (!id) throw new Error(`no id in ${reply.text}`);
  return { id, code };
}

/** Rows of TSV output: one array of cells per line. */
export function tsvRows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** A record printed piped (`FIELD<TAB>value` lines) as an object of its fields. */
export function tsvRecord(stdout: string): Record<string, string> {
  return Object.fromEntries(tsvRows(stdout).map(([field = '', ...value]) => [field, value.join('\t')]));
}

/** The shape every failed usage check must have: exit 2, one error sentence and a Usage line, nothing on stdout. */
export function expectUsageError(result: CliResult, flag: string): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toContain(flag);
  expect(result.stderr).toMatch(/^Usage: store-cli /m);
  expect(result.stderr).not.toMatch(STACK_LINE);
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function waitFor<T>(check: () => T | undefined, ms = 5000, what = 'a condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await settle(10);
  }
}

/** Compares two decimal id strings without going through a JS number. */
export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Starts `sandbox serve` in-process on a free port, waits for its first stdout line, returns it and a stopper. */
export async function serveInProcess(args: string[], env: Record<string, string> = {}) {
  const controller = new AbortController();
  const run = liveCli(['sandbox', 'serve', '--port', '0', ...args], { signal: controller.signal, env });
  const line = await waitFor(
    () => {
      const text = run.stdout();
      return text.includes('\n') ? text.slice(0, text.indexOf('\n')) : undefined;
    },
    5000,
    'the sandbox to print its address',
  );
  return {
    line,
    run,
    stop() {
      controller.abort();
      return run.done;
    },
  };
}
