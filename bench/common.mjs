// What the benchmarks share: the paths, failing and saying, an environment that owes nothing
// to the caller's shell, a scratch folder removed on exit with the children still running,
// medians and numbers, and writing one section of bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'store-cli.js');
export const RESULTS = join(ROOT, 'bench', 'RESULTS.md');

/** The word after `name` on the command line, or `fallback` without it. */
export function option(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
}
/** False with --no-write: the results are printed, RESULTS.md is left alone. */
export const WRITE = !process.argv.slice(2).includes('--no-write');

export function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}
export const say = (line) => process.stderr.write(`${line}\n`);

/** --runs N (3 unless given), each figure's median over that many runs; exits saying so when N is no whole number >= 1. */
export function runsOption() {
  const runs = Number(option('--runs', 3));
  if (!Number.isInteger(runs) || runs < 1) fail('--runs must be at least 1.');
  return runs;
}

/** Exits, naming `script` (the npm script that builds first), when dist/ has not been built: the benches run the built CLI. */
export function requireBuild(script) {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) fail(`dist/cli/main.js is missing: run 'npm run build' first (npm run ${script} does).`);
}

/**
 * The environment without STORE_CLI_* or colour switches, nor what changes the cost of starting
 * node itself: NODE_OPTIONS, and NODE_EXTRA_CA_CERTS (node parses the bundle it names at every
 * start, before any code: a system bundle made `node -e 0` take 0.11 CPU-s instead of 0.03, and
 * hid most of what the CLI adds to it).
 */
export const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(STORE_CLI_|NO_COLOR$|FORCE_COLOR$|NODE_OPTIONS$|NODE_EXTRA_CA_CERTS$)/.test(k)),
);

/**
 * A fresh folder under the system's temporary one, `prefix` and a random tail, and the set the
 * caller adds its child processes to: on exit, those still running are killed and the folder
 * removed; SIGINT exits 130.
 */
export function scratchDir(prefix) {
  const scratch = mkdtempSync(join(os.tmpdir(), prefix));
  const children = new Set();
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });
  process.on('SIGINT', () => process.exit(130));
  return { scratch, children };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
export const fmt = (n, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

/** One request of a baseline, straight to the sandbox (no CLI): a POST of `body` that must answer 200. */
export async function baselinePost(sandbox, path, body) {
  const response = await fetch(`${sandbox.baseUrl}/api/202412${path}`, {
    method: 'POST',
    headers: { 'X-Service-Access-Token': sandbox.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) fail(`baseline request failed: ${response.status}`);
}

/** Replaces the text between `<!-- name:results -->` and `<!-- /name:results -->` in RESULTS.md (markers included) with `section`, or appends it. */
export function writeResultsSection(name, section) {
  const begin = resultsBegin(name);
  const end = resultsEnd(name);
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const next =
    previous.includes(begin) && previous.includes(end)
      ? previous.slice(0, previous.indexOf(begin)) + section + previous.slice(previous.indexOf(end) + end.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, next);
  say(`wrote ${RESULTS}`);
}
export const resultsBegin = (name) => `<!-- ${name}:results -->`;
export const resultsEnd = (name) => `<!-- /${name}:results -->`;

/** Runs `node ...argv` (in `cwd`, else here) to its end, tracked in `children` meanwhile: its exit code and its output as text. */
export async function runToEnd(children, argv, env, cwd) {
  const child = spawn(process.execPath, argv, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  const code = await new Promise((resolve) => child.once('close', resolve));
  children.delete(child);
  return { code, stdout, stderr };
}

/**
 * What a `sandbox serve --json` child prints once listening, its first stdout line, parsed;
 * rejects if the child exits first, the message ending with `detail()`.
 */
export function listening(child, detail = () => '') {
  return new Promise((resolve, reject) => {
    let out = '';
    const early = (code) => reject(new Error(`sandbox serve exited (${code}) before listening${detail()}`));
    child.once('exit', early);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      child.off('exit', early);
      resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
    });
  });
}

/** Calls onRequest(method, status) for each metafield request a `sandbox serve` child logs on stderr, as the lines arrive. */
export function onMetafieldRequests(child, onRequest) {
  onApiRequests(child, 'metafields', onRequest);
}

/** Calls onRequest(method, status) for each request under /api/202412/<resource> a `sandbox serve` child logs on stderr. */
export function onApiRequests(child, resource, onRequest) {
  const pattern = new RegExp(`^(GET|POST|PUT|DELETE) /api/202412/${resource}\\S* (\\d+) `);
  let pending = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      const match = pattern.exec(line);
      if (match) onRequest(match[1], match[2]);
    }
  });
}

/**
 * A `sandbox serve` child on a free port with a fixed token and `extra` flags, its config and
 * data under `scratch`, tracked in `children`; each request it logs under /api/202412/<resource>
 * goes to onRequest(method, status).
 */
export async function serveLogged(children, scratch, resource, onRequest, extra = []) {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--json', '--token', 'bench-token-0001', ...extra], {
    env: { ...baseEnv, STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'), STORE_CLI_DATA_DIR: join(scratch, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  onApiRequests(child, resource, onRequest);
  const { baseUrl, token } = await listening(child);
  return { baseUrl, token, stop: () => stopChild(child, children) };
}

/**
 * `serveLogged` with the requests it logs counted by method, by status and by both
 * (`"POST 409"`): `since(snapshot())` gives what a run sent, read from the sandbox's own log.
 */
export async function countingSandbox(children, scratch, resource, extra = []) {
  const counts = { total: 0, method: new Map(), status: new Map(), byKind: new Map() };
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const { baseUrl, token, stop } = await serveLogged(
    children,
    scratch,
    resource,
    (method, status) => {
      counts.total += 1;
      add(counts.method, method);
      add(counts.status, status);
      add(counts.byKind, `${method} ${status}`);
    },
    extra,
  );
  const snapshot = () => ({ total: counts.total, method: new Map(counts.method), status: new Map(counts.status), byKind: new Map(counts.byKind) });
  const diff = (a, b) => Object.fromEntries([...a].map(([k, v]) => [k, v - (b.get(k) ?? 0)]).filter(([, v]) => v > 0));
  return {
    baseUrl,
    token,
    snapshot,
    /** Requests logged since `before` (after a moment for the last lines to arrive). */
    async since(before) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = snapshot();
      return {
        total: now.total - before.total,
        method: diff(now.method, before.method),
        status: diff(now.status, before.status),
        byKind: diff(now.byKind, before.byKind),
      };
    },
    stop,
  };
}

/** SIGTERM, then resolves once the child has exited, no longer tracked in `children`. */
export async function stopChild(child, children) {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  children.delete(child);
}
