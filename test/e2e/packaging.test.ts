// What npm publishes and what a fresh clone runs: the published package.json has no install
// script (npm 11 warns about them, and scripts/ is not shipped), the build happens in prepack,
// and in a clone without dist/ the launcher builds once with the clone's own script. --jq in
// the built binary: jq-wasm stays outside the bundle (it reads its jq.wasm beside its own
// module), is found from dist/, and loads only for --jq.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, isolatedEnv, killLeftovers, removeScratch, requireBuild, run } from '../helpers/cli-spawn.js';
import { scratchDir } from '../helpers/scratch.js';

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; files: string[] };

/** A copy of the launcher in a folder of its own, as an installed package or a clone holds it. */
function layout(withBuildScript: boolean): string {
  const root = scratchDir('store-cli-pack-');
  cpSync(join(REPO_ROOT, 'bin'), join(root, 'bin'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'store-cli', type: 'module' }));
  if (withBuildScript) {
    mkdirSync(join(root, 'scripts'));
    // Stands in for the real build (esbuild is the clone's): it writes the files the launcher
    // loads, its quick answers (none here), the code cache's installer and the entry.
    writeFileSync(
      join(root, 'scripts', 'build.mjs'),
      `import { mkdirSync, writeFileSync } from 'node:fs';
       mkdirSync(new URL('../dist/cli/', import.meta.url), { recursive: true });
       writeFileSync(new URL('../dist/quick.cjs', import.meta.url), 'exports.printQuickAnswer = async () => false;');
       writeFileSync(new URL('../dist/compile-cache.cjs', import.meta.url), 'exports.enableCompileCache = () => {};');
       writeFileSync(new URL('../dist/cli/package.json', import.meta.url), '{ "type": "commonjs" }');
       writeFileSync(new URL('../dist/cli/main.js', import.meta.url), "exports.main = async () => { process.stdout.write('ran ' + process.argv.slice(2).join(' ') + '\\\\n'); };");`,
    );
  }
  return root;
}

const launch = (root: string, args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin', 'store-cli.js'), ...args], { encoding: 'utf8', timeout: 30_000 });

describe('packaging', () => {
  it('the manifest has no install script; the build runs in prepack; scripts/ is not shipped', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts[hook], hook).toBeUndefined();
    expect(manifest.scripts.prepack).toBe('node scripts/build.mjs');
    expect(manifest.files).not.toContain('scripts');
    expect(readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8').split('\n')).toContain('*.tgz');
  });

  it('a fresh clone (no dist/) builds once on its first run, saying so on stderr, then runs the command', () => {
    const root = layout(true);
    const first = launch(root, ['--sandbox', 'giftcard', 'search']);
    expect(first.stderr).toContain('store-cli: building dist/ first');
    expect(first.stdout).toBe('ran --sandbox giftcard search\n');
    expect(first.status).toBe(0);
    expect(existsSync(join(root, 'dist', 'cli', 'main.js'))).toBe(true);
    const second = launch(root, ['--version']);
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe('ran --version\n');
  });

  it('an install without dist/ (and no build script) exits 1 with one sentence, no stack trace', () => {
    const r = launch(layout(false), ['--version']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('store-cli: dist/ is missing from this install of store-cli; reinstall the package.\n');
  });
});

const CLI = join(REPO_ROOT, 'dist', 'cli');

/**
 * The files a module of dist/cli requires as it loads, not those it requires later: an import()
 * of the source is built as `Promise.resolve().then(() => wrap(require(...)))`.
 */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(=>\s*[\w$]*\(?\s*)?\brequire\("([^"]+)"\)/g)].filter((m) => m[1] === undefined).map((m) => m[2]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => join(file, '..', s));
}

describe('--jq (built binary)', () => {
  afterAll(() => {
    killLeftovers();
    removeScratch();
  });
  beforeAll(requireBuild);

  it('runs jq over the JSON of a command and of api', async () => {
    const env = isolatedEnv();
    const ids = await run(['--sandbox', 'giftcard', 'search', '--all', '--jq', '.[] | select(.balance == "0.00") | .id'], { env });
    expect(ids.code, ids.stderr).toBe(0);
    expect(ids.stdout).toMatch(/^\d+\n$/);
    const count = await run(['--sandbox', 'api', 'GET', 'gift_cards/count', '--jq', '.count'], { env });
    expect(count.code, count.stderr).toBe(0);
    expect(count.stdout).toMatch(/^\d+\n$/);
    const bad = await run(['--sandbox', 'giftcard', 'count', '--jq', '.count +'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^error: --jq '\.count \+' failed: syntax error/);
  });

  it('jq-wasm is reached only through a dynamic import: nothing main.js loads statically touches it', () => {
    const chunks = readdirSync(join(CLI, 'chunks')).map((name) => join(CLI, 'chunks', name));
    const importers = chunks.filter((file) => readFileSync(file, 'utf8').includes('require("jq-wasm")'));
    expect(importers).toHaveLength(1);
    const seen = new Set<string>();
    const queue = [join(CLI, 'main.js')];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...staticImports(file));
    }
    expect(seen.size).toBeGreaterThan(1); // the walk follows static imports (precondition)
    expect([...seen]).not.toContain(importers[0]);
  });
});
