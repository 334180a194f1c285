#!/usr/bin/env node
// Start-up benchmark (`npm run bench`, which builds first). Runs each case once per
// round, round-robin and interleaved, so a machine that slows down or speeds up during
// the run affects every case alike; reports each case's median wall time (spawn to
// exit) and its ratio to the median of the baseline, `node -e 0`.
//
//   node bench/startup.mjs [--rounds N] [--compare DIR[,DIR...]] [--no-write]
//
// --compare DIR: the same cases run again from other builds (DIR/bin/store-cli.js, e.g. a
// worktree of the commit before a change, built), in the same rounds: before and after under
// the same load. Writes bench/RESULTS.md (unless --no-write) and prints the same table on stdout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { BIN, RESULTS, ROOT, WRITE, baseEnv, fail, listening, median, option, scratchDir, requireBuild } from './common.mjs';
import { machineLines } from './machine.mjs';

const ROUNDS = Number(option('--rounds', process.env.BENCH_ROUNDS ?? 30));
const WARMUP = 2;
const COMPARE = option('--compare', undefined)?.split(',');
if (!Number.isInteger(ROUNDS) || ROUNDS < 15) fail(`--rounds must be a whole number >= 15 (got ${ROUNDS}).`);
requireBuild('bench');
for (const dir of COMPARE ?? [])
  if (!existsSync(join(dir, 'dist', 'cli', 'main.js')) && !existsSync(join(dir, 'dist', 'main.js')))
    fail(`--compare ${dir}: no built store-cli there (neither dist/cli/main.js nor dist/main.js).`);

// Each case's own config, data and cache folders, in a scratch folder (baseEnv owes nothing to the
// caller's shell). The code cache (src/compile-cache.ts) starts empty: the warm-up rounds fill it,
// as a user's first command does.
const { scratch, children } = scratchDir('store-cli-bench-');
const dirs = (name) => ({
  STORE_CLI_CONFIG_DIR: join(scratch, name, 'config'),
  STORE_CLI_DATA_DIR: join(scratch, name, 'data'),
  STORE_CLI_CACHE_DIR: join(scratch, name, 'cache'),
});

// --- the sandbox every request case talks to, started once -------------------------------
const sandbox = await startSandbox();

