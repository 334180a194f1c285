#!/usr/bin/env node
// Diagnostic for start-up work (not part of `npm run bench`): what each lazily loaded
// chunk of dist/ costs on the path of a one-request command (`giftcard count`), imported in
// the order the command loads them, in fresh processes; the median of each step.
//
//   npm run build && node bench/import-cost.mjs [runs]
//
// A step's cost includes the node built-ins it pulls in first (e.g. commander loads
// child_process, undici loads http, tls, http2). Chunks are found by their entry name
// (esbuild names them <name>-<hash>.js).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './common.mjs';

const CHUNKS = join(ROOT, 'dist', 'chunks');
const RUNS = Number(process.argv[2] ?? 11);

const files = readdirSync(CHUNKS);
const chunk = (name) => {
  const file = files.find((f) => new RegExp(`^${name}-[A-Z0-9]{8}\\.js$`).test(f));
  if (!file) throw new Error(`no chunk named ${name} in dist/chunks (has the entry been renamed?)`);
  return join(CHUNKS, file);
};

// The order `giftcard count` loads them: the command tree, then in run(): the output
// exporter, the saved profile (a plain read of the config file; skipped when the
// environment supplies the store and token), the HTTP client (undici), the gift card
// requests (no schemas: zod loads only when a card is read). Without a terminal on stderr
// there is no spinner to load.
const steps = [
  ['commander + command tree (cli)', chunk('cli')],
  ['output exporter (output)', chunk('output')],
  ['saved profile read (config + paths)', chunk('config'), chunk('paths')],
  ['HTTP client, undici Pool + request (http)', chunk('http')],
  ['API requests (api)', chunk('api')],
];

const probe = `
const times = [];
let t = performance.now();
for (const step of ${JSON.stringify(steps.map((s) => s.slice(1)))}) {
  for (const file of step) await import(file);
  const now = performance.now();
  times.push(now - t);
  t = now;
}
process.stdout.write(JSON.stringify(times));
`;
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  runs.push(JSON.parse(r.stdout));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
let total = 0;
console.log(`| step (giftcard count path) | median ms |\n| --- | ---: |`);
steps.forEach(([name], i) => {
  const m = median(runs.map((r) => r[i]));
  total += m;
  console.log(`| ${name} | ${m.toFixed(1)} |`);
});
console.log(`| total | ${total.toFixed(1)} |`);
