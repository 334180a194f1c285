#!/usr/bin/env node
// The launcher, CommonJS (bin/package.json): on Node 20 an ES module entry alone starts 1.22x
// as slow as `node -e 0`, a CommonJS one 1.04x. `--version`, the rendered --help texts,
// `prompt` and `__complete` are answered here by dist/quick.cjs; everything else by
// dist/cli/main.js, CommonJS too, its files compiled from a code cache (dist/compile-cache.cjs).
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

// --verbose prints stack traces: source maps (dist/**/*.map) make them name src/**/*.ts. Node
// reads a module's map only if they are on when it loads, so before the entry is required;
// without --verbose no map is ever read.
const verbose = process.argv.includes('--verbose');
if (verbose) process.setSourceMapsEnabled(true);

const dist = join(__dirname, '..', 'dist');
const quick = join(dist, 'quick.cjs');
if (!existsSync(quick)) buildFirst();
require(quick)
  .printQuickAnswer(process.argv.slice(2), join(dist, 'help'))
  .then((answered) => answered || command());

function command() {
  const cli = join(dist, 'cli');
  // With --verbose, node compiles (the cache's compiling would leave the source maps unread).
  if (!verbose) require(join(dist, 'compile-cache.cjs')).enableCompileCache(cli, process.env);
  return require(join(cli, 'main.js')).main();
}

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
