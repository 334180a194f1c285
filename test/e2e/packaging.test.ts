// What npm publishes and what a fresh clone runs: the published package.json has no install
// script (npm 11 warns about them, and scripts/ is not shipped), the build happens in prepack,
// and in a clone without dist/ the launcher builds once with the clone's own script.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli-spawn.js';
import { scratchDir } from '../helpers/scratch.js';

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; files: string[] };

/** A copy of the launcher in a folder of its own, as an installed package or a clone holds it. */
function layout(withBuildScript: boolean): string {
  const root = scratchDir('store-cli-pack-');
  cpSync(join(REPO_ROOT, 'bin'), join(root, 'bin'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'store-cli', type: 'module' }));
  if (withBuildScript) {
    mkdirSync(join(root, 'scripts'));
    // Stands in for the real build (esbuild is the clone's): it writes the entry the launcher loads.
    writeFileSync(
      join(root, 'scripts', 'build.mjs'),
      `import { mkdirSync, writeFileSync } from 'node:fs';
       mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
       writeFileSync(new URL('../dist/main.js', import.meta.url), "export async function main() { process.stdout.write('ran ' + process.argv.slice(2).join(' ') + '\\\\n'); }");`,
    );
  }
  return root;
}

const launch = (root: string, args: string[]) => spawnSync(process.execPath, [join(root, 'bin', 'store-cli.js'), ...args], { encoding: 'utf8', timeout: 30_000 });

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
    expect(existsSync(join(root, 'dist', 'main.js'))).toBe(true);
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
