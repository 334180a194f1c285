// Runs the built binary (bin/store-cli.js -> dist/) as a real child process in an isolated
// environment, `sandbox serve` children, and a real terminal through tmux: the end-to-end
// layer. Its in-process counterpart is cli-in-process.ts. Nothing here imports src/:
// these tests see only the product.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from './store-request.js';
import { brandEnv, tokenHeaderOf, type DialectName } from './dialects.js';
import { removeAtFileEnd } from './scratch.js';
import { afterAll, beforeAll } from 'vitest';

/** The checkout: bin/, dist/, completions/ are under it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(REPO_ROOT, 'bin', 'store-cli.js');
const ENTRY = join(REPO_ROOT, 'dist', 'cli', 'main.js');

export { api, methodAndPath, TOKEN_HEADER } from './store-request.js';

/** Fails the file early, with the fix, when the bundle is missing. */
export function requireBuild(): void {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run 'npm run build' first (npm test does).`);
}

// ---------------------------------------------------------------------------------------
// Isolated environments

const scratchRoots: string[] = [];

export interface Scratch {
  root: string;
  configDir: string;
  dataDir: string;
}

export function scratch(): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'store-cli-e2e-'));
  scratchRoots.push(root);
  removeAtFileEnd(root);
  return { root, configDir: join(root, 'config'), dataDir: join(root, 'data') };
}

/** Removes every scratch directory this file made. test/setup.ts does when the file ends; call it earlier if you like. */
export function removeScratch(): void {
  for (const root of scratchRoots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/**
 * Variables that would make a run depend on the developer's shell. STORE_CLI_CACHE_DIR is not one:
 * the run's own code cache (test/compile-cache-dir.ts), which changes no output.
 */
const INHERITED_NOISE = /^(STORE_CLI_(?!CACHE_DIR$).*|NO_COLOR|FORCE_COLOR|NODE_DISABLE_COLORS|TMUX|TMUX_PANE)$/;

export type Env = Record<string, string>;

/** The parent's environment without STORE_CLI_* (but the run's code cache) and colour switches, and no directories. */
export function cleanEnv(): Env {
  const env: Env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !INHERITED_NOISE.test(key)) env[key] = value;
  }
  return env;
}

/**
 * The parent's environment without STORE_CLI_* (and colour switches), with fresh config
 * and data directories, plus `extra`. Reuse one result across runs that share state.
 */
export function isolatedEnv(extra: Env = {}, dirs: Scratch = scratch()): Env {
  const env = cleanEnv();
  env.STORE_CLI_CONFIG_DIR = dirs.configDir;
  env.STORE_CLI_DATA_DIR = dirs.dataDir;
  return { ...env, ...extra };
}

// ---------------------------------------------------------------------------------------
// One run of the CLI

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  env?: Env;
  /** Written to stdin, which is then closed (always closed: a run never waits on it). */
  input?: string;
  /** A file opened as stdin instead (`< file`): then `input` is not used. */
  stdinFile?: string;
  timeoutMs?: number;
  /** The working directory (default: this process's, the checkout): where relative paths land. */
  cwd?: string;
}

const children = new Set<ChildProcess>();

/** Kills (by pid) any child a failed test left behind. Call from afterAll. */
export function killLeftovers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
}

type Ending = { code: number | null; signal: NodeJS.Signals | null };
const endings = new WeakMap<ChildProcess, Promise<Ending>>();

/** `stdin`, `stdout`: a descriptor for the child's stream (a file opened by the caller), else a pipe. */
export function spawnCli(args: readonly string[], env: Env, stdin: 'pipe' | number = 'pipe', stdout: 'pipe' | number = 'pipe', cwd?: string): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: [stdin, stdout, 'pipe'], ...(cwd !== undefined ? { cwd } : {}) });
  children.add(child);
  // 'close': the process exited and its stdout and stderr are fully read.
  endings.set(
    child,
    new Promise((resolve) =>
      child.once('close', (code, signal) => {
        children.delete(child);
        resolve({ code, signal });
      }),
    ),
  );
  return child;
}

export function run(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  const stdinFd = options.stdinFile === undefined ? undefined : openSync(options.stdinFile, 'r');
  const child = spawnCli(args, options.env ?? isolatedEnv(), stdinFd ?? 'pipe', 'pipe', options.cwd);
  if (stdinFd !== undefined) closeSync(stdinFd); // the child has its own copy
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin?.on('error', () => undefined); // the CLI may exit without reading stdin
    child.stdin?.end(options.input ?? '');
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`store-cli ${args.join(' ')} did not finish within ${timeoutMs} ms; stderr so far:\n${Buffer.concat(err).toString()}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ms: performance.now() - started });
    });
  });
}

