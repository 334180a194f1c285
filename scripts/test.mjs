// npm test: the build, then every test (vitest) while the checks (typecheck, lint and
// format) run beside it. The checks are single-threaded and the tests spend much of their
// time waiting (on child processes, rate limits, retries), so on 2 cores the checks fill
// the gaps instead of taking a minute of their own before the tests. They run at a lower
// priority, so a test that is busy is not slowed by them. Their output is shown at the end;
// any step that fails fails the run (exit 1). The typecheck is cached (package.json: tsc 7
// --incremental, in node_modules/.cache/store-cli): after the first run it checks what
// changed. oxlint and Biome's format check need no cache (2 and 2-3 CPU-s).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command; resolves with its exit code, the time it took and (when `capture`) what it wrote. */
function step(name, args, { capture = false, lowPriority = false } = {}) {
  const started = performance.now();
  const child = spawn(NPM, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: process.platform === 'win32' });
  // npm takes a moment to start before it runs the script, which inherits the priority.
  if (lowPriority) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // Not allowed here: the checks then compete with the tests, which is only slower.
    }
  }
  let output = '';
  if (capture) {
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ name, code: 1, seconds: 0, output: `${error.message}\n` }));
    child.once('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000, output }));
  });
}

const checks = [
  step('typecheck', ['run', '--silent', 'typecheck'], { capture: true, lowPriority: true }),
  step('lint', ['run', '--silent', 'lint'], { capture: true, lowPriority: true }),
];

const build = await step('build', ['run', '--silent', 'build']);
// The end-to-end tests run the bundle: without a build there is nothing to test.
const tests = build.code === 0 ? await step('vitest', ['exec', '--', 'vitest', 'run', ...process.argv.slice(2)]) : undefined;

let failed = build.code !== 0 || (tests?.code ?? 1) !== 0;
for (const check of await Promise.all(checks)) {
  if (check.code !== 0) {
    failed = true;
    process.stderr.write(`\n${check.name} failed (exit ${check.code}):\n${check.output}`);
  } else {
    process.stdout.write(`${check.name}: ok (${check.seconds.toFixed(0)} s)\n`);
  }
}
if (build.code !== 0) process.stderr.write(`build failed (exit ${build.code}): no test ran.\n`);
process.exit(failed ? 1 : 0);
