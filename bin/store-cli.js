#!/usr/bin/env node
// --verbose prints stack traces: source maps (dist/**/*.map) make them name src/**/*.ts. Node
// reads a module's map only if they are on when it loads, so before the entry is imported;
// without --verbose no map is ever read.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
const { main } = await import('../dist/main.js');

await main();
