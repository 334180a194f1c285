#!/usr/bin/env node
// Order export benchmark (`npm run bench:order`; `npm run bench` runs it too). Against a local
// `sandbox serve --seed FILE` (the built CLI) holding orders of four line items each, it
// measures `order export --since D --output FILE`:
//
// - rows/s (one row per line item), the median of --runs runs, each on a fresh sandbox;
// - peak RSS at --small line items and at --huge beside --items: memory must stay flat (the
//   export holds one page of orders at a time, whatever the window holds); V8 grows its heap
//   once over the first pages, so the plateau shows from --items on;
// - the live heap (after forced GCs) at every size, in one more run each.
//
//   node bench/order-export.mjs [--items N] [--small N] [--huge N] [--runs N] [--no-write]
//
// Every run's file is checked to hold every row, lowest order first. Writes its section of
// bench/RESULTS.md unless --no-write.
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
const BEGIN = resultsBegin('order-export');
const END = resultsEnd('order-export');

const LINES = 4;
const ITEMS = Number(option('--items', 20_000));
const SMALL = Number(option('--small', 2_000));
const HUGE = Number(option('--huge', 100_000));
const RUNS = runsOption();
const FIRST_ORDER = 6_500_000_000_000_000_000n;
const FIRST_LINE = 6_600_000_000_000_000_000n;
if (!Number.isInteger(ITEMS) || ITEMS < LINES * 10) fail(`--items must be a whole number >= ${LINES * 10}.`);
if (!Number.isInteger(SMALL) || SMALL < LINES * 10 || SMALL > ITEMS) fail('--small must be a whole number from 40 to --items.');
if (!Number.isInteger(HUGE) || HUGE < ITEMS || HUGE % LINES !== 0) fail("--huge must be a whole number of orders' lines, at least --items.");
requireBuild('bench:order');

const { scratch, children } = scratchDir('store-cli-bench-orders-');

/** A seed of orders holding `items` line items in all (four an order), created over the last 30 days. */
function writeSeed(name, items) {
  const count = items / LINES;
  const orders = [];
  for (let i = 0; i < count; i++) {
    orders.push({
      id: String(FIRST_ORDER + BigInt(i)),
      email: `buyer${i % 997}@example.com`,
      customerId: String(7_300_000_000_000_000_000n + BigInt(i % 997)),
      daysAgo: i % 30,
      totalShippingPrice: '4.50',
      totalTax: '3.20',
      lineItems: Array.from({ length: LINES }, (_, l) => ({
        id: String(FIRST_LINE + BigInt(i * LINES + l)),
        sku: `SKU-${l}`,
        title: `Stoneware mug, "sand" no. ${l}`,
        quantity: 1 + ((i + l) % 3),
        price: `${10 + l}.50`,
      })),
    });
  }
  const file = join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify({ orders }));
  return { file, orders: count, items };
}

async function exportRun(store, heap = false) {
  const { baseUrl, token, stop } = await serveLogged(children, scratch, 'orders', () => {}, ['--seed', store.file]);
  const output = join(scratch, `out-${Math.random().toString(36).slice(2)}.csv`);
  const rssFile = join(scratch, `rss-${Math.random().toString(36).slice(2)}`);
  const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(
    children,
    [...(heap ? ['--expose-gc'] : []), '--require', PROBE, BIN, 'order', 'export', '--since', since, '--output', output, '--json'],
    {
      ...baseEnv,
      STORE_CLI_BASE_URL: baseUrl,
      STORE_CLI_TOKEN: token,
      STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'),
      STORE_CLI_DATA_DIR: join(scratch, 'data'),
      PEAK_RSS_FILE: rssFile,
    },
  );
  const ms = performance.now() - started;
  await stop();
  if (code !== 0) fail(`order export exited ${code}:\n${stderr}`);
  const summary = JSON.parse(stdout);
  if (summary.rows !== store.items || summary.orders !== store.orders)
    fail(`the export wrote ${summary.rows} rows of ${summary.orders} orders, not ${store.items} of ${store.orders}`);
  const text = readFileSync(output, 'utf8');
  if (!text.split('\n', 2)[1]?.startsWith(`${FIRST_ORDER},`)) fail(`${output} does not start with the lowest order`);
  const [peakKiB, liveKiB] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
  return { ms, requests: summary.requests, peakMiB: peakKiB / 1024, liveHeapMiB: liveKiB === undefined ? undefined : liveKiB / 1024 };
}

const loadBefore = os.loadavg();
const startedAt = new Date();
say(`stores: ${fmt(SMALL)}, ${fmt(ITEMS)} and ${fmt(HUGE)} line items, ${LINES} an order`);
const large = writeSeed('large', ITEMS);
const small = writeSeed('small', SMALL);
const huge = writeSeed('huge', HUGE);
const runs = { large: [], small: [], huge: [] };
for (let run = 1; run <= RUNS; run++) {
  for (const [name, store] of [
    ['large', large],
    ['small', small],
    ['huge', huge],
  ]) {
    say(`run ${run}/${RUNS}: ${fmt(store.items)} line items...`);
    const result = await exportRun(store);
    runs[name].push(result);
    say(`  ${(result.ms / 1000).toFixed(1)} s, ${result.requests} requests, peak RSS ${result.peakMiB.toFixed(0)} MiB`);
  }
}
say('live heap at both sizes (forced GCs)...');
const live = {
  large: (await exportRun(large, true)).liveHeapMiB,
  small: (await exportRun(small, true)).liveHeapMiB,
  huge: (await exportRun(huge, true)).liveHeapMiB,
};
const loadAfter = os.loadavg();

const row = (store, list, heap) => {
  const ms = median(list.map((r) => r.ms));
  return `| ${fmt(store.items)} (${fmt(store.orders)} orders) | ${fmt(ms / 1000, 1)} s | ${fmt(store.items / (ms / 1000))} | ${fmt(median(list.map((r) => r.requests)))} | ${fmt(median(list.map((r) => r.peakMiB)))} MiB | ${fmt(heap, 1)} MiB |`;
};
const table = [
  '| line items (orders) | median wall time | rows/s | requests | peak RSS of the CLI (median) | largest live heap after a full GC |',
  '| ---: | ---: | ---: | ---: | ---: | ---: |',
  row(small, runs.small, live.small),
  row(large, runs.large, live.large),
  row(huge, runs.huge, live.huge),
].join('\n');

const section = `${BEGIN}
# Order export benchmark

Recorded by \`npm run bench:order\` (\`bench/order-export.mjs\`): ${startedAt.toISOString()}.

${machineLines(loadBefore, loadAfter)}

\`order export --since D --output FILE --json\` from a local \`sandbox serve --seed\` holding orders of
${LINES} line items each (titles with commas and quotes), one CSV row per line item. Medians of ${RUNS}
runs, each on a fresh sandbox (no rate limit: the pace is the store's answers); every file is checked
to hold every row, lowest order first. Wall time is spawn to exit of the CLI, start-up included;
requests are the summary's; peak RSS is the CLI process's maximum resident set (getrusage); the live
heap is sampled after a forced full GC every 250 ms in one more run of each size (\`--expose-gc\`, not
timed). More line items should cost proportionally more time and no more memory: the export holds
one page (250 orders) at a time. The live heap stays flat at every size; the resident set grows once,
between the smallest export (2 pages) and the next, as V8 sizes its heap for the pages' garbage, then
stays flat.

${table}
${END}`;

process.stdout.write(`\n${table}\n`);
if (WRITE) writeResultsSection('order-export', section);
process.exit(0);
