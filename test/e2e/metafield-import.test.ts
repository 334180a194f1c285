// metafield import as a real process: killed midway (SIGKILL) and run again, and the live
// progress line in a real terminal. Ctrl-C and the exit codes of a run:
// test/commands/metafield/import-exit.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pane, TMUX, exitOf, killLeftovers, removeScratch, requireBuild, run, scratch, spawnCli, until } from '../helpers/cli-spawn.js';
import { host, type HostedStore } from '../helpers/hosted-store.js';
import { suiteNeeds } from '../helpers/needs.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const dir = scratch().root;
let fileCounter = 0;

/** A CSV of `objects` products with five values each, and the state it describes. */
function valuesFile(firstId: number, objects: number) {
  const lines = ['domain,bizId,namespace,code,value'];
  const target = new Map<string, string>();
  for (let o = 0; o < objects; o++) {
    const id = String(firstId + o);
    for (let k = 0; k < 5; k++) {
      lines.push(`products,${id},ns,code${k},"value ${k}, of ${id}"`);
      target.set(`${id}/ns.code${k}`, `value ${k}, of ${id}`);
    }
  }
  const path = join(dir, `values-${++fileCounter}.csv`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, target, ids: Array.from({ length: objects }, (_, o) => String(firstId + o)) };
}

/**
 * The values the objects hold, keyed "bizId/ns.code", from one snapshot of the store's state
 * (`GET /_sandbox/state`, its own controls: the rate limit the import runs under never slows it).
 */
async function state(sandbox: HostedStore, ids: string[]): Promise<Map<string, string>> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/state`, { headers: { [sandbox.tokenHeader]: sandbox.token } });
  expect(response.status).toBe(200);
  const { metafields } = (await response.json()) as {
    metafields: Array<{ domain: string; bizId: string; values: Array<{ namespace: string; code: string; value: string }> }>;
  };
  const wanted = new Set(ids);
  const found = new Map<string, string>();
  for (const object of metafields) {
    if (object.domain !== 'products' || !wanted.has(object.bizId)) continue;
    for (const v of object.values) found.set(`${object.bizId}/${v.namespace}.${v.code}`, v.value);
  }
  return found;
}

/** Successful creates the sandbox has logged so far (its stderr request log). */
const createsLogged = (sandbox: HostedStore) => sandbox.log().filter((line) => /^POST \/api\/202412\/metafields\/\S+ 200 /.test(line)).length;

// A kill -9 and the runs after it are the process's: in the real dialect (Genstore's). Both
// dialects' re-runs that change nothing, and a stop by Ctrl-C, in-process:
// test/commands/metafield/import.test.ts and import-exit.test.ts.
describe.each(['real'] as const)('metafield import (spawned, %s dialect)', (dialect) => {
  let sandbox: HostedStore;

  beforeAll(async () => {
    // A rate limit makes a run last long enough to be stopped in the middle.
    sandbox = await host({ dialect, rateLimit: { rps: 60, burst: 40 } });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('killed midway (SIGKILL), then run again: reaches the exact target, and a third run changes nothing', { timeout: 120_000 }, async () => {
    const { path, target, ids } = valuesFile(3_100_000, 100);
    const child = spawnCli(['metafield', 'import', path], sandbox.env());
    child.stdin!.end();
    await until(
      () => (createsLogged(sandbox) >= 20 ? true : undefined),
      20_000,
      () => `only ${createsLogged(sandbox)} creates logged`,
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 5_000)).signal).toBe('SIGKILL');
    const partial = await state(sandbox, ids);
    expect(partial.size).toBeGreaterThan(0);
    expect(partial.size).toBeLessThan(target.size);

    const again = await run(['metafield', 'import', path, '--json'], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout) as { rows: number; created: number; unchanged: number; failed: number };
    expect(summary.rows).toBe(500);
    expect(summary.failed).toBe(0);
    expect(summary.unchanged).toBeGreaterThan(0); // what the killed run applied
    expect(summary.created + summary.unchanged).toBe(500);
    expect(await state(sandbox, ids)).toEqual(target);

    const third = await run(['metafield', 'import', path, '--json'], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(JSON.parse(third.stdout)).toMatchObject({ rows: 500, created: 0, updated: 0, unchanged: 500, failed: 0 });
  });
});

const terminal = suiteNeeds('metafield import in a real terminal (tmux)', 'tmux', TMUX);

describe.skipIf(!TMUX)(terminal, () => {
  let sandbox: HostedStore;
  let pane: Pane | undefined;

  beforeAll(async () => {
    sandbox = await host({ rateLimit: { rps: 30, burst: 30 } });
  });
  afterAll(async () => {
    pane?.kill();
    await sandbox?.stop();
  });

  it('shows a live progress line while it runs, and leaves only the summary', { timeout: 60_000 }, async () => {
    const { path } = valuesFile(3_400_000, 100);
    const env = sandbox.env();
    const vars = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('STORE_CLI_')));
    pane = Pane.start(['metafield', 'import', path], vars, dir);
    await pane.waitFor(/import: [\d,]+ \/ ~?[\d,]+ rows \(\d+%\) · [\d,]+ rows\/s · 0 failed/, 30_000);
    expect(await pane.exitCode(45_000)).toBe(0);
    // Joined: the summary as written, wherever the terminal wrapped it (the file's path is long).
    const screen = pane.screen(false, true);
    expect(screen).toMatch(/Imported .* 500 rows of 100 objects: 500 created/);
    expect(screen).not.toMatch(/import: [\d,]+ \//);
  });
});
