#!/usr/bin/env node
// Diagnostic for start-up work (not part of `npm run bench`): what each lazily loaded
// chunk of dist/ costs on the path of a one-request command (`giftcard count`), required in
// the order the command loads them, in fresh processes; the median of each step.
//
//   npm run build && node bench/import-cost.mjs [runs]
//
// A step's cost includes the node built-ins it pulls in first (e.g. commander loads
// child_process, node's http loads net and streams). A chunk is found by the source file its
// entry is (its source map names it), whatever the build called it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './common.mjs';

const CHUNKS = join(ROOT, 'dist', 'cli', 'chunks');
const RUNS = Number(process.argv[2] ?? 11);

const files = readdirSync(CHUNKS).filter((f) => f.endsWith('.js'));
const sourcesOf = (f) => (existsSync(join(CHUNKS, `${f}.map`)) ? JSON.parse(readFileSync(join(CHUNKS, `${f}.map`), 'utf8')).sources : []);
/** The chunk `f` and the chunks it imports. */
const withImports = (f) => [f, ...[...readFileSync(join(CHUNKS, f), 'utf8').matchAll(/require\("\.\/([^"]+)"\)/g)].map((m) => m[1])];
/**
 * The entry chunk of `source`, a module imported lazily: the build names it after the file (an
 * index.ts after its folder); of several so named, the one that holds the source or imports it.
 */
const chunk = (source) => {
  const [folder, file] = source.replace(/\.ts$/, '').split('/').slice(-2);
  const named = files.filter((f) => new RegExp(`^${file === 'index' ? folder : file}-[\\w-]{8}\\.js$`).test(f));
  const entry = named.find((f) => withImports(f).some((g) => sourcesOf(g).some((s) => s.endsWith(source))));
  if (!entry) throw new Error(`no entry chunk of ${source} in dist/cli/chunks (is it still imported lazily?)`);
  return join(CHUNKS, entry);
};

// The order `giftcard count` loads them: the command tree with what a store command needs and
// comes in its graph (config, output, the HTTP client and its wire, node's http), the verb alone
// (verb-loaders.ts), then in run() the API and the gift card requests (no schemas: zod loads only
// for a card it must refuse). Without a terminal on stderr there is no spinner to load.
const steps = [
  ['commander + command tree and the context (cli)', chunk('src/cli.ts')],
  ['the verb alone (giftcard count)', chunk('src/commands/giftcard/count.ts')],
  ['API (api) and the gift card requests (requests)', chunk('src/api/index.ts'), chunk('src/api/gift-cards/requests.ts')],
];

const probe = `
const times = [];
let t = performance.now();
for (const step of ${JSON.stringify(steps.map((s) => s.slice(1)))}) {
  for (const file of step) require(file);
  const now = performance.now();
  times.push(now - t);
  t = now;
}
process.stdout.write(JSON.stringify(times));
`;
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const r = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
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
