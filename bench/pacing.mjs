#!/usr/bin/env node
// Pacing benchmark (`npm run bench:pacing`; `npm run bench` runs it last). Against a local
// `sandbox serve` (the built CLI), `metafield import` of fresh values, one request per
// object, long enough to last a minute past the bucket:
//
// - `--rate-limit basic` (40 @ 4/s) and `standard` (200 @ 20/s), with the header: the
//   share of requests refused (429), and wall time against the bucket's ideal,
//   (requests accepted - bucket) / refill;
// - three `--shard i/3` jobs at once on one token against one `standard` bucket: the same,
//   and the share of the refill the three used together;
// - `--rate-limit 50/20 --no-rate-limit-header`: the pacer's AIMD path, its share of 50/s
//   and of 429s;
// - 2,000 rows (200 objects) under `--fail-rate 0.2` (no limit) against the same import
//   without faults, interleaved, medians of --runs; every value read back (0 lost, 0 extra).
//
//   node bench/pacing.mjs [--runs N] [--seconds S] [--no-write]
//
// Requests are counted from the sandbox's request log (its stderr). Single runs of the
// minute-long cases (they dominate: about 5 minutes in all). Writes its section of
// bench/RESULTS.md (between its markers) unless --no-write.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  BIN,
  WRITE,
  baseEnv,
  fail,
  fmt,
  listening,
  median,
  onMetafieldRequests,
  option,
  resultsBegin,
  resultsEnd,
  runToEnd,
  say,
  scratchDir,
  stopChild,
  writeResultsSection,
  requireBuild,
  runsOption,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const BEGIN = resultsBegin('pacing');
const END = resultsEnd('pacing');
const TOKEN = 'bench-pacing-token-0001';
const READER = 'bench-pacing-reader-0002';

const RUNS = runsOption();
const SECONDS = Number(option('--seconds', 60));
requireBuild('bench:pacing');

const { scratch, children } = scratchDir('store-cli-bench-pacing-');