/** Resolves once a child spawned by spawnCli has exited and closed its output, or rejects after timeoutMs. */
export function exitOf(child: ChildProcess, timeoutMs: number): Promise<Ending & { ms: number }> {
  const started = performance.now();
  const ending = endings.get(child);
  if (!ending) throw new Error('exitOf() needs a child from spawnCli()');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pid ${child.pid} still running after ${timeoutMs} ms`)), timeoutMs);
    void ending.then((end) => {
      clearTimeout(timer);
      resolve({ ...end, ms: performance.now() - started });
    });
  });
}

/** Polls until check() returns a value (not undefined), or fails with describe() after timeoutMs. */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

// ---------------------------------------------------------------------------------------
// `sandbox serve` as a child process

export interface ServeHandle {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly token: string;
  /** The dialect's token header (X-Genstore-Access-Token with --dialect real). */
  readonly tokenHeader: string;
  /** The first stdout line, as printed. */
  readonly firstLine: string;
  /** Everything on stdout / stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** The env that points a CLI run at this sandbox with its token (and the dialect's header family, STORE_CLI_BRAND). */
  env(extra?: Env): Env;
}

/**
 * Spawns `store-cli sandbox serve --port 0 ...args` and resolves once the first stdout
 * line arrived. With `--json` (the default here) it is {"baseUrl","token"}; without, the
 * base URL alone (and token is '').
 */
export function serve(args: readonly string[] = ['--json'], env: Env = isolatedEnv()): Promise<ServeHandle> {
  const at = args.indexOf('--dialect');
  const dialect = (at >= 0 ? args[at + 1] : undefined) as DialectName | undefined;
  const child = spawnCli(['sandbox', 'serve', '--port', '0', ...args], env);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (err += chunk));
  child.stdin!.end();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sandbox serve printed no line within 10 s; stderr:\n${err}`));
    }, 10_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`sandbox serve exited (${code}) before printing its address; stderr:\n${err}`));
    };
    child.once('exit', early);
    child.stdout!.on('data', (chunk: string) => {
      const hadLine = out.includes('\n');
      out += chunk;
      if (hadLine || !out.includes('\n')) return;
      clearTimeout(timer);
      child.off('exit', early);
      const firstLine = out.slice(0, out.indexOf('\n'));
      let baseUrl = firstLine;
      let token = '';
      if (args.includes('--json')) {
        try {
          ({ baseUrl, token } = JSON.parse(firstLine) as { baseUrl: string; token: string });
        } catch {
          reject(new Error(`sandbox serve --json printed no JSON line: ${firstLine}`));
          return;
        }
      }
      resolve({
        child,
        baseUrl,
        token,
        tokenHeader: tokenHeaderOf(dialect),
        firstLine,
        stdout: () => out,
        stderr: () => err,
        async stop(signal = 'SIGTERM') {
          child.kill(signal);
          const end = await exitOf(child, 10_000);
          return { code: end.code, signal: end.signal, stderr: err };
        },
        env: (extra = {}) => isolatedEnv({ STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: token, ...brandEnv(dialect), ...extra }),
      });
    });
  });
}

