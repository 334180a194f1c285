#!/usr/bin/env node
// The launcher, CommonJS (bin/package.json): on Node 20 an ES module entry alone starts 1.22x
// as slow as `node -e 0`, a CommonJS one 1.04x. `--version`, the rendered --help texts,
// `prompt` and `__complete` are answered here by dist/quick.cjs, before any ES module loads;
// everything else by dist/main.js, an ES module like the rest of dist/.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

// --verbose prints stack traces: source maps (dist/**/*.map) make them name src/**/*.ts. Node
// reads a module's map only if they are on when it loads, so before the entry is imported;
// without --verbose no map is ever read.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);

const dist = join(__dirname, '..', 'dist');
const quick = join(dist, 'quick.cjs');
if (!existsSync(quick)) buildFirst();
require(quick)
  .printQuickAnswer(process.argv.slice(2), join(dist, 'help'))
  .then((answered) => answered || import('../dist/main.js').then((entry) => entry.main()));

/**
 * No dist/: a fresh clone (the package builds in prepack, and has no install script, so
 * `npm install` in a clone builds nothing). The clone's own build script makes it, once;
 * an installed package without dist/ is broken, and says how to mend it.
 */
function buildFirst() {
  const script = join(__dirname, '..', 'scripts', 'build.mjs');
  if (!existsSync(script)) {
    process.stderr.write('store-cli: dist/ is missing from this install of store-cli; reinstall the package.\n');
    process.exit(1);
  }
  process.stderr.write('store-cli: building dist/ first (a fresh clone; `npm run build` does it after changes)...\n');
  require('node:child_process').execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}
