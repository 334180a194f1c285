// A terminal that reports 0 columns (a pty nobody sized: `script` in a pipeline, some CI
// runners) once made every command with a spinner clear lines without end: ora divides by
// the width. util-linux `script` gives the CLI a real pty; `stty cols 0` zeroes its width.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, shq } from '../helpers/cli-spawn.js';
import { useHosted } from '../helpers/hosted-store.js';
import { suiteNeeds } from '../helpers/needs.js';

const SCRIPT = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim() || undefined;
const title = suiteNeeds('a zero-width terminal', 'util-linux script', SCRIPT, 'util-linux has it');

/** Runs `command` in a pty of 0 columns; kills it after `timeoutMs`. Output is capped at 1 MB. */
function inZeroWidthPty(
  command: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; killed: boolean; output: string; bytes: number }> {
  const child = spawn(SCRIPT!, ['-qec', `stty cols 0 rows 0; ${command}`, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let bytes = 0;
  let output = '';
  const take = (chunk: Buffer) => {
    bytes += chunk.length;
    if (output.length < 1_000_000) output += chunk.toString('utf8');
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    process.kill(-child.pid!, 'SIGKILL'); // script and the CLI under it
  }, timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, killed, output, bytes });
    }),
  );
}

describe.skipIf(!SCRIPT)(title, () => {
  const hosted = useHosted({ seed: 'demo' });

  it('a command with a spinner ends, with its answer and little else, when the pty reports 0 columns', async () => {
    const run = await inZeroWidthPty(`${shq(process.execPath)} ${shq(BIN)} giftcard count`, hosted.store.env(), 20_000);
    expect(run.killed).toBe(false);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/^\d+\r?$/m);
    // The answer and a few escapes at most; the old loop wrote megabytes a second.
    expect(run.bytes).toBeLessThan(2_000);
  }, 30_000);
});