function startSandbox() {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--json', '--quiet', '--demo'], {
    env: { ...baseEnv, ...dirs('sandbox') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
  return listening(child, () => `: ${err}`).then(({ baseUrl, token }) => ({ child, baseUrl, token }));
}

// --- a saved profile, so the config-file path is measured too ----------------------------
const profileEnv = { ...baseEnv, ...dirs('profile') };
const login = spawnSync(process.execPath, [BIN, 'auth', 'login', '--base-url', sandbox.baseUrl, '--with-token'], {
  env: profileEnv,
  input: `${sandbox.token}\n`,
  encoding: 'utf8',
});
if (login.status !== 0) fail(`auth login --with-token failed (${login.status}): ${login.stderr}`);

const envEnv = { ...baseEnv, ...dirs('env'), STORE_CLI_BASE_URL: sandbox.baseUrl, STORE_CLI_TOKEN: sandbox.token };
const plainEnv = { ...baseEnv, ...dirs('plain') };
const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const isCount = (out) => {
  try {
    return Number.isInteger(JSON.parse(out).count);
  } catch {
    return false;
  }
};

const isList = (out) => {
  try {
    const list = JSON.parse(out);
    return Array.isArray(list) && list.length > 0;
  } catch {
    return false;
  }
};

/** The builds measured: this one, and with --compare another, each case of one run beside the other's. */
const builds = [{ bin: BIN, label: '' }, ...(COMPARE ?? []).map((dir) => ({ bin: join(dir, 'bin', 'store-cli.js'), label: ` [${basename(dir)}]` }))];
/** goal: the largest acceptable ratio to the baseline's median (the issue's). */
const commands = [
  { name: '--version', args: ['--version'], env: plainEnv, goal: 1.3, check: (out) => out === `${version}\n` },
  { name: '--help', args: ['--help'], env: plainEnv, goal: 1.3, check: (out) => out.startsWith('Usage: store-cli') },
  { name: 'giftcard --help', args: ['giftcard', '--help'], env: plainEnv, goal: 1.3, check: (out) => out.startsWith('Usage: store-cli giftcard') },
  { name: 'giftcard count (env token)', args: ['giftcard', 'count', '--json'], env: envEnv, goal: 2.0, check: isCount },
  { name: 'giftcard count (saved profile)', args: ['giftcard', 'count', '--json'], env: profileEnv, goal: 2.0, check: isCount },
  { name: 'customer list --json (env token)', args: ['customer', 'list', '--json'], env: envEnv, goal: 2.2, check: isList },
  // Without the code cache (node's own switch): what a command costs when it compiles all it runs.
  {
    name: 'giftcard count (env token, no compile cache)',
    args: ['giftcard', 'count', '--json'],
    env: { ...envEnv, NODE_DISABLE_COMPILE_CACHE: '1' },
    check: isCount,
  },
  // The shell prompt's line, from files alone (issue 34): drawn before every prompt, so as cheap as --version.
  { name: 'prompt (saved profile)', args: ['prompt'], env: profileEnv, goal: 1.3, check: (out) => out.trim() !== '' },
];
// The floor beside the goals: what node alone takes to make the same request (bench/floor/), and
// the least command line that reads its arguments and profile first. store-cli's distance above
// these is what its own work costs; the goals' distance above them is what they leave it.
const FLOOR = join(ROOT, 'bench', 'floor');
const isCountLine = (out) => /^\d+\n$/.test(out);
const floors = [
  { name: 'floor: one keep-alive GET (node:http)', argv: [join(FLOOR, 'one-get.cjs')], env: envEnv, check: isCountLine },
  {
    name: 'floor: least command (commander, config file, the GET)',
    argv: [join(FLOOR, 'least-command.cjs'), 'commander', 'giftcard', 'count'],
    env: profileEnv,
    check: isCountLine,
  },
  {
    name: 'floor: least command (parseArgs, config file, the GET)',
    argv: [join(FLOOR, 'least-command.cjs'), 'parseArgs', 'giftcard', 'count'],
    env: profileEnv,
    check: isCountLine,
  },
];
const cases = [
  { name: 'node -e 0 (baseline)', argv: ['-e', '0'], env: plainEnv, check: (out) => out === '' },
  ...floors,
  ...commands.flatMap((c) =>
    builds.map((b, i) => ({ ...c, name: `store-cli ${c.name}${b.label}`, argv: [b.bin, ...c.args], goal: i === 0 ? c.goal : undefined })),
  ),
];

function once(c) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, c.argv, { env: c.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0 || !c.check(r.stdout)) fail(`${c.name} failed (exit ${r.status}): ${r.stdout}${r.stderr}`);
  return ms;
}

const loadBefore = os.loadavg();
const uptimeBefore = uptime();
const samples = cases.map(() => []);
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  // Each round runs every case once; the starting case rotates, so no case is always first.
  for (let k = 0; k < cases.length; k++) {
    const i = (round + k) % cases.length;
    const ms = once(cases[i]);
    if (round >= WARMUP) samples[i].push(ms);
  }
  if (process.stderr.isTTY) process.stderr.write(`\rround ${Math.max(0, round - WARMUP + 1)}/${ROUNDS}${round < WARMUP ? ' (warm-up)' : '          '}`);
}
if (process.stderr.isTTY) process.stderr.write('\n');
const loadAfter = os.loadavg();
const uptimeAfter = uptime();

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const base = median(samples[0]);
const rows = cases.map((c, i) => {
  const m = median(samples[i]);
  const ratio = m / base;
  // Paired with the baseline of the same round: robust to the machine's drift over the run.
  const extra = median(samples[i].map((ms, round) => ms - samples[0][round]));
  return {
    name: c.name,
    median: m,
    extra,
    iqr: `${quantile(samples[i], 0.25).toFixed(1)}–${quantile(samples[i], 0.75).toFixed(1)}`,
    ratio,
    goal: c.goal,
    met: c.goal === undefined ? '' : ratio <= c.goal ? 'yes' : '**no**',
  };
});

