// metafield export killed with -9 midway, as a real process: no file under the --output name,
// its temporary left hidden and removed by the next export to the name. Exports between two
// stores, faults and Ctrl-C: test/commands/metafield/export-between-stores.test.ts and
// export.test.ts.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, killLeftovers, removeScratch, requireBuild, run, scratch, serve, spawnGathering, until, type ServeHandle } from '../helpers/cli-spawn.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('metafield export killed midway (spawned)', () => {
  let sandbox: ServeHandle;
  const listings = () => (sandbox.stderr().match(/^GET \/api\/202412\/metafields\/\S+ 200 /gm) ?? []).length;

  beforeAll(async () => {
    // A rate limit makes a run last long enough to be stopped in the middle.
    sandbox = await serve(['--json', '--rate-limit', '60/10']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('SIGKILL: no file under the --output name; its temporary stays hidden, and the next export to the name removes it', { timeout: 60_000 }, async () => {
    const folder = scratch().root;
    const objects = join(folder, 'objects.csv');
    writeFileSync(objects, `domain,bizId\n${Array.from({ length: 500 }, (_, i) => `products,${5_000_000 + i}`).join('\n')}\n`);
    const output = join(folder, 'values.csv');
    const before = listings();
    const { child, stderr } = spawnGathering(['metafield', 'export', '--objects', objects, '--output', output, '--json'], sandbox.env());
    await until(
      () => (listings() - before >= 15 ? true : undefined),
      20_000,
      () => `no progress; stderr:\n${stderr()}`,
    );
    child.kill('SIGKILL');
    const end = await exitOf(child, 10_000);
    expect(existsSync(output)).toBe(false);
    expect(end.signal).toBe('SIGKILL');
    expect(readdirSync(folder).filter((name) => name.endsWith('.part'))).toHaveLength(1);
    writeFileSync(objects, 'domain,bizId\nproducts,5000000\n');
    const next = await run(['metafield', 'export', '--objects', objects, '--output', output], { env: sandbox.env() });
    expect(next.code, next.stderr).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['objects.csv', 'values.csv']);
  });
});
