// What the built CLI loads to answer one request: start-up is a feature (bench/RESULTS.md),
// and each module left out below was measured on the `giftcard count` path. A preload
// records node's built-in modules at exit and every file of dist/ the ES module loader
// reads, so a change that pulls one back in fails here, not only in a benchmark.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run, scratch, useServed } from '../helpers/cli-spawn.js';

const dir = scratch().root;
const preload = join(dir, 'record-loads.cjs');

writeFileSync(
  preload,
  `const before = new Set(process.moduleLoadList);
const { writeFileSync } = require('node:fs');
const { register } = require('node:module');
const out = process.env.RECORD_LOADS;
// NODE_OPTIONS preloads this in the loader's hooks thread too: record from the main thread only.
if (require('node:worker_threads').isMainThread) {
writeFileSync(out + '.files', '');
const hook = 'import { appendFileSync } from "node:fs"; export async function load(url, context, next) { if (url.startsWith("file:")) appendFileSync(' + JSON.stringify(out + '.files') + ', url + "\\\\n"); return next(url, context); }';
register('data:text/javascript,' + encodeURIComponent(hook));
process.on('exit', () => writeFileSync(out + '.builtins', process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\\n')));
}
`,
);

interface Loads {
  builtins: string[];
  /** The files of dist/ read, as paths. */
  files: string[];
}

let runs = 0;
async function loadsOf(args: string[], env: Record<string, string>, cwd?: string): Promise<Loads & { stdout: string }> {
  const out = join(dir, `run-${runs++}`);
  const r = await run(args, { env: { ...env, NODE_OPTIONS: `--require ${preload}`, RECORD_LOADS: out }, ...(cwd === undefined ? {} : { cwd }) });
  expect(r.code, r.stderr).toBe(0);
  expect(existsSync(`${out}.builtins`)).toBe(true);
  return {
    stdout: r.stdout,
    builtins: readFileSync(`${out}.builtins`, 'utf8').split('\n'),
    files: readFileSync(`${out}.files`, 'utf8')
      .split('\n')
      .filter((url) => url.includes('/dist/'))
      .map((url) => fileURLToPath(url)),
  };
}

const loadsSegmenter = (files: string[]) => files.filter((file) => readFileSync(file, 'utf8').includes('Intl.Segmenter'));

describe('what a one-request command loads', () => {
  const served = useServed(['--json', '--quiet', '--demo']);

  it('giftcard count loads neither http2, tls, crypto nor assert (undici gets stand-ins), nor the table code', async () => {
    const loads = await loadsOf(['giftcard', 'count'], served.sandbox.env());
    expect(loads.stdout).toBe('8\n');
    expect(loads.builtins).toContain('http'); // the recording works: the request went out
    for (const name of ['http2', 'tls', 'crypto', 'assert']) expect(loads.builtins, name).not.toContain(name);
    expect(loads.files.length).toBeGreaterThan(5);
    expect(loadsSegmenter(loads.files)).toEqual([]);
    // Of undici's rarely used code, only what it needs here is read: llhttp built for SIMD
    // (a WebAssembly module in base64 starts AGFzbQ), not its plain fallback, nor the fetch body code.
    const text = [...new Set(loads.files)].map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(text.split('AGFzbQ').length - 1).toBe(1);
    expect(text).not.toContain('multipart/form-data; boundary=');
  });

  it('without SIMD, undici reads its plain llhttp from node_modules and the request still works', async () => {
    const loads = await loadsOf(['giftcard', 'count'], served.sandbox.env({ UNDICI_NO_WASM_SIMD: '1' }));
    expect(loads.stdout).toBe('8\n');
  });

  it('prompt, for a shell prompt before every command line, reads the files and sends nothing: no http, no commander, zod or undici', async () => {
    const folder = join(dir, 'project', 'sub');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(dir, 'project', 'store.toml'), '[store]\nenv = "eu"\n[environments.eu]\nprofile = "eu"\nexpect_domain = "eu-shop.genmystore.com"\n');
    const loads = await loadsOf(['prompt'], served.sandbox.env(), folder);
    expect(loads.stdout).toBe('eu@eu-shop.genmystore.com\n');
    // No HTTP module loads (stdout, a pipe, brings net), so no request can have gone (test/commands/fleet/prompt.test.ts reads the sandbox's log).
    for (const name of ['http', 'https', 'tls', 'crypto']) expect(loads.builtins, name).not.toContain(name);
    const text = [...new Set(loads.files)].map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const marker of ['CommanderError', 'ZodError', 'UND_ERR']) expect(text, marker).not.toContain(marker);
  });

  it('a table in a terminal loads string-width with the table code', async () => {
    const loads = await loadsOf(['giftcard', 'search'], served.sandbox.env({ STORE_CLI_FORCE_TTY: '120', NO_COLOR: '1' }));
    expect(loads.stdout).toMatch(/^ID\s+LAST4\s+BALANCE/);
    expect(loadsSegmenter(loads.files).length).toBeGreaterThan(0);
  });
});
