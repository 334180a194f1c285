#!/usr/bin/env node
// Bulk import benchmark (`npm run bench:import`; `npm run bench` runs it after the start-up
// bench). Against a local `sandbox serve` (the built CLI), it measures `metafield import`:
//
// - 100k rows over 10k objects: rows/s, requests per object (fresh, re-run, 10% changed),
//   peak RSS; the median of --runs runs, each on a fresh sandbox;
// - the baseline, in the same run: the same rows sent one request at a time, sequentially;
// - peak RSS importing 10k rows, beside 100k (memory must not grow with the file);
// - a sandbox with --rate-limit 4/40: achieved requests/s as a share of 4, and the 429s.
//
//   node bench/import.mjs [--rows N] [--runs N] [--rate-objects N] [--no-write]
//
// Requests are counted from the sandbox's own request log (its stderr), not from the CLI's
// claims. Writes its section of bench/RESULTS.md (between its markers) unless --no-write.
import { readFileSync, writeFileSync } from 'node:fs';
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
  countingSandbox,
  runToEnd,
  say,
  scratchDir,
  writeResultsSection,
  baselinePost,
  requireBuild,
  runsOption,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const PROBE = join(ROOT, 'bench', 'peak-rss.cjs');
const BEGIN = resultsBegin('import');
const END = resultsEnd('import');

const ROWS = Number(option('--rows', 100_000));
const RUNS = runsOption();
const RATE_OBJECTS = Number(option('--rate-objects', 300));
const PER_OBJECT = 10;
if (!Number.isInteger(ROWS) || ROWS < 1000 || ROWS % PER_OBJECT !== 0) fail('--rows must be a whole number >= 1000, a multiple of 10.');
requireBuild('bench:import');

const { scratch, children } = scratchDir('store-cli-bench-import-');

// --- files ---------------------------------------------------------------------------------

