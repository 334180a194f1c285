// What the built CLI loads to answer a request: start-up is a feature (bench/RESULTS.md),
// and each module left out below was measured on the `giftcard count` path (or a bulk run's). A preload
// records node's built-in modules at exit and every file of dist/ the ES module loader
// reads, so a change that pulls one back in fails here, not only in a benchmark.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, isolatedEnv, run, scratch } from '../helpers/cli-spawn.js';
import { useHosted } from '../helpers/hosted-store.js';

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
process.on('exit', () => {
  writeFileSync(out + '.builtins', process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\\n'));
  // The CommonJS files (the launcher and its quick answers) do not go through the hook above.
  writeFileSync(out + '.files', Object.keys(require.cache).map((file) => require('node:url').pathToFileURL(file).href + '\\n').join(''), { flag: 'a' });
});
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

/** The lazily imported modules whose files were read (esbuild names such an entry after its module, a shared chunk `chunk-*`; the launcher reads quick.cjs, compile-cache.cjs and main.js first): their names, sorted. */
const lazyEntriesOf = (files: string[]) =>
  [
    ...new Set(
      files.map((file) => basename(file)).filter((name) => !['quick.cjs', 'compile-cache.cjs', 'main.js'].includes(name) && !name.startsWith('chunk-')),
    ),
  ]
    .map((name) => name.replace(/-[\w-]{8}\.js$/, ''))
    .sort();

const loadsSegmenter = (files: string[]) => files.filter((file) => readFileSync(file, 'utf8').includes('Intl.Segmenter'));

/** What a noun's import and export bring: their bulk run's flags, reports and summary. */
const BULK_RUN_MODULES = ['src/commands/bulk-import.ts', 'src/commands/run-reports.ts', 'src/bulk/engine/summary-fields.ts'];

/** A run that named its verb loaded these files of `noun`'s folder (src/commands/<noun>/), and no bulk run's modules. */
function expectVerbAlone(sources: string[], noun: string, files: string[]): void {
  expect(sources.filter((source) => source.startsWith(`src/commands/${noun}/`)).sort()).toEqual(files.map((file) => `src/commands/${noun}/${file}`));
  for (const module of BULK_RUN_MODULES) expect(sources, module).not.toContain(module);
}

/** The sources bundled into the files read, from their source maps: `src/...` and `node_modules/...` paths. */
function sourcesOf(files: string[]): string[] {
  const sources = new Set<string>();
  for (const file of new Set(files)) {
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const source of map.sources) sources.add(source.replace(/^(\.\.\/)+/, ''));
  }
  return [...sources].sort();
}
/** The manifest's code, the MCP server's and its SDK (not the commands' declarations): only `commands` and `mcp` may load them. */
const agentsOf = (sources: string[]) =>
  sources.filter(
    (source) =>
      source.includes('node_modules/@modelcontextprotocol/') ||
      /^src\/commands\/mcp\/(mcp-server|tools|plan-store|tool-calls|apply-plan|policy|served-store|gate-tools|sandbox-tools|http-transport)\.ts$/.test(
        source,
      ) ||
      /^src\/commands\/commands\/(manifest|documented-scopes)\.ts$/.test(source),
  );
