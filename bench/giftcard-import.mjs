#!/usr/bin/env node
// Gift card import benchmark (`npm run bench:giftcard`; `npm run bench` runs it too). Against
// a local `sandbox serve` (the built CLI; it masks codes in reads, the harder case), it
// measures `giftcard import` of --cards cards on one fresh sandbox, three times in a row:
//
// - fresh: every card new, balance equal to the initial value (goal: <= 1.05 requests a card);
// - re-run: the same file again (goal: <= 1.05 requests a card, every card unchanged);
// - 10% changed: one card in ten with another balance (one update each on top);
// - the baseline, in the same run: the same number of fresh cards created by the bench itself,
//   one POST per card, one after the other (what a shell loop over the file does).
//
//   node bench/giftcard-import.mjs [--cards N] [--runs N] [--no-write]
//
// Requests are counted from the sandbox's own request log (its stderr), not from the CLI's
// claims. Writes its section of bench/RESULTS.md (between its markers) unless --no-write.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  BIN,
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

const CARDS = Number(option('--cards', 10_000));
const RUNS = runsOption();
if (!Number.isInteger(CARDS) || CARDS < 100) fail('--cards must be a whole number >= 100.');
requireBuild('bench:giftcard');

const { scratch, children } = scratchDir('store-cli-bench-giftcard-');
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Random 16-character codes, as another platform's export would hold. */
function codes(count) {
  const seen = new Set();
  while (seen.size < count) {
    let code = '';
    for (let i = 0; i < 16; i++) code += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
    seen.add(code);
  }
  return [...seen];
}

function writeCsv(name, list, changed) {
  const path = join(scratch, name);
  const lines = ['code,initialValue,balance,currency,note,expireTime,customerId,status'];
  list.forEach((code, i) => {
    const balance = changed && i % 10 === 0 ? '10.00' : '';
    lines.push(`${code},25.00,${balance},USD,${i % 4 === 0 ? `"Migrated, batch ${i >> 8}"` : ''},${i % 5 === 0 ? '2030-12-31' : ''},,enabled`);
  });
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const startSandbox = (extra = []) => countingSandbox(children, scratch, 'gift_cards', extra);

async function importRun(sandbox, file) {
  const before = sandbox.snapshot();
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(children, [BIN, 'giftcard', 'import', file, '--json'], {
    ...baseEnv,
    STORE_CLI_BASE_URL: sandbox.baseUrl,
    STORE_CLI_TOKEN: sandbox.token,
    STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'),
    STORE_CLI_DATA_DIR: join(scratch, 'data'),
  });
  const ms = performance.now() - started;
  // 3: some rows failed (counted in the table), the rest applied.
  if (code !== 0 && code !== 3) fail(`giftcard import ${file} exited ${code}:\n${stderr}`);
  return { ms, summary: JSON.parse(stdout), requests: await sandbox.since(before) };
}

/** The baseline: each card created with one POST, one after the other, on a fresh sandbox. */
async function baselineRun(extra) {
  const sandbox = await startSandbox(extra);
  const started = performance.now();
  for (const code of codes(CARDS)) {
    await baselinePost(sandbox, '/gift_cards', { giftCard: { code, initialValue: '25.00' } });
  }
  const ms = performance.now() - started;
  await sandbox.stop();
  return { ms };
}

const loadBefore = os.loadavg();
const startedAt = new Date();
const STORES = { masked: [], shown: ['--show-codes'] };
const results = {};
for (const [store, extra] of Object.entries(STORES)) {
  const phases = { fresh: [], rerun: [], changed: [], baseline: [] };
  results[store] = phases;
  for (let run = 1; run <= RUNS; run++) {
    say(`${store} codes, run ${run}/${RUNS}: baseline, ${fmt(CARDS)} sequential POSTs...`);
    phases.baseline.push(await baselineRun(extra));
    const list = codes(CARDS);
    const fresh = writeCsv(`fresh-${run}.csv`, list, false);
    const changed = writeCsv(`changed-${run}.csv`, list, true);
    const sandbox = await startSandbox(extra);
    for (const [phase, file] of [
      ['fresh', fresh],
      ['rerun', fresh],
      ['changed', changed],
    ]) {
      say(`${store} codes, run ${run}/${RUNS}: ${phase}...`);
      const result = await importRun(sandbox, file);
      phases[phase].push(result);
      say(`  ${(result.ms / 1000).toFixed(1)} s, ${result.requests.total} requests ${JSON.stringify(result.requests.byKind)}`);
    }
    await sandbox.stop();
  }
}

const row = (name, results, goal, baseline) => {
  const perCard = median(results.map((r) => r.requests.total / CARDS));
  const rate = median(results.map((r) => CARDS / (r.ms / 1000)));
  const baseRate = CARDS / (median(baseline.map((r) => r.ms)) / 1000);
  const s = results[0].summary;
  const kinds = Object.entries(results[0].requests.byKind)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(', ');
  return `| ${name} | ${fmt(perCard, 3)} | ${goal} | ${fmt(rate)} | ${fmt(rate / baseRate, 2)}x | ${s.created} / ${s.updated} / ${s.unchanged} / ${s.failed} | ${kinds} |`;
};

const section = [
  resultsBegin('giftcard-import'),
  '## Gift card import',
  '',
  `\`node bench/giftcard-import.mjs\` (${startedAt.toISOString().slice(0, 16)}Z): ${fmt(CARDS)} cards with random 16-character codes, imported three times into one`,
  `\`sandbox serve\` that masks codes in reads (its default), then into one with \`--show-codes\`; median of ${RUNS} run${RUNS === 1 ? '' : 's'}, each on a fresh sandbox. Requests counted from the sandbox's log;`,
  "cards/s include the CLI start-up, the pre-flight pass and the read of the store's cards; the baseline (timed in each run, on",
  'a fresh sandbox of the same kind) creates as many fresh cards from the bench itself, one POST after the other.',
  '',
  '| phase | requests per card | goal | cards/s | cards/s over the baseline | created / updated / unchanged / failed | requests (first run) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...Object.entries(results).flatMap(([store, phases]) => [
    `| ${store} codes: baseline, one POST per card, sequential, from the bench | 1.000 | - | ${fmt(CARDS / (median(phases.baseline.map((r) => r.ms)) / 1000))} | 1.00x | ${fmt(CARDS)} / 0 / 0 / 0 | ${fmt(CARDS)} POST 200 |`,
    row(`${store} codes: fresh (balance = initial value)`, phases.fresh, '<= 1.05', phases.baseline),
    row(`${store} codes: re-run (all unchanged)`, phases.rerun, '<= 1.05', phases.baseline),
    row(`${store} codes: 10% balances changed`, phases.changed, '-', phases.baseline),
  ]),
  '',
  'How: every card is created first (one POST; a fresh card needs no more). A re-run meets a 409 per card, and',
  "finds the card holding the code in an index of the store's cards read beforehand (a count, then pages of 250), so",
  'a refused create is the only request per card; a store that shows whole codes in reads is planned from the index',
  'alone (no request per unchanged card). A changed balance costs one PUT. With masked codes, a changed card whose last four',
  'characters and initial value it shares with another card cannot be told from it: that row is rejected, never guessed',
  '(the failed count above: with random codes, about one card in a thousand shares its last four characters with another).',
  '',
  machineLines(loadBefore, os.loadavg()),
  resultsEnd('giftcard-import'),
].join('\n');

process.stdout.write(`${section}\n`);
if (WRITE) writeResultsSection('giftcard-import', section);