const table = [
  '| case | median ms | p25–p75 ms | + ms over baseline (paired) | ratio to baseline | goal | met? |',
  '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
  ...rows.map(
    (r) =>
      `| \`${r.name}\` | ${r.median.toFixed(1)} | ${r.iqr} | ${r === rows[0] ? '' : `${r.extra >= 0 ? '+' : ''}${r.extra.toFixed(1)}`} | ${r.ratio.toFixed(2)}x | ${r.goal === undefined ? '' : `<= ${r.goal.toFixed(1)}x`} | ${r.met} |`,
  ),
].join('\n');

const machine = `${machineLines(loadBefore, loadAfter)}\n- \`uptime\` before: ${uptimeBefore}\n- \`uptime\` after: ${uptimeAfter}`;

process.stdout.write(`\n${table}\n\n${rows.some((r) => r.met === '**no**') ? 'Some goals are NOT met (see RESULTS.md notes).' : 'All goals met.'}\n`);

if (WRITE) {
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const notes = previous.includes('<!-- notes -->') ? previous.slice(previous.indexOf('<!-- notes -->')) : '<!-- notes -->\n';
  writeFileSync(
    RESULTS,
    `# Start-up benchmark

Recorded by \`npm run bench\` (\`bench/startup.mjs\`): ${new Date().toISOString()}.

${machine}

${ROUNDS} rounds after ${WARMUP} warm-up rounds. Each round runs every case once, interleaved, the
starting case rotating; a sample is the wall time from spawn to exit of a fresh process. The ratio
(the goal's measure) is the case's median over the median of \`node -e 0\`; "+ ms over baseline" is
the median, over rounds, of the case's time minus the baseline's time in the same round, which is
steadier than the ratio when the machine is busy. Request cases talk to one local
\`sandbox serve --port 0 --json --quiet --demo\` started before the rounds; "env token" passes
STORE_CLI_BASE_URL and STORE_CLI_TOKEN, "saved profile" reads the config file written once by
\`auth login --with-token\`. Each case keeps its code cache (src/compile-cache.ts) in a scratch folder
of its own, empty at the start: the warm-up rounds fill it, as a user's first command does; "no
compile cache" sets NODE_DISABLE_COMPILE_CACHE, and compiles all it runs at every start. The
"floor" cases are not store-cli: bench/floor/one-get.cjs makes \`giftcard count\`'s request with
node:http and prints the count, nothing more; bench/floor/least-command.cjs reads the same
arguments (commander as published, with store-cli's global options, or node:util's parseArgs)
and the saved profile's config file first. What store-cli takes above them is its own work.

Goals (from the issues): \`--version\` and \`--help\` within 1.3x of \`node -e 0\`; a one-request
command within 2.0x; \`customer list --json\` within 2.2x; \`prompt\` (a shell prompt's line) within 1.3x.${
      COMPARE === undefined
        ? ''
        : ` Cases marked [DIR] ran from the build in DIR (\`--compare\`), in the same rounds: another build (the one before a change) measured under the same load.`
    }

${table}

${notes}`,
  );
  process.stderr.write(`wrote ${RESULTS}\n`);
}

/** What `uptime` prints (the load of a shared machine moves these figures more than most changes do). */
function uptime() {
  const r = spawnSync('uptime', [], { encoding: 'utf8' });
  return r.status === 0
    ? r.stdout.trim()
    : `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`;
}

// The sandbox keeps the event loop alive: stop it (SIGTERM: a clean stop), then leave.
sandbox.child.kill('SIGTERM');
await new Promise((resolve) => {
  if (sandbox.child.exitCode !== null) resolve();
  else sandbox.child.once('exit', resolve);
});
process.exit(0);