const zodOf = (sources: string[]) => sources.filter((source) => source.includes('node_modules/zod/'));
const requestModulesOf = (sources: string[]) => sources.filter((source) => /^src\/api\/.*(requests|raw-api)\.ts$/.test(source));
/** The nouns whose commands were declared: the folders of src/commands/ the files read come from. */
const nounsOf = (sources: string[]) => [...new Set(sources.flatMap((source) => /^src\/commands\/([^/]+)\//.exec(source)?.[1] ?? []))];
/** What an answer before the command tree must not load: commander, the tree, the API, zod, undici, the HTTP client. */
const treeOf = (sources: string[]) =>
  sources.filter(
    (source) =>
      source.startsWith('node_modules/') ||
      source.startsWith('src/commands/') ||
      source.startsWith('src/api/') ||
      ['src/cli.ts', 'src/core/http.ts', 'src/root/context.ts'].includes(source),
  );

describe('what a command loads', () => {
  const served = useHosted({ seed: 'demo' });

  it('--version and --help are answered by the CommonJS launcher: no ES module of dist/, no commander, command, API module, zod or HTTP client', async () => {
    for (const args of [['--version'], ['--help'], ['giftcard', 'count', '--help']]) {
      const loads = await loadsOf(args, isolatedEnv());
      expect(loads.stdout, args.join(' ')).toMatch(args[0] === '--version' ? /^\d+\.\d+\.\d+/ : /^Usage: store-cli/);
      expect(
        loads.files.map((file) => basename(file)),
        args.join(' '),
      ).toEqual(['quick.cjs']);
      const sources = sourcesOf(loads.files);
      expect(sources, args.join(' ')).toContain('src/quick-answers.ts'); // the recording works
      expect(treeOf(sources), args.join(' ')).toEqual([]);
      expect(agentsOf(sources), args.join(' ')).toEqual([]);
      for (const name of ['http', 'https', 'crypto', 'child_process']) expect(loads.builtins, `${args.join(' ')}: ${name}`).not.toContain(name);
    }
  });

  it('__complete, asked on every Tab, is answered by the CommonJS launcher too: its reader alone, no ES module of dist/', async () => {
    const loads = await loadsOf(['__complete', 'profiles'], isolatedEnv());
    expect(loads.stdout).toBe('');
    expect(loads.files.map((file) => basename(file)).sort()).toEqual(['complete.cjs', 'quick.cjs']);
    expect(sourcesOf(loads.files)).toContain('src/completion/complete.ts'); // the recording works
    for (const name of ['http', 'https', 'crypto', 'child_process']) expect(loads.builtins, name).not.toContain(name);
  });

  it('giftcard count goes by node:http, without undici, http2, tls, crypto, assert, perf_hooks or fs/promises, nor the table code', async () => {
    const loads = await loadsOf(['giftcard', 'count'], served.store.env());
    expect(loads.stdout).toBe('8\n');
    expect(loads.builtins).toContain('http'); // the recording works: the request went out
    // store.toml's look-up and the config file are read synchronously (src/core/config.ts).
    for (const name of ['http2', 'tls', 'crypto', 'assert', 'https', 'perf_hooks', 'fs/promises']) expect(loads.builtins, name).not.toContain(name);
    expect(loads.files.length).toBeGreaterThan(5);
    expect(loadsSegmenter(loads.files)).toEqual([]);
    const sources = sourcesOf(loads.files);
    expect(sources.filter((source) => source.includes('node_modules/undici/'))).toEqual([]);
    expect(sources).toContain('src/core/node-wire.ts');
    // Only the invoked verb is declared (src/commands/verb-loaders.ts): not its noun's other
    // verbs, whose modules (import's and export's bulk run, reports, dry run) it never runs.
    expect(nounsOf(sources)).toEqual(['giftcard']);
    expectVerbAlone(sources, 'giftcard', ['count.ts']);
    expect(sources).not.toContain('src/commands/dry-run.ts');
    // The command's files are CommonJS (dist/cli, scripts/build.mjs), and no ES module of dist/
    // loads: beside them only the launcher's quick answers and its code cache. Few of them: what
    // every command loads comes in a few shared chunks, not a file a module (esbuild alone made 41).
    expect(new Set(loads.files).size).toBeLessThanOrEqual(20);
    expect(
      loads.files
        .filter((file) => !file.startsWith(join(REPO_ROOT, 'dist', 'cli') + sep))
        .map((file) => basename(file))
        .sort(),
    ).toEqual(['compile-cache.cjs', 'quick.cjs']);
    // Of the API, only the gift card requests load (createApi loads each resource on its first call); no zod.
    expect(requestModulesOf(sources)).toEqual(['src/api/gift-cards/requests.ts']);
    expect(zodOf(sources)).toEqual([]);
    expect(agentsOf(sources)).toEqual([]);
    // Lazily imported: the command tree, the verb, the API and its gift card requests. The rest a
    // store command needs (config, output, HTTP client, governor, guard) comes with the context in
    // one graph: each lazy import is a file of its own and a step after the one before.
    expect(lazyEntriesOf(loads.files)).toEqual(['api', 'cli', 'count', 'requests']);
  });

  it('giftcard count with a saved profile reads the config file and store.toml synchronously: no node:fs/promises', async () => {
    const { STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: token, ...env } = served.store.env();
    const login = await run(['auth', 'login', '--base-url', baseUrl!, '--with-token'], { env, input: `${token}\n` });
    expect(login.code, login.stderr).toBe(0);
    const folder = join(dir, 'saved-profile', 'sub');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(dir, 'saved-profile', 'store.toml'), '[store]\nenv = "main"\n[environments.main]\nprofile = "default"\n');
    const loads = await loadsOf(['giftcard', 'count'], env, folder);
    expect(loads.stdout).toBe('8\n'); // the profile store.toml names, read from the config file
    expect(loads.builtins).not.toContain('fs/promises');
  });

  it('commands --json loads the manifest, not the MCP server or its SDK', async () => {
    const manifest = await loadsOf(['commands', '--json'], isolatedEnv());
    expect((JSON.parse(manifest.stdout) as { commands: unknown[] }).commands.length).toBeGreaterThan(50);
    expect(agentsOf(sourcesOf(manifest.files))).toEqual(['src/commands/commands/documented-scopes.ts', 'src/commands/commands/manifest.ts']);
  });

  it("a bulk run goes by undici's pool, without http2, tls or assert (undici gets stand-ins)", async () => {
    const loads = await loadsOf(['order', 'export', '--since', '2020-01-01', '--output', join(dir, 'orders.csv')], served.store.env());
    expect(readFileSync(join(dir, 'orders.csv'), 'utf8').split('\n').length).toBeGreaterThan(2);
    // (crypto it loads for the output file's temporary name.)
    for (const name of ['http2', 'tls', 'assert']) expect(loads.builtins, name).not.toContain(name);
    expect(sourcesOf(loads.files).some((source) => source.includes('node_modules/undici/'))).toBe(true);
    // Of undici's rarely used code, only what it needs here is read: llhttp built for SIMD
    // (a WebAssembly module in base64 starts AGFzbQ), not its plain fallback, nor the fetch body code.
    const text = [...new Set(loads.files)].map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(text.split('AGFzbQ').length - 1).toBe(1);
    expect(text).not.toContain('multipart/form-data; boundary=');
  });

  it('well-formed reads check their answers without zod, and declare their noun alone (customer list its kit verbs alone): giftcard get and search, customer list --json', async () => {
    const env = served.store.env();
    const search = await loadsOf(['giftcard', 'search', '--status', 'enabled', '--limit', '5', '--json'], env);
    const cards = JSON.parse(search.stdout) as Array<{ id: string; code: string }>;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]!.code).toMatch(/^\*+/);
    expect(zodOf(sourcesOf(search.files))).toEqual([]);
    expect(nounsOf(sourcesOf(search.files))).toEqual(['giftcard']);
    expect(requestModulesOf(sourcesOf(search.files))).toEqual(['src/api/gift-cards/requests.ts']);
    const get = await loadsOf(['giftcard', 'get', cards[0]!.id, '--json'], env);
    expect(JSON.parse(get.stdout)).toMatchObject({ id: cards[0]!.id });
    expect(zodOf(sourcesOf(get.files))).toEqual([]);
    expect(requestModulesOf(sourcesOf(get.files))).toEqual(['src/api/gift-cards/requests.ts']);
    const customers = await loadsOf(['customer', 'list', '--json'], env);
    expect((JSON.parse(customers.stdout) as unknown[]).length).toBeGreaterThan(0);
    const sources = sourcesOf(customers.files);
    expect(zodOf(sources)).toEqual([]);
    expect(requestModulesOf(sources)).toEqual(['src/api/customers/requests.ts']);
    expect(nounsOf(sources)).toEqual(['customer']);
    // The kit's verbs alone (customer/kit.ts): not import's and export's modules, their bulk run and reports.
    expectVerbAlone(sources, 'customer', ['kit.ts', 'protected-note.ts', 'search.ts']);
    expect(sources.filter((source) => source.includes('node_modules/undici/'))).toEqual([]);
    expect(loadsSegmenter(customers.files)).toEqual([]);
  });

  it("discount list declares its verb alone: not its noun's other verbs, import's and export's bulk run and reports", async () => {
    const loads = await loadsOf(['discount', 'list', '--json'], served.store.env());
    expect((JSON.parse(loads.stdout) as unknown[]).length).toBeGreaterThan(0);
    expectVerbAlone(sourcesOf(loads.files), 'discount', ['flags.ts', 'list.ts', 'view.ts']);
  });

  it('without SIMD, undici reads its plain llhttp from node_modules and a bulk run still works', async () => {
    const loads = await loadsOf(
      ['order', 'export', '--since', '2020-01-01', '--output', join(dir, 'no-simd.csv')],
      served.store.env({ UNDICI_NO_WASM_SIMD: '1' }),
    );
    expect(readFileSync(join(dir, 'no-simd.csv'), 'utf8').split('\n').length).toBeGreaterThan(2);
    expect(sourcesOf(loads.files).some((source) => source.includes('node_modules/undici/'))).toBe(true);
  });

  it('prompt, for a shell prompt before every command line, reads the files and sends nothing: no http, no commander, zod or undici', async () => {
    const folder = join(dir, 'project', 'sub');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(dir, 'project', 'store.toml'), '[store]\nenv = "eu"\n[environments.eu]\nprofile = "eu"\nexpect_domain = "eu-shop.genmystore.com"\n');
    const loads = await loadsOf(['prompt'], served.store.env(), folder);
    expect(loads.stdout).toBe('eu@eu-shop.genmystore.com\n');
    // No HTTP module loads (stdout, a pipe, brings net), so no request can have gone (test/commands/fleet/prompt.test.ts reads the sandbox's log).
    for (const name of ['http', 'https', 'tls', 'crypto']) expect(loads.builtins, name).not.toContain(name);
    const text = [...new Set(loads.files)].map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const marker of ['CommanderError', 'ZodError', 'UND_ERR']) expect(text, marker).not.toContain(marker);
    // Reading the config file takes no lock: the lock and its process checks load only to write.
    for (const module of ['src/core/config-lock.ts', 'src/core/owner-lock.ts']) expect(sourcesOf(loads.files), module).not.toContain(module);
  });

  it('a table in a terminal loads string-width with the table code', async () => {
    const loads = await loadsOf(['giftcard', 'search'], served.store.env({ STORE_CLI_FORCE_TTY: '120', NO_COLOR: '1' }));
    expect(loads.stdout).toMatch(/^ID\s+LAST4\s+BALANCE/);
    expect(loadsSegmenter(loads.files).length).toBeGreaterThan(0);
  });
});
