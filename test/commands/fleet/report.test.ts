// --report FORMAT=FILE across stores: one file, a section a store (its env, shop, run id, exit
// code and counts), written once every store's run ended; a failing store's section says so,
// and `report merge` adds up two such files (shards of one file, each run across stores by a
// CI job of its own). Three real sandboxes play sb-a, sb-b and sb-c (every request of sb-c fails).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { newProducts, productCount } from '../undo/_runs.js';

interface Section {
  store: { env: string; shop: string; runId: string | null; exitCode: number | null };
  shard: string | null;
  rows: number;
  created: number | null;
  rejected: number;
  outcome: string;
  reason: string | null;
}
interface Report {
  format: string;
  command: string;
  shards: Section[];
}

describe('--report across stores', () => {
  const a = useSandbox({ seed: 'demo', shopDomain: 'a.example.com' });
  const b = useSandbox({ seed: 'demo', shopDomain: 'b.example.com' });
  const c = useSandbox({ seed: 'demo', failRate: 1, failSeed: 1 });
  const clock = () => new SimClock().autoAdvance();

  function fleet(): { cwd: string; env: Record<string, string>; dir: string } {
    const root = scratchDir();
    const env = { STORE_CLI_CONFIG_DIR: join(root, 'config'), STORE_CLI_DATA_DIR: join(root, 'data') };
    mkdirSync(env.STORE_CLI_CONFIG_DIR, { recursive: true });
    const profile = (s: typeof a) => ({ baseUrl: s.sandbox.baseUrl, token: s.sandbox.token });
    writeFileSync(join(env.STORE_CLI_CONFIG_DIR, 'config.json'), JSON.stringify({ profiles: { 'sb-a': profile(a), 'sb-b': profile(b), 'sb-c': profile(c) } }));
    const cwd = join(root, 'shop');
    mkdirSync(cwd);
    writeFileSync(
      join(cwd, 'store.toml'),
      [
        '[environments.sb-a]\nprofile = "sb-a"\nexpect_domain = "a.example.com"',
        '[environments.sb-b]\nprofile = "sb-b"',
        '[environments.sb-c]\nprofile = "sb-c"',
        '[groups]\nhealthy = ["sb-a", "sb-b"]\n',
      ].join('\n\n'),
    );
    return { cwd, env: { ...env, STORE_CLI_BRAND: a.env.STORE_CLI_BRAND! }, dir: root };
  }

  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Report;

  it('one file, a section a store with its counts; a failing store says so; junit and markdown alike', async () => {
    const { cwd, env, dir } = fleet();
    const before = [await productCount(a.sandbox), await productCount(b.sandbox)];
    const json = join(dir, 'fleet.json');
    const r = await cli(
      [
        'product',
        'import',
        newProducts('rep', 4),
        '--env',
        'sb-*',
        '--yes',
        '--report',
        `json=${json}`,
        '--report',
        `junit=${join(dir, 'fleet.xml')}`,
        '--report',
        `markdown=${join(dir, 'fleet.md')}`,
      ],
      { cwd, env, clock: clock() },
    );
    expect(r.code, r.stderr).toBe(3);
    expect([await productCount(a.sandbox), await productCount(b.sandbox)]).toEqual([before[0]! + 4, before[1]! + 4]);
    const report = read(json);
    expect(report.format).toBe('store-cli-run-report');
    expect(report.command).toBe('product import');
    expect(report.shards.map((s) => s.store.env)).toEqual(['sb-a', 'sb-b', 'sb-c']);
    const [sa, sb, sc] = report.shards;
    for (const healthy of [sa!, sb!]) {
      expect(healthy).toMatchObject({ shard: null, rows: 4, created: 4, rejected: 0, outcome: 'complete' });
      expect(healthy.store.exitCode).toBe(0);
      expect(healthy.store.runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/);
    }
    expect(sa!.store.shop).toBe('a.example.com');
    expect(sa!.store.runId).not.toBe(sb!.store.runId);
    // sb-c failed reading the store before its run began: refused, with its error, nothing created.
    expect(sc!.store).toMatchObject({ env: 'sb-c', runId: null, exitCode: 1 });
    expect(sc!).toMatchObject({ outcome: 'refused', rows: 0, created: 0 });
    expect(sc!.reason).toBe(/^sb-c: error: (.+)$/m.exec(r.stderr)?.[1]);
    const xml = readFileSync(join(dir, 'fleet.xml'), 'utf8');
    for (const env of ['sb-a', 'sb-b', 'sb-c']) expect(xml).toContain(`store-cli product import ${env} all rows`);
    const md = readFileSync(join(dir, 'fleet.md'), 'utf8');
    expect(md).toMatch(/^\| Store \| Rows/m);
    expect(md).toMatch(/^\| sb-a \| 4 \| 4 \|/m);
    expect(md).toMatch(/^\| \*\*Total\*\* \| 8 \| 8 \|/m);
  });

  it('an export across stores: a section a store, each with the rows it wrote', async () => {
    const { cwd, env, dir } = fleet();
    const json = join(dir, 'export.json');
    const r = await cli(['giftcard', 'export', '--group', 'healthy', '--report', `json=${json}`], { cwd, env });
    expect(r.code, r.stderr).toBe(0);
    const rows = (store: string) => r.stdout.split('\n').filter((line) => line.startsWith(`${store}\t`)).length - 1; // less the header
    const report = read(json) as Report & { kind: string };
    expect(report.kind).toBe('export');
    expect(report.shards.map((s) => [s.store.env, s.rows, s.outcome])).toEqual([
      ['sb-a', rows('sb-a'), 'complete'],
      ['sb-b', rows('sb-b'), 'complete'],
    ]);
    expect(report.shards[0]!.rows).toBeGreaterThan(0);
  });

  it("a report file that is the import's own file is refused in every store and never written", async () => {
    const { cwd, env } = fleet();
    const products = newProducts('own', 2);
    const text = readFileSync(products, 'utf8');
    const r = await cli(['product', 'import', products, '--group', 'healthy', '--yes', '--report', `json=${products}`], { cwd, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sb-a: error: /m);
    expect(readFileSync(products, 'utf8')).toBe(text);
  });

  it('report merge of two such files (a shard each, across the same stores) adds up store by store', async () => {
    const { cwd, env, dir } = fleet();
    const products = newProducts('mrg', 6);
    const files = [];
    for (const shard of ['1/2', '2/2']) {
      const json = join(dir, `shard-${shard[0]}.json`);
      const r = await cli(['product', 'import', products, '--group', 'healthy', '--yes', '--shard', shard, '--report', `json=${json}`], { cwd, env });
      expect(r.code, r.stderr).toBe(0);
      files.push(json);
    }
    const merged = await cli(['report', 'merge', ...files, '--json'], { env });
    expect(merged.code, merged.stderr).toBe(0);
    const report = JSON.parse(merged.stdout) as Report;
    expect(report.shards.map((s) => [s.store.env, s.shard])).toEqual([
      ['sb-a', '1/2'],
      ['sb-a', '2/2'],
      ['sb-b', '1/2'],
      ['sb-b', '2/2'],
    ]);
    for (const env of ['sb-a', 'sb-b']) {
      const own = report.shards.filter((s) => s.store.env === env);
      expect(own.reduce((sum, s) => sum + s.rows, 0)).toBe(6);
      expect(own.reduce((sum, s) => sum + (s.created ?? 0), 0)).toBe(6);
    }
    // A store's shard missing is named with its store; the same file twice is refused.
    const one = await cli(['report', 'merge', files[0]!], { env });
    expect(one.code).toBe(3);
    expect(one.stderr).toContain('sb-a 2/2');
    expect(one.stderr).toContain('sb-b 2/2');
    const twice = await cli(['report', 'merge', files[0]!, files[0]!], { env });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('Shard sb-a 1/2 is in both');
  });
});