/** `objects` products with PER_OBJECT values each; `changed` rewrites one value in ten. */
function writeCsv(name, objects, firstId, changed = false) {
  const path = join(scratch, name);
  const lines = ['domain,bizId,namespace,code,value'];
  for (let o = 0; o < objects; o++) {
    const id = firstId + o;
    for (let k = 0; k < PER_OBJECT; k++) {
      const value = changed && k === 3 ? `changed ${id}` : k % 4 === 0 ? `"Cotton, ${id}/${k}"` : `value ${id}-${k}`;
      lines.push(`products,${id},${k < 5 ? 'custom' : 'specs'},field_${k},${value}`);
    }
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

// --- a sandbox and its request log ---------------------------------------------------------

const startSandbox = (extra = []) => countingSandbox(children, scratch, 'metafields', extra);

// --- one CLI run ---------------------------------------------------------------------------

/** With `heap`, the live heap is sampled too (forced GCs slow the run: not for timing). */
async function importRun(sandbox, file, heap = false) {
  const rssFile = join(scratch, `rss-${Math.random().toString(36).slice(2)}`);
  const before = sandbox.snapshot();
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(
    children,
    [...(heap ? ['--expose-gc'] : []), '--require', PROBE, BIN, 'metafield', 'import', file, '--json'],
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
  if (code !== 0) fail(`metafield import ${file} exited ${code}:\n${stderr}`);
  const summary = JSON.parse(stdout);
  const requests = await sandbox.since(before);
  const [peakKiB, liveKiB] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
  return { ms, summary, requests, peakMiB: peakKiB / 1024, liveHeapMiB: liveKiB === undefined ? undefined : liveKiB / 1024 };
}

/** The baseline: every row its own create request, one after the other. */
async function baseline(sandbox, file) {
  const rows = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  const before = sandbox.snapshot();
  const started = performance.now();
  for (const line of rows) {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((cell) =>
      cell
        .replace(/,$/, '')
        .replace(/^"(.*)"$/s, '$1')
        .replace(/""/g, '"'),
    );
    const [domain, bizId, namespace, code, value] = cells;
    await baselinePost(sandbox, `/metafields/${domain}/${bizId}`, { metaFieldDataList: [{ namespace, code, value }] });
  }
  const ms = performance.now() - started;
  return { ms, rows: rows.length, requests: await sandbox.since(before) };
}

// --- the runs ------------------------------------------------------------------------------

const OBJECTS = ROWS / PER_OBJECT;
const loadBefore = os.loadavg();
const startedAt = new Date();

say(`files: ${ROWS} rows over ${OBJECTS} objects`);
const fresh = writeCsv('fresh.csv', OBJECTS, 1_000_000);
const changed = writeCsv('changed.csv', OBJECTS, 1_000_000, true);
const small = writeCsv('small.csv', OBJECTS / 10, 5_000_000);

const phases = { fresh: [], rerun: [], changed: [] };
for (let run = 1; run <= RUNS; run++) {
  const sandbox = await startSandbox();
  for (const [phase, file] of [
    ['fresh', fresh],
    ['rerun', fresh],
    ['changed', changed],
  ]) {
    say(`run ${run}/${RUNS}: ${phase}...`);
    const result = await importRun(sandbox, file);
    phases[phase].push(result);
    say(`  ${(result.ms / 1000).toFixed(1)} s, ${result.requests.total} requests, peak RSS ${result.peakMiB.toFixed(0)} MiB`);
  }
  await sandbox.stop();
}

say(`peak RSS at ${ROWS / 10} rows...`);
const smallRuns = [];
for (let run = 1; run <= RUNS; run++) {
  const sandbox = await startSandbox();
  smallRuns.push(await importRun(sandbox, small));
  await sandbox.stop();
}
say('live heap at both sizes (forced GCs)...');
const live = {};
for (const [name, file] of [
  ['small', small],
  ['large', fresh],
]) {
  const sandbox = await startSandbox();
  live[name] = (await importRun(sandbox, file, true)).liveHeapMiB;
  await sandbox.stop();
}

say(`baseline: ${ROWS} rows, one request each, sequentially...`);
const baseSandbox = await startSandbox();
const base = await baseline(baseSandbox, fresh);
await baseSandbox.stop();
say(`  ${(base.ms / 1000).toFixed(1)} s`);

say(`rate-limited store (--rate-limit 4/40): ${RATE_OBJECTS} objects, fresh...`);
const rateFile = writeCsv('rate.csv', RATE_OBJECTS, 7_000_000);
const limited = await startSandbox(['--rate-limit', '4/40']);
const rated = await importRun(limited, rateFile);
await limited.stop();
const loadAfter = os.loadavg();

// --- report --------------------------------------------------------------------------------

const row = (name, runs) => {
  const ms = median(runs.map((r) => r.ms));
  const perObject = median(runs.map((r) => r.requests.total)) / OBJECTS;
  const rss = median(runs.map((r) => r.peakMiB));
  const methods = runs[runs.length >> 1].requests.method;
  return { name, ms, rowsPerS: ROWS / (ms / 1000), perObject, rss, methods, ratio: base.ms / ms };
};
const results = [row('fresh import', phases.fresh), row('re-run (nothing to change)', phases.rerun), row('10% of values changed', phases.changed)];
const methodText = (m) =>
  Object.entries(m)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(', ');

const accepted = rated.requests.status['200'] ?? 0;
const refused = rated.requests.status['429'] ?? 0;
const ratedS = rated.ms / 1000;
const achieved = accepted / ratedS;
const sustained = Math.max(0, accepted - 40) / ratedS;

const table = [
  `| case | median wall time | rows/s | requests per object | requests (median run) | peak RSS | speed-up over the baseline |`,
  '| --- | ---: | ---: | ---: | --- | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.name} | ${fmt(r.ms / 1000, 1)} s | ${fmt(r.rowsPerS)} | ${fmt(r.perObject, 2)} | ${methodText(r.methods)} | ${fmt(r.rss)} MiB | ${fmt(r.ratio, 1)}x |`,
  ),
  `| baseline: one request per row, sequential | ${fmt(base.ms / 1000, 1)} s | ${fmt(ROWS / (base.ms / 1000))} | ${fmt(base.requests.total / OBJECTS, 2)} | ${methodText(base.requests.method)} | | 1.0x |`,
].join('\n');

const memory = [
  '| rows in the file | peak RSS of the CLI (median, fresh import) | largest live heap after a full GC |',
  '| ---: | ---: | ---: |',
  `| ${fmt(ROWS / 10)} | ${fmt(median(smallRuns.map((r) => r.peakMiB)))} MiB | ${fmt(live.small, 1)} MiB |`,
  `| ${fmt(ROWS)} | ${fmt(median(phases.fresh.map((r) => r.peakMiB)))} MiB | ${fmt(live.large, 1)} MiB |`,
].join('\n');

const rateTable = [
  '| objects (rows) | wall time | requests accepted | 429 answers | achieved requests/s | share of 4/s | sustained share (without the first burst of 40) |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  `| ${fmt(RATE_OBJECTS)} (${fmt(RATE_OBJECTS * PER_OBJECT)}) | ${fmt(ratedS, 1)} s | ${fmt(accepted)} | ${fmt(refused)} | ${fmt(achieved, 2)} | ${fmt((100 * achieved) / 4)}% | ${fmt((100 * sustained) / 4)}% |`,
].join('\n');

const section = `${BEGIN}
# Bulk import benchmark

Recorded by \`npm run bench:import\` (\`bench/import.mjs\`): ${startedAt.toISOString()}.

${machineLines(loadBefore, loadAfter)}

\`metafield import\` (default \`--concurrency 8\`) of ${fmt(ROWS)} rows over ${fmt(OBJECTS)} products (${PER_OBJECT} values
each) into a local \`sandbox serve\`, medians of ${RUNS} runs, each run on a fresh sandbox: a fresh import,
the same file again, then a file with one value in ten changed. Wall time is spawn to exit of
the CLI; requests are counted in the sandbox's request log; peak RSS is the CLI process's
maximum resident set (getrusage); the live heap is sampled after a forced full GC every
250 ms in one more run of each size (\`--expose-gc\`, not timed). The baseline sends the
same rows to a fresh sandbox as one create request per row, one after the other, in this
same run.

${table}

Memory against the file's size (peak RSS includes the heap V8 chooses to keep between
collections; the live heap is what the import really holds):

${memory}

Against \`sandbox serve --rate-limit 4/40\` (4 requests a second, bursts of 40), a fresh import:

${rateTable}
${END}`;

process.stdout.write(`\n${table}\n\n${memory}\n\n${rateTable}\n`);

if (WRITE) writeResultsSection('import', section);
process.exit(0);
