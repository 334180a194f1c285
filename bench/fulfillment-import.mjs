#!/usr/bin/env node
// Fulfillment import benchmark (`npm run bench:fulfillment`; `npm run bench` runs it too).
// Against a local `sandbox serve` (the built CLI) seeded with --orders orders, unfulfilled, it
// imports a warehouse's tracking file of one row an order, twice in a row:
//
// - fresh: every order shipped with its number (goal: <= 1.1 requests a row);
// - re-run: the same file again (every row unchanged, no write).
//
// Half the rows name their order by id, half by name (#1001...), as a shop's export mixes them.
// Each run starts a fresh sandbox; the figures are the median of --runs runs.
//
//   node bench/fulfillment-import.mjs [--orders N] [--runs N] [--no-write]
//
// Requests are counted from the sandbox's own request log (its stderr), every request under
// the API (the orders' listing, the fulfillments, the token's scopes), not from the CLI's
// claims. Writes its section of bench/RESULTS.md (between its markers) unless --no-write.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  BIN,
  WRITE,
  baseEnv,
  countingSandbox,
  fail,
  fmt,
  median,
  option,
  resultsBegin,
  resultsEnd,
  runToEnd,
  say,
  scratchDir,
  writeResultsSection,
  requireBuild,
  runsOption,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const ORDERS = Number(option('--orders', 1_000));
const RUNS = runsOption();
if (!Number.isInteger(ORDERS) || ORDERS < 100) fail('--orders must be a whole number >= 100.');
requireBuild('bench:fulfillment');

const { scratch, children } = scratchDir('store-cli-bench-fulfillment-');
const orderId = (index) => String(6_500_000_000_000_000_000n + BigInt(index));

/** `ORDERS` orders of two lines each, created in the last 30 days (within a token's 60-day window), named #1001... */
function writeSeed() {
  const orders = Array.from({ length: ORDERS }, (_, index) => ({
    id: orderId(index),
    daysAgo: index % 30,
    lineItems: [
      { id: String(6_600_000_000_000_000_000n + BigInt(2 * index)), sku: 'MUG-SND', title: 'Stoneware Coffee Mug', quantity: 1 + (index % 3), price: '18.50' },
      { id: String(6_600_000_000_000_000_001n + BigInt(2 * index)), sku: 'TSH-WHT-S', title: 'T-Shirt', quantity: 1, price: '24.00' },
    ],
  }));
  const path = join(scratch, 'seed.json');
  writeFileSync(path, JSON.stringify({ orders }));
  return path;
}

/** One row an order: by id for even orders, by name for odd ones; a carrier and a tracking URL each. */
function writeTracking() {
  const lines = ['order,trackingNumber,carrier,trackingUrl'];
  for (let index = 0; index < ORDERS; index++) {
    const number = `1Z${String(index).padStart(8, '0')}`;
    lines.push(`${index % 2 === 0 ? orderId(index) : `#${1001 + index}`},${number},${index % 3 === 0 ? 'DHL' : 'UPS'},https://track.example.com/${number}`);
  }
  const path = join(scratch, 'tracking.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function importRun(sandbox, file) {
  const before = sandbox.snapshot();
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(children, [BIN, 'fulfillment', 'import', file, '--json'], {
    ...baseEnv,
    STORE_CLI_BASE_URL: sandbox.baseUrl,
    STORE_CLI_TOKEN: sandbox.token,
    STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'),
    STORE_CLI_DATA_DIR: join(scratch, 'data'),
  });
  const ms = performance.now() - started;
  if (code !== 0) fail(`fulfillment import ${file} exited ${code}:\n${stderr}`);
  return { ms, summary: JSON.parse(stdout), requests: await sandbox.since(before) };
}

const loadBefore = os.loadavg();
const startedAt = new Date();
const seed = writeSeed();
const file = writeTracking();
const phases = { fresh: [], rerun: [] };
for (let run = 1; run <= RUNS; run++) {
  // Every request under /api/202412/ is counted (the resource '' matches them all).
  const sandbox = await countingSandbox(children, scratch, '', ['--seed', seed]);
  for (const phase of ['fresh', 'rerun']) {
    say(`run ${run}/${RUNS}: ${phase}...`);
    const result = await importRun(sandbox, file);
    phases[phase].push(result);
    say(`  ${(result.ms / 1000).toFixed(1)} s, ${result.requests.total} requests ${JSON.stringify(result.requests.byKind)}`);
  }
  await sandbox.stop();
}

const row = (name, results, goal) => {
  const perRow = median(results.map((r) => r.requests.total / ORDERS));
  const rate = median(results.map((r) => ORDERS / (r.ms / 1000)));
  const s = results[0].summary;
  const kinds = Object.entries(results[0].requests.byKind)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(', ');
  return `| ${name} | ${fmt(perRow, 3)} | ${goal} | ${fmt(rate)} | ${fmt(s.created)} / ${fmt(s.unchanged)} / ${fmt(s.failed)} | ${kinds} |`;
};

const section = [
  resultsBegin('fulfillment-import'),
  '## Fulfillment import',
  '',
  `\`node bench/fulfillment-import.mjs\` (${startedAt.toISOString().slice(0, 16)}Z): a tracking file of ${fmt(ORDERS)} rows (one an order, half naming it by id, half by`,
  `name), imported twice into a \`sandbox serve\` seeded with ${fmt(ORDERS)} unfulfilled orders; median of ${RUNS} run${RUNS === 1 ? '' : 's'}, each on a fresh sandbox.`,
  "Requests counted from the sandbox's log (every request under the API); rows/s include the CLI start-up and the pre-flight pass.",
  '',
  '| phase | requests per row | goal | rows/s | created / unchanged / failed | requests (first run) |',
  '| --- | --- | --- | --- | --- | --- |',
  row('fresh: every order shipped', phases.fresh, '<= 1.1'),
  row('re-run: every row unchanged, no write', phases.rerun, '-'),
  '',
  "How: the orders the file names are found in one walk of the store's listing (250 a page: 4 pages for 1,000 orders,",
  'names and ids alike), which also says which orders are unfulfilled: such an order has no fulfillment to read, so a fresh',
  "row costs its create alone. A re-run finds the orders fulfilled and reads each one's fulfillments (one GET an order) to",
  'see its number shipped already: no write.',
  '',
  machineLines(loadBefore, os.loadavg()),
  resultsEnd('fulfillment-import'),
].join('\n');

process.stdout.write(`${section}\n`);
if (WRITE) writeResultsSection('fulfillment-import', section);