/** The sandbox's request log lines (it logs each request on stderr when not --quiet). */
export function requestLog(sandbox: ServeHandle): string[] {
  return sandbox
    .stderr()
    .split('\n')
    .filter((line) => /^(GET|POST|PUT|DELETE) \/api\//.test(line));
}

let markers = 0;

/**
 * Makes a request to a unique path and waits until the sandbox has logged it: everything
 * logged before it is in the log. Returns its index in requestLog().
 */
export async function mark(sandbox: ServeHandle): Promise<number> {
  const path = `/e2e-marker-${++markers}`;
  await api(sandbox, 'GET', path);
  return until(
    () => {
      const index = requestLog(sandbox).findIndex((line) => line.startsWith(`GET /api/202412${path} `));
      return index >= 0 ? index : undefined;
    },
    5_000,
    () => `marker ${path} not in the sandbox log:\n${sandbox.stderr()}`,
  );
}

/** A store whose request log is read at once (hosted-store.ts): a request is in it before its answer is sent. */
interface LoggingStore {
  log(): string[];
  env(extra?: Env): Env;
}

/**
 * Runs the CLI against the store (its env unless options.env); `requests` are the log lines
 * of what the run sent: a served sandbox's read between two markers (its log comes through a
 * pipe), a hosted store's as it stands before and after the run.
 */
export async function runLogged(
  store: ServeHandle | LoggingStore,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult & { requests: string[] }> {
  if ('log' in store) {
    const before = store.log().length;
    const result = await run(args, { env: store.env(), ...options });
    return { ...result, requests: store.log().slice(before) };
  }
  const before = await mark(store);
  const result = await run(args, { env: store.env(), ...options });
  const after = await mark(store);
  return { ...result, requests: requestLog(store).slice(before + 1, after) };
}

// ---------------------------------------------------------------------------------------
// A real terminal: tmux

export const TMUX: string | undefined = (() => {
  const found = spawnSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : undefined;
})();

let paneCounter = 0;

/** Single-quotes a word for sh. */
export function shq(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * One tmux server (its own socket in the scratch directory, no user config) with one
 * session (120x40 unless `size` says otherwise) running `env VARS node bin/store-cli.js ARGS; echo EXIT=$?` and then
 * idling, so the screen stays readable after the command ends.
 */
export class Pane {
  private readonly socket: string;
  private readonly session = 'e2e';

  private constructor(socket: string) {
    this.socket = socket;
  }

  /** `redirect` sends stdout or stderr to a file instead of the terminal (the other stays on it). */
  /** `cwd`: the folder the command runs in (store.toml is looked for from there); unset, the test's. */
  static start(
    args: readonly string[],
    vars: Env,
    dir: string,
    redirect: { stdout?: string; stderr?: string } = {},
    size: { columns: number; rows: number } = { columns: 120, rows: 40 },
    cwd?: string,
  ): Pane {
    if (!TMUX) throw new Error('tmux is not installed');
    mkdirSync(dir, { recursive: true });
    const pane = new Pane(join(dir, `tmux-${++paneCounter}.sock`));
    const assignments = Object.entries(vars)
      .map(([k, v]) => shq(`${k}=${v}`))
      .join(' ');
    const script = join(dir, `pane-${paneCounter}.sh`);
    const redirections = `${redirect.stdout ? ` >${shq(redirect.stdout)}` : ''}${redirect.stderr ? ` 2>${shq(redirect.stderr)}` : ''}`;
    writeFileSync(script, `env ${assignments} ${shq(process.execPath)} ${shq(BIN)} ${args.map(shq).join(' ')}${redirections}; echo EXIT=$?\nexec sleep 600\n`);
    pane.tmux(
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      pane.session,
      ...(cwd === undefined ? [] : ['-c', cwd]),
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      `sh ${shq(script)}`,
    );
    return pane;
  }

  private tmux(...args: string[]): string {
    // A CI job may have no TERM; tmux itself needs one even when detached.
    const result = spawnSync(TMUX!, ['-S', this.socket, ...args], { encoding: 'utf8', env: { TERM: 'xterm-256color', ...cleanEnv() } });
    if (result.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  /**
   * The visible screen as text; with escapes: colours and attributes as escape sequences;
   * joined: a line the terminal wrapped as the one line the program wrote; scrolled: the
   * lines scrolled off the top too.
   */
  screen(escapes = false, joined = false, scrolled = false): string {
    return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), ...(joined ? ['-J'] : []), ...(scrolled ? ['-S', '-'] : []), '-t', this.session);
  }

  /** The pane's title, which a program sets with `ESC ] 0 ; title BEL` (tmux starts it as the host's name). */
  title(): string {
    return this.tmux('display-message', '-p', '-t', this.session, '#{pane_title}').trimEnd();
  }

  /** Waits until the screen matches, and returns the match. */
  waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
    return until(
      () => this.screen().match(pattern) ?? undefined,
      timeoutMs,
      () => `${pattern} never appeared on the screen:\n${this.screen()}`,
    );
  }

  /** The command's exit status, read from the `EXIT=n` line the pane prints. */
  async exitCode(timeoutMs = 10_000): Promise<number> {
    const match = await this.waitFor(/^EXIT=(\d+)$/m, timeoutMs);
    return Number(match[1]);
  }

  /** Types text literally (no key names). */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.session, '-l', text);
  }

  /** Presses named keys (Enter, C-c, ...). */
  press(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.session, ...keys);
  }

  kill(): void {
    spawnSync(TMUX!, ['-S', this.socket, 'kill-server'], { encoding: 'utf8', env: cleanEnv() });
  }
}

/** Spawns the command with stdin closed, gathering its stdout and stderr as text. */
export function spawnGathering(args: readonly string[], env: Env): { child: ChildProcess; stdout(): string; stderr(): string } {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.end();
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** Spawns the command, closes its stdout after the first chunk (as `| head` does), and waits for its exit. */
export async function readFirstChunkThenClose(args: readonly string[], env: Env) {
  const child = spawnCli(args, env);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.end();
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => {
      child.stdout!.destroy();
      resolve(chunk.toString());
    });
    child.once('close', (code) => reject(new Error(`exited (${code}) before any output; stderr:\n${stderr}`)));
  });
  const end = await exitOf(child, 5_000);
  return { first, end, stderr };
}

/**
 * A spawned `sandbox serve` for the describe block that calls it (beforeAll), stopped with
 * whatever the block spawned when the block ends; `sandbox` throws before it started.
 */
export function useServed(args: readonly string[] = ['--json']): { readonly sandbox: ServeHandle } {
  let running: ServeHandle | undefined;
  beforeAll(async () => {
    requireBuild();
    running = await serve(args);
  });
  afterAll(async () => {
    await running?.stop();
    killLeftovers();
    removeScratch();
  });
  return {
    get sandbox() {
      if (!running) throw new Error('sandbox serve not started yet');
      return running;
    },
  };
}