let nextId = 1_000_000;
/** `objects` fresh products with `perObject` values each. */
function writeCsv(objects, perObject) {
  const path = join(scratch, `values-${nextId}.csv`);
  const ids = [];
  const lines = ['domain,bizId,namespace,code,value'];
  for (let o = 0; o < objects; o++, nextId++) {
    ids.push(String(nextId));
    for (let k = 0; k < perObject; k++) lines.push(`products,${nextId},bench,field_${k},value ${nextId}-${k}`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, ids, perObject };
}

async function startSandbox(extra) {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--json', '--token', TOKEN, '--token', READER, ...extra], {
    env: { ...baseEnv, STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'), STORE_CLI_DATA_DIR: join(scratch, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const byStatus = new Map();
  onMetafieldRequests(child, (_method, status) => byStatus.set(status, (byStatus.get(status) ?? 0) + 1));
  const { baseUrl } = await listening(child);
  return {
    baseUrl,
    /** Requests by status since the last call, once the last log lines have arrived. */
    async counts() {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const taken = Object.fromEntries(byStatus);
      byStatus.clear();
      const total = Object.values(taken).reduce((a, b) => a + b, 0);
      return { total, accepted: taken['200'] ?? 0, refused: taken['429'] ?? 0 };
    },
    stop: () => stopChild(child, children),
  };
}

/** One `metafield import` to its end; ms is spawn to exit. */
async function importRun(sandbox, file, extra = []) {
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(children, [BIN, 'metafield', 'import', file.path, '--json', ...extra], {
    ...baseEnv,
    STORE_CLI_BASE_URL: sandbox.baseUrl,
    STORE_CLI_TOKEN: TOKEN,
    STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'),
    STORE_CLI_DATA_DIR: join(scratch, 'data'),
  });
  if (code !== 0) fail(`metafield import ${file.path} exited ${code}:\n${stderr}`);
  return { ms: performance.now() - started, summary: JSON.parse(stdout) };
}

/** Values the sandbox holds for the file's objects that differ from it: missing, wrong, or extra (read with the other token). */
async function differences(sandbox, file) {
  let wrong = 0;
  for (const id of file.ids) {
    const response = await fetch(`${sandbox.baseUrl}/api/202412/metafields/products/${id}`, { headers: { 'X-Service-Access-Token': READER } });
    const { metafields } = await response.json();
    const expected = new Map(Array.from({ length: file.perObject }, (_, k) => [`bench.field_${k}`, `value ${id}-${k}`]));
    for (const value of metafields) if (expected.get(`${value.namespace}.${value.code}`) !== value.value) wrong += 1;
    wrong += Math.max(0, expected.size - metafields.length);
  }
  return wrong;
}

const pct = (n, d = 1) => `${fmt(100 * n, d)}%`;
/** Objects that keep a bucket of `size` refilled at `refill` busy for SECONDS past its burst (8 reads come first). */
const objectsFor = (size, refill) => Math.ceil(size + refill * SECONDS - 8);

const loadBefore = os.loadavg();
const startedAt = new Date();
const rows = [];

for (const [plan, size, refill] of [
  ['basic', 40, 4],
  ['standard', 200, 20],
]) {
  say(`--rate-limit ${plan}: ${objectsFor(size, refill)} objects...`);
  const sandbox = await startSandbox(['--rate-limit', plan]);
  const run = await importRun(sandbox, writeCsv(objectsFor(size, refill), 2));
  const counts = await sandbox.counts();
  await sandbox.stop();
  const ideal = ((counts.accepted - size) / refill) * 1000;
  rows.push({ name: `\`--rate-limit ${plan}\` (${size} @ ${refill}/s), one import`, ms: run.ms, counts, ideal, refill, size });
  say(`  ${fmt(run.ms / 1000, 1)} s, ${counts.total} requests, ${counts.refused} refused`);
}

{
  say(`--rate-limit standard, three --shard jobs at once: ${objectsFor(200, 20)} objects...`);
  const sandbox = await startSandbox(['--rate-limit', 'standard']);
  const file = writeCsv(objectsFor(200, 20), 2);
  const started = performance.now();
  await Promise.all([1, 2, 3].map((i) => importRun(sandbox, file, ['--shard', `${i}/3`])));
  const ms = performance.now() - started;
  const counts = await sandbox.counts();
  await sandbox.stop();
  rows.push({
    name: 'three `--shard i/3` jobs at once, one `standard` bucket',
    ms,
    counts,
    ideal: ((counts.accepted - 200) / 20) * 1000,
    refill: 20,
    size: 200,
  });
  say(`  ${fmt(ms / 1000, 1)} s, ${counts.total} requests, ${counts.refused} refused`);
}

let aimd;
{
  const objects = objectsFor(20, 50);
  say(`--rate-limit 50/20 --no-rate-limit-header: ${objects} objects...`);
  const sandbox = await startSandbox(['--rate-limit', '50/20', '--no-rate-limit-header']);
  const run = await importRun(sandbox, writeCsv(objects, 2));
  const counts = await sandbox.counts();
  await sandbox.stop();
  aimd = { ms: run.ms, counts, ideal: ((counts.accepted - 20) / 50) * 1000 };
  say(`  ${fmt(run.ms / 1000, 1)} s, ${counts.total} requests, ${counts.refused} refused`);
}

const faults = { clean: [], faulty: [] };
for (let run = 1; run <= RUNS; run++) {
  for (const kind of ['clean', 'faulty']) {
    say(`2,000 rows, ${kind === 'faulty' ? '--fail-rate 0.2' : 'no faults'}, run ${run}/${RUNS}...`);
    const sandbox = await startSandbox(kind === 'faulty' ? ['--fail-rate', '0.2', '--fail-seed', String(1000 + run), '--quiet'] : ['--quiet']);
    const file = writeCsv(200, 10);
    const result = await importRun(sandbox, file);
    // The check reads the same faulty sandbox: its reads are retried until answered.
    const wrong = kind === 'faulty' ? await readThrough(sandbox, file) : await differences(sandbox, file);
    await sandbox.stop();
    faults[kind].push({ ms: result.ms, failed: result.summary.failed, wrong });
    say(`  ${fmt(result.ms / 1000, 1)} s, ${result.summary.failed} failed, ${wrong} values lost or extra`);
  }
}
const loadAfter = os.loadavg();

/** differences() through injected faults: each read is retried until it is answered 200. */
async function readThrough(sandbox, file) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    for (;;) {
      const response = await realFetch(url, init).catch(() => undefined);
      if (response?.status === 200) return response;
      await response?.arrayBuffer();
    }
  };
  try {
    return await differences(sandbox, file);
  } finally {
    globalThis.fetch = realFetch;
  }
}

// --- report --------------------------------------------------------------------------------

