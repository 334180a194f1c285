#!/usr/bin/env node
// --verbose prints stack traces: source maps (dist/**/*.map) make them name src/**/*.ts. Node
// reads a module's map only if they are on when it loads, so before the entry is imported;
// without --verbose no map is ever read.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
let entry;
try {
  entry = await import('../dist/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/main.js')) throw error;
  entry = await buildFirst();
}
await entry.main();

/**
 * No dist/: a fresh clone (the package builds in prepack, and has no install script, so
 * `npm install` in a clone builds nothing). The clone's own build script makes it, once;
 * an installed package without dist/ is broken, and says how to mend it.
 */
async function buildFirst() {
  const [{ existsSync }, { execFileSync }, { fileURLToPath }] = await Promise.all([import('node:fs'), import('node:child_process'), import('node:url')]);
  const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
  if (!existsSync(script)) {
    process.stderr.write('store-cli: dist/ is missing from this install of store-cli; reinstall the package.\n');
    process.exit(1);
  }
  process.stderr.write('store-cli: building dist/ first (a fresh clone; `npm run build` does it after changes)...\n');
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  return import('../dist/main.js');
}
