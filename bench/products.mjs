#!/usr/bin/env node
// Products in bulk benchmark (`npm run bench:products`; `npm run bench` runs it too). Against a
// local `sandbox serve --demo` (the built CLI), with --variants variants (4 a product: Color x
// Size), it measures, on one fresh sandbox per run:
//
// - import, fresh: every product new (one POST a product);
// - export: the whole catalogue back as CSV (rows/s);
// - import, re-run: the export of the store imported again (goal: at most 0.05 requests per
//   unchanged product beyond the catalog's reads, i.e. none; no write at all);
// - import, 10% changed: one product in ten with another price (one PUT each);
// - the baseline, in the same run: as many products created by the bench itself, one POST per
//   product, one after the other (what a shell loop over `product create` sends, without its start-up).
//
//   node bench/products.mjs [--variants N] [--runs N] [--no-write]
//
// Requests are counted from the sandbox's own request log (its stderr), not from the CLI's
// claims. Writes its section of bench/RESULTS.md (between its markers) unless --no-write.
import { readFileSync, writeFileSync } from 'node:fs';
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
  baselinePost,
  requireBuild,
  runsOption,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const VARIANTS = Number(option('--variants', 10_000));
const RUNS = runsOption();
const PER_PRODUCT = 4;
if (!Number.isInteger(VARIANTS) || VARIANTS < 100 || VARIANTS % PER_PRODUCT !== 0)
  fail(`--variants must be a whole number >= 100, a multiple of ${PER_PRODUCT}.`);
requireBuild('bench:products');

const PRODUCTS = VARIANTS / PER_PRODUCT;
/** Every request the import and export send: the catalog's reads and the product writes. */
const RESOURCES = '(?:products|category|collections|shops|metafields)';
const LOCATION = 'Main Warehouse';
const { scratch, children } = scratchDir('store-cli-bench-products-');

