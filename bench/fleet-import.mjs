#!/usr/bin/env node
// An import on several stores against the same import on one (`npm run bench:fleet`; issue 34:
// "a 200-request import on 3 stores under the standard rate limit takes at most 1.3x the time
// of one store; undo GROUP-ID restores all three"). One `sandbox serve --stores sb-a,sb-b,sb-c
// --rate-limit standard` plays the stores (each its own bucket), a store.toml names them and
// the saved profiles hold their tokens. Each round runs, interleaved, the order alternating:
//
// - one store: `metafield import FILE --env sb-a`;
// - three stores: `metafield import FILE --env 'sb-*' --yes` (one run a store, one group id);
//
// each with values never sent before (so every row writes), after waiting for the buckets to
// fill again. Then the undo check: every store's values exported (`metafield export --env
// 'sb-*'`), one more import on the three, `undo GROUP-ID --yes`, exported again: equal.
//
//   node bench/fleet-import.mjs [--rounds N] [--rows N] [--no-write]
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  option,
  resultsBegin,
  resultsEnd,
  runToEnd,
  say,
  scratchDir,
  writeResultsSection,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const ROUNDS = Number(option('--rounds', 5));
const ROWS = Number(option('--rows', 200));
const PER_OBJECT = 10;
/** The standard plan's bucket (200) refills at 20 a second: a full bucket again after this. */
const REFILL_MS = 11_000;
const STORES = ['sb-a', 'sb-b', 'sb-c'];
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) fail('--rounds must be at least 1.');
if (!Number.isInteger(ROWS) || ROWS < PER_OBJECT || ROWS % PER_OBJECT !== 0) fail('--rows must be a whole multiple of 10.');

const { scratch, children } = scratchDir('store-cli-bench-fleet-');
const env = { ...baseEnv, STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'), STORE_CLI_DATA_DIR: join(scratch, 'data') };
const work = join(scratch, 'shop');
mkdirSync(work, { recursive: true });
mkdirSync(env.STORE_CLI_CONFIG_DIR, { recursive: true });

const serve = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--json', '--quiet', '--rate-limit', 'standard', '--stores', STORES.join(',')], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
children.add(serve);
const stores = await listening(serve);
writeFileSync(
  join(env.STORE_CLI_CONFIG_DIR, 'config.json'),
  JSON.stringify({ profiles: Object.fromEntries(stores.map((s) => [s.name, { baseUrl: s.baseUrl, token: s.token }])) }),
);
writeFileSync(join(work, 'store.toml'), STORES.map((name) => `[environments.${name}]\nprofile = "${name}"\n`).join('\n'));

let files = 0;
/** ROWS values on ROWS/10 products, none sent before. */
function freshCsv() {
  const path = join(scratch, `values-${++files}.csv`);
  const lines = ['domain,bizId,namespace,code,value'];
  for (let o = 0; o < ROWS / PER_OBJECT; o++)
    for (let k = 0; k < PER_OBJECT; k++) lines.push(`products,${7_000_000 + o},custom,field_${k},round ${files} value ${o}-${k}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** The CLI in the store.toml's folder; its wall time in ms. */
async function cli(args) {
  const started = process.hrtime.bigint();
  const { code, stdout, stderr } = await runToEnd(children, [BIN, ...args], env, work);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== 0) fail(`store-cli ${args.join(' ')} exited ${code}:\n${stderr}`);
  return { ms, stdout, stderr };
}
const refill = () => new Promise((resolve) => setTimeout(resolve, REFILL_MS));

const loadBefore = os.loadavg();
const one = [];
const three = [];
const requests = { one: 0, three: 0 };
for (let round = 0; round < ROUNDS; round++) {
  const cases = [
    async () => {
      const r = await cli(['metafield', 'import', freshCsv(), '--env', 'sb-a', '--json']);
      one.push(r.ms);
      requests.one = JSON.parse(r.stdout).requests;
    },
    async () => {
      const r = await cli(['metafield', 'import', freshCsv(), '--env', 'sb-*', '--yes', '--json']);
      three.push(r.ms);
      requests.three = JSON.parse(r.stdout).map((entry) => entry.result.requests);
    },
  ];
  for (const run of round % 2 === 0 ? cases : cases.reverse()) {
    await refill();
    await run();
  }
  say(`round ${round + 1}/${ROUNDS}: one store ${fmt(one.at(-1))} ms, three stores ${fmt(three.at(-1))} ms`);
}

// The undo check: exports of the three stores before an import across them and after its undo.
const objects = freshCsv();
const exported = async () => (await cli(['metafield', 'export', '--objects', objects, '--env', 'sb-*'])).stdout;
await refill();
const before = await exported();
await refill();
const imported = await cli(['metafield', 'import', freshCsv(), '--env', 'sb-*', '--yes', '--json']);
const group = /^Group (g-\S+):/m.exec(imported.stderr)?.[1];
if (group === undefined) fail(`the import across stores printed no group id:\n${imported.stderr}`);
const changed = (await exported()) !== before;
await refill();
await cli(['undo', group, '--yes']);
const after = await exported();
const restored = after === before;
serve.kill('SIGTERM');

const ratio = median(three) / median(one);
const lines = [
  resultsBegin('fleet-import'),
  '## An import on three stores against one (issue 34)',
  '',
  `Recorded by \`node bench/fleet-import.mjs\`: ${new Date().toISOString()}.`,
  '',
  machineLines(loadBefore, os.loadavg()),
  '',
  `One \`sandbox serve --stores sb-a,sb-b,sb-c --rate-limit standard\` (a bucket of 200 refilled at 20/s, one a store);`,
  `${ROWS} metafield values on ${ROWS / PER_OBJECT} products, new each run; ${ROUNDS} rounds, the two cases interleaved, each after`,
  `${REFILL_MS / 1000} s for the buckets to fill again. Requests a run (the summary's \`requests\`): one store ${requests.one}, three stores ${requests.three.join(' + ')}.`,
  '',
  '| case | median ms | runs (ms) |',
  '| --- | ---: | --- |',
  `| \`metafield import FILE --env sb-a\` | ${fmt(median(one))} | ${one.map((ms) => fmt(ms)).join(', ')} |`,
  `| \`metafield import FILE --env 'sb-*' --yes\` | ${fmt(median(three))} | ${three.map((ms) => fmt(ms)).join(', ')} |`,
  '',
  `Three stores take **${ratio.toFixed(2)}x** the time of one (goal: at most 1.3x): ${ratio <= 1.3 ? 'met' : '**not met**'}.`,
  `Undo: the import changed the three stores' export (${changed ? 'yes' : '**no**'}); after \`store-cli undo ${group.replace(/-[0-9a-f]+$/, '-…')} --yes\` the export equals the one before the import: ${restored ? 'yes' : '**no**'}.`,
  resultsEnd('fleet-import'),
];
const section = lines.join('\n');
process.stdout.write(`${section}\n`);
if (WRITE) writeResultsSection('fleet-import', section);
if (!restored) process.exitCode = 1;
