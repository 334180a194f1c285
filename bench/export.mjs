#!/usr/bin/env node
// Metafield export benchmark (`npm run bench:export`; `npm run bench` runs it too). Against a
// local `sandbox serve` (the built CLI) whose data file holds the values already (written
// here directly: loading 100k objects through the import would take minutes), it measures
// `metafield export --objects FILE --output FILE`:
//
// - rows/s and requests per object, the median of --runs runs, each on a fresh sandbox;
// - peak RSS at --small objects beside --objects (memory must not grow with the store: the
//   export holds the sorted list of ids, and values only for a few objects at a time);
// - the live heap (after forced GCs) at both sizes, in one more run each;
// - the baseline, in the same run: what a shell loop does, one GET per object of the small
//   store, one after the other, values read and dropped (no CSV, no sorting, no file).
//
//   node bench/export.mjs [--objects N] [--small N] [--runs N] [--no-write]
//
// Requests are counted from the sandbox's own request log (its stderr); every run's output
// is checked to hold every row, in order. Writes its section of bench/RESULTS.md unless --no-write.
import { copyFileSync, createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import { join } from 'node:path';
import {
  BIN,
  ROOT,
  WRITE,
  baseEnv,
  fail,
  fmt,
  median,
  option,
  resultsBegin,
  resultsEnd,
  runToEnd,
  say,
  scratchDir,
  serveLogged,
  writeResultsSection,
  requireBuild,
  runsOption,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const PROBE = join(ROOT, 'bench', 'peak-rss.cjs');
const BEGIN = resultsBegin('export');
const END = resultsEnd('export');

const OBJECTS = Number(option('--objects', 100_000));
const SMALL = Number(option('--small', 10_000));
const RUNS = runsOption();
const PER_OBJECT = 4;
const FIRST_ID = 4_000_000_000_000_000_000n;
if (!Number.isInteger(OBJECTS) || OBJECTS < 100) fail('--objects must be a whole number >= 100.');
if (!Number.isInteger(SMALL) || SMALL < 100 || SMALL > OBJECTS) fail('--small must be a whole number from 100 to --objects.');
requireBuild('bench:export');

const { scratch, children } = scratchDir('store-cli-bench-export-');

// --- the store's state and the list of objects ---------------------------------------------

const VALUES = (id) => [
  { namespace: 'custom', code: 'material', fieldType: 'SingleLineText', value: `Cotton, "combed" ${id}` },
  { namespace: 'custom', code: 'stock_floor', fieldType: 'Integer', value: String(Number(id % 1000n)) },
  { namespace: 'specs', code: 'weight', fieldType: 'Weight', value: `{"value":${Number(id % 97n) / 10},"unit":"kg"}` },
  { namespace: 'specs', code: 'care', fieldType: 'MultiLineText', value: `Wash cold.\nDry flat — ${id}` },
];

/** A sandbox data file holding `count` products with PER_OBJECT values each, and the CSV naming them (in reverse: the export sorts). */
async function writeStore(name, count) {
  const data = join(scratch, `${name}.json`);
  const objects = join(scratch, `${name}-objects.csv`);
  const state = createWriteStream(data);
  const list = createWriteStream(objects);
  state.write(`{"format":"store-cli-sandbox","version":1,"lastId":"${FIRST_ID + BigInt(count)}","data":{"metafields":[`);
  list.write('domain,bizId\n');
  for (let i = 0; i < count; i++) {
    const id = FIRST_ID + BigInt(i);
    const entry = `${i > 0 ? ',' : ''}${JSON.stringify({ domain: 'products', bizId: String(id), values: VALUES(id) })}`;
    if (!state.write(entry)) await once(state, 'drain');
    if (!list.write(`products,${FIRST_ID + BigInt(count - 1 - i)}\n`)) await once(list, 'drain');
  }
  state.end(']}}\n');
  list.end();
  await Promise.all([once(state, 'finish'), once(list, 'finish')]);
  return { data, objects, count };
}

// --- a sandbox and its request log ---------------------------------------------------------

async function startSandbox(store) {
  // A fresh copy each run: the sandbox owns (and may rewrite) its data file.
  const data = join(scratch, `run-${Math.random().toString(36).slice(2)}.json`);
  copyFileSync(store.data, data);
  const log = { total: 0, other: 0 };
  const { baseUrl, token, stop } = await serveLogged(
    children,
    scratch,
    'metafields',
    (method, status) => {
      log.total += 1;
      if (method !== 'GET' || status !== '200') log.other += 1;
    },
    ['--data', data],
  );
  return {
    baseUrl,
    token,
    async requests() {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { ...log };
    },
    stop,
  };
}

// --- one CLI run ---------------------------------------------------------------------------

async function exportRun(store, heap = false) {
  const sandbox = await startSandbox(store);
  const output = join(scratch, `out-${Math.random().toString(36).slice(2)}.csv`);
  const rssFile = join(scratch, `rss-${Math.random().toString(36).slice(2)}`);
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(
    children,
    [...(heap ? ['--expose-gc'] : []), '--require', PROBE, BIN, 'metafield', 'export', '--objects', store.objects, '--output', output, '--json'],
    {
      ...baseEnv,
      STORE_CLI_BASE_URL: sandbox.baseUrl,
      STORE_CLI_TOKEN: sandbox.token,
      STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'),
      STORE_CLI_DATA_DIR: join(scratch, 'data'),
      PEAK_RSS_FILE: rssFile,
    },
  );
  const ms = performance.now() - started;
  if (code !== 0) fail(`metafield export exited ${code}:\n${stderr}`);
  const summary = JSON.parse(stdout);
  const requests = await sandbox.requests();
  await sandbox.stop();
  if (summary.rows !== store.count * PER_OBJECT || summary.objects !== store.count)
    fail(`the export wrote ${summary.rows} rows of ${summary.objects} objects, not ${store.count * PER_OBJECT} of ${store.count}`);
  checkOrder(output, store.count);
  const [peakKiB, liveKiB] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
  return { ms, summary, requests, peakMiB: peakKiB / 1024, liveHeapMiB: liveKiB === undefined ? undefined : liveKiB / 1024 };
}

/** The baseline: each object's values read with one GET, one object after the other. */
async function baselineRun(store) {
  const sandbox = await startSandbox(store);
  const ids = readFileSync(store.objects, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[1]);
  const started = performance.now();
  for (const id of ids) {
    const response = await fetch(`${sandbox.baseUrl}/api/202412/metafields/products/${id}?limit=250`, { headers: { 'X-Service-Access-Token': sandbox.token } });
    await response.arrayBuffer();
    if (response.status !== 200) fail(`baseline request failed: ${response.status}`);
  }
  const ms = performance.now() - started;
  await sandbox.stop();
  return { ms };
}

/** The file starts with the header, and its first and last objects are the lowest and highest ids. */
function checkOrder(file, count) {
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith('domain,bizId,namespace,code,value,type\nproducts,' + String(FIRST_ID) + ','))
    fail(`${file} does not start with the header and the lowest id`);
  const last = text.slice(text.lastIndexOf('\nproducts,', text.length - 2) + 1);
  if (!last.startsWith(`products,${FIRST_ID + BigInt(count - 1)},`)) fail(`${file} does not end with the highest id`);
}

// --- the runs ------------------------------------------------------------------------------

const loadBefore = os.loadavg();
const startedAt = new Date();
say(`stores: ${fmt(OBJECTS)} and ${fmt(SMALL)} products, ${PER_OBJECT} values each`);
const large = await writeStore('large', OBJECTS);
const small = await writeStore('small', SMALL);

const runs = { large: [], small: [], baseline: [] };
for (let run = 1; run <= RUNS; run++) {
  say(`run ${run}/${RUNS}: baseline, ${fmt(small.count)} sequential GETs...`);
  const base = await baselineRun(small);
  runs.baseline.push(base);
  say(`  ${(base.ms / 1000).toFixed(1)} s`);
  for (const [name, store] of [
    ['large', large],
    ['small', small],
  ]) {
    say(`run ${run}/${RUNS}: ${fmt(store.count)} objects...`);
    const result = await exportRun(store);
    runs[name].push(result);
    say(`  ${(result.ms / 1000).toFixed(1)} s, ${result.requests.total} requests, peak RSS ${result.peakMiB.toFixed(0)} MiB`);
  }
}
say('live heap at both sizes (forced GCs)...');
const live = { large: (await exportRun(large, true)).liveHeapMiB, small: (await exportRun(small, true)).liveHeapMiB };
const loadAfter = os.loadavg();

// --- report --------------------------------------------------------------------------------

const row = (store, list) => {
  const ms = median(list.map((r) => r.ms));
  return {
    objects: store.count,
    ms,
    rowsPerS: (store.count * PER_OBJECT) / (ms / 1000),
    objectsPerS: store.count / (ms / 1000),
    perObject: median(list.map((r) => r.requests.total)) / store.count,
    other: median(list.map((r) => r.requests.other)),
    rss: median(list.map((r) => r.peakMiB)),
  };
};
const rows = [row(small, runs.small), row(large, runs.large)];
const baseMs = median(runs.baseline.map((r) => r.ms));
const baseObjectsPerS = small.count / (baseMs / 1000);
const table = [
  '| objects (rows) | median wall time | rows/s | objects/s | requests per object | requests other than GET 200 | peak RSS of the CLI (median) | largest live heap after a full GC | objects/s over the baseline |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  `| baseline: ${fmt(small.count)} sequential GETs, nothing written | ${fmt(baseMs / 1000, 1)} s | ${fmt((small.count * PER_OBJECT) / (baseMs / 1000))} | ${fmt(baseObjectsPerS)} | 1.00 | 0 | | | 1.0x |`,
  ...rows.map(
    (r, i) =>
      `| ${fmt(r.objects)} (${fmt(r.objects * PER_OBJECT)}) | ${fmt(r.ms / 1000, 1)} s | ${fmt(r.rowsPerS)} | ${fmt(r.objectsPerS)} | ${fmt(r.perObject, 2)} | ${fmt(r.other)} | ${fmt(r.rss)} MiB | ${fmt(i === 0 ? live.small : live.large, 1)} MiB | ${fmt(r.objectsPerS / baseObjectsPerS, 2)}x |`,
  ),
].join('\n');

const section = `${BEGIN}
# Metafield export benchmark

Recorded by \`npm run bench:export\` (\`bench/export.mjs\`): ${startedAt.toISOString()}.

${machineLines(loadBefore, loadAfter)}

\`metafield export --objects FILE --output FILE\` (default \`--concurrency 8\`) from a local \`sandbox serve --data\`
holding ${PER_OBJECT} values on each product (text with commas and quotes, an Integer, a Weight, a
two-line text), the objects file listing them in reverse order (the export sorts them). Medians of
${RUNS} runs, each on a fresh sandbox; every run's file is checked to hold every row, lowest id
first. Wall time is spawn to exit of the CLI; requests are counted in the sandbox's request log;
peak RSS is the CLI process's maximum resident set (getrusage); the live heap is sampled after a
forced full GC every 250 ms in one more run of each size (\`--expose-gc\`, not timed). The baseline,
timed in each run beside the CLI, reads the small store's objects with one \`GET\` each, one after
the other, from the bench process itself (no CLI start-up, no CSV, no sort, no file).

${table}
${END}`;

process.stdout.write(`\n${table}\n`);
if (WRITE) writeResultsSection('export', section);
process.exit(0);