function writeCsv(name, changed) {
  const lines = [
    `handle,title,status,category,collections,option1Name,option1Value,option2Name,option2Value,sku,price,compareOfPrice,weight,weightUnit,inventory:${LOCATION}`,
  ];
  for (let p = 0; p < PRODUCTS; p++) {
    const price = changed && p % 10 === 0 ? '9.99' : `${10 + (p % 90)}.50`;
    for (const color of ['Red', 'Blue']) {
      for (const size of ['S', 'M']) {
        lines.push(
          `bench-product-${p},Bench Product ${p},active,T-Shirts,Summer Sale; New Arrivals,Color,${color},Size,${size},BP-${p}-${color}-${size},${price},,0.25,kg,${p % 50}`,
        );
      }
    }
  }
  const path = join(scratch, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const envOf = (sandbox) => ({
  ...baseEnv,
  STORE_CLI_BASE_URL: sandbox.baseUrl,
  STORE_CLI_TOKEN: sandbox.token,
  STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'),
  STORE_CLI_DATA_DIR: join(scratch, 'data'),
});

async function timed(sandbox, argv) {
  const before = sandbox.snapshot();
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(children, [BIN, ...argv], envOf(sandbox));
  const ms = performance.now() - started;
  if (code !== 0) fail(`${argv.join(' ')} exited ${code}:\n${stderr}`);
  return { ms, stdout, requests: await sandbox.since(before) };
}

/** The baseline: each product created with one POST, one after the other. */
async function baselineRun() {
  const sandbox = await countingSandbox(children, scratch, RESOURCES, ['--demo']);
  const started = performance.now();
  for (let p = 0; p < PRODUCTS; p++) {
    const variants = ['Red', 'Blue'].flatMap((color) =>
      ['S', 'M'].map((size) => ({
        sku: `BL-${p}-${color}-${size}`,
        price: '10.50',
        options: [
          { name: 'Color', value: { name: color } },
          { name: 'Size', value: { name: size } },
        ],
      })),
    );
    const body = {
      product: {
        title: `Baseline ${p}`,
        options: [
          { name: 'Color', value: [{ name: 'Red' }, { name: 'Blue' }] },
          { name: 'Size', value: [{ name: 'S' }, { name: 'M' }] },
        ],
        variants,
      },
    };
    await baselinePost(sandbox, '/products', body);
  }
  const ms = performance.now() - started;
  await sandbox.stop();
  return { ms };
}

const loadBefore = os.loadavg();
const startedAt = new Date();
const phases = { fresh: [], export: [], rerun: [], changed: [], baseline: [] };
for (let run = 1; run <= RUNS; run++) {
  say(`run ${run}/${RUNS}: baseline, ${fmt(PRODUCTS)} sequential POSTs...`);
  phases.baseline.push(await baselineRun());
  const fresh = writeCsv(`fresh-${run}.csv`, false);
  const changed = writeCsv(`changed-${run}.csv`, true);
  const exported = join(scratch, `export-${run}.csv`);
  const sandbox = await countingSandbox(children, scratch, RESOURCES, ['--demo']);
  const steps = [
    ['fresh', ['product', 'import', fresh, '--json']],
    ['export', ['product', 'export', '--no-ids', '--output', exported]],
    ['rerun', ['product', 'import', exported, '--json']],
    ['changed', ['product', 'import', changed, '--json']],
  ];
  for (const [phase, argv] of steps) {
    say(`run ${run}/${RUNS}: ${phase}...`);
    const result = await timed(sandbox, argv);
    result.summary = phase === 'export' ? undefined : JSON.parse(result.stdout);
    phases[phase].push(result);
    say(`  ${(result.ms / 1000).toFixed(1)} s, ${result.requests.total} requests ${JSON.stringify(result.requests.byKind)}`);
  }
  // The demo's own 3 products are in the export too.
  const rows = readFileSync(exported, 'utf8').trimEnd().split('\n').length - 1;
  if (rows < VARIANTS) fail(`the export holds ${rows} rows, fewer than the ${VARIANTS} variants imported`);
  await sandbox.stop();
}

const writesOf = (result) => Object.entries(result.requests.method).reduce((sum, [method, n]) => (method === 'GET' ? sum : sum + n), 0);
const readsOf = (result) => result.requests.method.GET ?? 0;
const baseRate = VARIANTS / (median(phases.baseline.map((r) => r.ms)) / 1000);

const row = (name, results, goal) => {
  const perProduct = median(results.map((r) => r.requests.total / PRODUCTS));
  // The files have no metafield column: every GET is one of the catalog's reads.
  const beyond = median(results.map((r) => writesOf(r) / PRODUCTS));
  const rate = median(results.map((r) => VARIANTS / (r.ms / 1000)));
  const s = results[0].summary;
  const outcome = s ? `${fmt(s.created)} / ${fmt(s.updated)} / ${fmt(s.unchanged)} / ${fmt(s.failed)}` : '-';
  return `| ${name} | ${fmt(rate)} | ${fmt(rate / baseRate, 2)}x | ${fmt(perProduct, 3)} | ${fmt(beyond, 3)} | ${goal} | ${fmt(median(results.map(readsOf)))} / ${fmt(median(results.map(writesOf)))} | ${outcome} |`;
};

const section = [
  resultsBegin('products'),
  '## Products in bulk',
  '',
  `\`node bench/products.mjs\` (${startedAt.toISOString().slice(0, 16)}Z): ${fmt(PRODUCTS)} products of ${PER_PRODUCT} variants (${fmt(VARIANTS)} rows: Color x Size,`,
  `a category, two collections, stock at "${LOCATION}" by name) into a \`sandbox serve --demo\`; median of ${RUNS} run${RUNS === 1 ? '' : 's'}, each on a fresh sandbox:`,
  'import (every product new), export (`--no-ids`, CSV), import of that export (a re-run: all unchanged), import with one',
  'product in ten repriced. Requests counted from the sandbox log; rows/s include the CLI start-up and the catalog read. The',
  'baseline (timed in each run, on a fresh sandbox) creates as many products from the bench itself, one POST after the other.',
  '"Beyond the catalog" leaves out its reads (the listing\'s pages of 250, categories, collections, locations: every GET here, as the files have no metafield column).',
  '',
  '| phase | rows/s | over the baseline | requests per product | beyond the catalog | goal | reads / writes | created / updated / unchanged / failed |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  `| baseline: one POST per product, sequential, from the bench | ${fmt(baseRate)} | 1.00x | 1.000 | 1.000 | - | 0 / ${fmt(PRODUCTS)} | - |`,
  row('import, fresh', phases.fresh, '-'),
  row('export (`--no-ids`)', phases.export, '-'),
  row('import, re-run (all unchanged)', phases.rerun, '<= 0.05'),
  row('import, 10% repriced', phases.changed, '-'),
  '',
  `Seconds of each run (the machine is shared: see the load average): ${Object.entries(phases)
    .map(([phase, results]) => `${phase} ${results.map((r) => (r.ms / 1000).toFixed(1)).join(' / ')}`)
    .join('; ')}.`,
  '',
  "How: the import reads the store's catalog once (products 250 a page, categories, collections, locations), plans each",
  'product from it and sends one POST for a new product, one PUT of the whole product for a changed one, and nothing for',
  'an unchanged one. The export reads the same and writes the rows sorted by handle.',
  '',
  machineLines(loadBefore, os.loadavg()),
  resultsEnd('products'),
].join('\n');

process.stdout.write(`${section}\n`);
if (WRITE) writeResultsSection('products', section);
