#!/usr/bin/env node
// Cost of durability (`npm run bench:durability`; `npm run bench` runs it last): `metafield
// import` of a fresh file into `sandbox serve` in memory, and into `sandbox serve --data F`,
// which syncs each change to its journal before answering. Runs alternate between the two
// (a fresh sandbox and data file each), so a busy neighbour slows both alike; medians.
//
//   node bench/durability.mjs [--rows N] [--runs N] [--before PATH/bin/store-cli.js] [--no-write]
//
// --before adds a third target in the same run: `--data F` served by another build of the
// CLI (e.g. the commit before the journal), to show what durability costs against it.
// Writes its section of bench/RESULTS.md (between its markers) unless --no-write.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
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
  runToEnd,
  say,
  scratchDir,
  writeResultsSection,
  requireBuild,
  runsOption,
} from './common.mjs';
import { machineLines } from './machine.mjs';

const BEGIN = resultsBegin('durability');
const END = resultsEnd('durability');
const PER_OBJECT = 10;

const ROWS = Number(option('--rows', 100_000));
const RUNS = runsOption();
const BEFORE = option('--before', undefined);
if (!Number.isInteger(ROWS) || ROWS < 1000 || ROWS % PER_OBJECT !== 0) fail('--rows must be a whole number >= 1000, a multiple of 10.');
requireBuild('bench:durability');
if (BEFORE !== undefined && !existsSync(BEFORE)) fail(`--before ${BEFORE}: no such file.`);

const { scratch, children } = scratchDir('store-cli-bench-durability-');
const env = { ...baseEnv, STORE_CLI_CONFIG_DIR: join(scratch, 'cfg'), STORE_CLI_DATA_DIR: join(scratch, 'data') };

function writeCsv(objects) {
  const path = join(scratch, 'fresh.csv');
  const lines = ['domain,bizId,namespace,code,value'];
  for (let o = 0; o < objects; o++) {
    for (let k = 0; k < PER_OBJECT; k++) lines.push(`products,${1_000_000 + o},${k < 5 ? 'custom' : 'specs'},field_${k},value ${o}-${k}`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function spawnChild(bin, argv, extraEnv = {}) {
  const child = spawn(process.execPath, [bin, ...argv], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const ended = new Promise((done) => child.once('close', (code) => (children.delete(child), done(code))));
  return { child, ended };
}

/** `sandbox serve --quiet` (the request log would cost both targets alike), resolved once listening. */
async function startSandbox(bin, dataFile) {
  const { child, ended } = spawnChild(bin, [
    'sandbox',
    'serve',
    '--port',
    '0',
    '--json',
    '--quiet',
    '--token',
    'bench-token-0001',
    ...(dataFile ? ['--data', dataFile] : []),
  ]);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const { baseUrl, token } = await new Promise((resolve, reject) => {
    let out = '';
    void ended.then((code) => reject(new Error(`sandbox serve exited (${code}) before listening:\n${stderr}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
    });
  });
  return {
    baseUrl,
    token,
    /** SIGTERM and wait: with --data this folds the journal into the data file. */
    async stop() {
      const started = performance.now();
      child.kill('SIGTERM');
      if ((await ended) !== 0) fail(`sandbox serve did not stop cleanly:\n${stderr}`);
      return performance.now() - started;
    },
  };
}

async function importInto(sandbox, file) {
  const started = performance.now();
  const { code, stdout, stderr } = await runToEnd(children, [BIN, 'metafield', 'import', file, '--json'], {
    ...env,
    STORE_CLI_BASE_URL: sandbox.baseUrl,
    STORE_CLI_TOKEN: sandbox.token,
  });
  const ms = performance.now() - started;
  if (code !== 0) fail(`metafield import exited ${code}:\n${stderr}`);
  const summary = JSON.parse(stdout);
  if (summary.created !== ROWS) fail(`expected ${ROWS} values created, got ${JSON.stringify(summary)}`);
  return ms;
}

const targets = [
  { name: 'in memory', bin: BIN, data: false },
  { name: '`--data F`: journal synced before each answer', bin: BIN, data: true },
  ...(BEFORE
    ? [{ name: '`--data F`, before the journal (snapshot every 50 ms or more, nothing synced before answering)', bin: resolve(BEFORE), data: true }]
    : []),
];
for (const target of targets) Object.assign(target, { imports: [], stops: [], bytes: [] });

const loadBefore = os.loadavg();
const startedAt = new Date();
say(`${fmt(ROWS)} rows over ${fmt(ROWS / PER_OBJECT)} objects, ${RUNS} runs of ${targets.length} targets`);
const csv = writeCsv(ROWS / PER_OBJECT);
for (let run = 1; run <= RUNS; run++) {
  // The order rotates, so no target always runs first (or always after a compaction).
  const order = targets.map((_, i) => targets[(i + run - 1) % targets.length]);
  for (const target of order) {
    const dataFile = target.data ? join(scratch, `state-${run}-${targets.indexOf(target)}.json`) : undefined;
    const sandbox = await startSandbox(target.bin, dataFile);
    const ms = await importInto(sandbox, csv);
    const stopMs = await sandbox.stop();
    target.imports.push(ms);
    target.stops.push(stopMs);
    if (dataFile) target.bytes.push(statSync(dataFile).size);
    say(`run ${run}/${RUNS} ${target.name}: ${(ms / 1000).toFixed(1)} s (${fmt(ROWS / (ms / 1000))} rows/s), stop ${fmt(stopMs)} ms`);
    if (dataFile) rmSync(dataFile, { force: true });
  }
}
const loadAfter = os.loadavg();

const memoryMs = median(targets[0].imports);
const table = [
  '| target | median wall time | rows/s | slower than in memory | stop (SIGTERM to exit), median | data file |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...targets.map((t) => {
    const ms = median(t.imports);
    const file = t.bytes.length ? `${fmt(median(t.bytes) / 2 ** 20, 1)} MiB` : '';
    return `| ${t.name} | ${fmt(ms / 1000, 1)} s | ${fmt(ROWS / (ms / 1000))} | ${fmt(ms / memoryMs, 2)}x | ${fmt(median(t.stops))} ms | ${file} |`;
  }),
].join('\n');
const every = targets.map((t) => `${t.name}: ${t.imports.map((ms) => fmt(ROWS / (ms / 1000))).join(', ')} rows/s`).join('; ');

const section = `${BEGIN}
# Durability benchmark

Recorded by \`npm run bench:durability\` (\`bench/durability.mjs${BEFORE ? ' --before ...' : ''}\`): ${startedAt.toISOString()}.

${machineLines(loadBefore, loadAfter)}

\`metafield import\` (default \`--concurrency 8\`) of ${fmt(ROWS)} fresh rows over ${fmt(ROWS / PER_OBJECT)} products
into \`sandbox serve --quiet\`, in memory and with \`--data F\`, medians of ${RUNS} runs; the targets
take turns within a run, each on a fresh sandbox and data file. Wall time is spawn to exit of
the CLI; "stop" is SIGTERM to exit of the sandbox (with \`--data\`, folding the journal into F).
Goal (from the issue): an import into \`--data\` within 2x of in memory.

${table}

Every run: ${every}.
${END}`;

process.stdout.write(`\n${table}\n`);
if (WRITE) writeResultsSection('durability', section);
process.exit(0);