const withHeader = [
  '| case | requests | refused (429) | wall time | ideal `(accepted - bucket) / refill` | wall / ideal | refill used | goal | met? |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |',
  ...rows.map((r, i) => {
    const share = r.counts.refused / r.counts.total;
    const ratio = r.ms / r.ideal;
    const used = (r.counts.accepted - r.size) / r.refill / (r.ms / 1000);
    const shards = i === 2;
    const goal = shards ? '<= 3% refused, >= 95% of the refill' : '<= 1% refused, <= 1.05x';
    const met = shards ? share <= 0.03 && used >= 0.95 : share <= 0.01 && ratio <= 1.05;
    return `| ${r.name} | ${fmt(r.counts.total)} | ${fmt(r.counts.refused)} (${pct(share)}) | ${fmt(r.ms / 1000, 1)} s | ${fmt(r.ideal / 1000, 1)} s | ${fmt(ratio, 3)}x | ${pct(used)} | ${goal} | ${met ? 'yes' : 'no'} |`;
  }),
].join('\n');

const aimdShare = aimd.counts.refused / aimd.counts.total;
const aimdRate = (aimd.counts.accepted - 20) / 50 / (aimd.ms / 1000);
const aimdTable = [
  '| case | requests | refused (429) | wall time | share of 50/s (after the burst of 20) | goal | met? |',
  '| --- | ---: | ---: | ---: | ---: | --- | :---: |',
  `| \`--rate-limit 50/20 --no-rate-limit-header\` | ${fmt(aimd.counts.total)} | ${fmt(aimd.counts.refused)} (${pct(aimdShare)}) | ${fmt(aimd.ms / 1000, 1)} s | ${pct(aimdRate)} | >= 90% of the rate, < 5% refused | ${aimdRate >= 0.9 && aimdShare < 0.05 ? 'yes' : 'no'} |`,
].join('\n');

const clean = median(faults.clean.map((r) => r.ms));
const faulty = median(faults.faulty.map((r) => r.ms));
const lost = faults.faulty.reduce((sum, r) => sum + r.wrong + r.failed, 0);
const faultTable = [
  `| 2,000 rows (200 objects x 10) | median wall time (${RUNS} runs) | runs | rows failed, values lost or extra (all runs) | goal | met? |`,
  '| --- | ---: | --- | ---: | --- | :---: |',
  `| no faults | ${fmt(clean / 1000, 2)} s | ${faults.clean.map((r) => fmt(r.ms / 1000, 2)).join(', ')} s | ${faults.clean.reduce((s, r) => s + r.wrong + r.failed, 0)} | | |`,
  `| \`--fail-rate 0.2\` (no limit) | ${fmt(faulty / 1000, 2)} s (${fmt(faulty / clean, 1)}x) | ${faults.faulty.map((r) => fmt(r.ms / 1000, 2)).join(', ')} s | ${lost} | within 15 s, 0 lost, 0 duplicated | ${faulty <= 15_000 && lost === 0 ? 'yes' : 'no'} |`,
].join('\n');

const section = `${BEGIN}
# Pacing benchmark

Recorded by \`npm run bench:pacing\` (\`bench/pacing.mjs\`): ${startedAt.toISOString()}; it takes about
five minutes, nearly all of it in the four cases that must outlast a bucket for a minute
(single runs of those; medians of ${RUNS} for the short fault case).

${machineLines(loadBefore, loadAfter)}

\`metafield import\` (default \`--concurrency 8\`) of fresh values (two per product, one create
request per product, after 8 reads) into a local \`sandbox serve\`. Requests and 429s are
counted in the sandbox's request log. Wall time is spawn to exit of the CLI (its start-up
of about 0.3 s included); the ideal is what the bucket allows at best: the requests it
accepted, less the bucket it starts with, at its refill rate. "Refill used" is the same
figure the other way round: tokens beyond the bucket per second of wall time, over the refill.

With the bucket header (paced by the store's own numbers):

${withHeader}

Without it (the pacer's AIMD, judging each 429 by the requests sent just after it):

${aimdTable}

Injected faults without a limit (a fifth of requests fail: 429, 500, 503 or a reset
connection, 429s with \`Retry-After: 1\`), against the same import without faults, interleaved
in this same run; every value read back afterwards:

${faultTable}
${END}`;

process.stdout.write(`\n${withHeader}\n\n${aimdTable}\n\n${faultTable}\n`);

if (WRITE) writeResultsSection('pacing', section);
process.exit(0);
