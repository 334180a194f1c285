// metafield export as a real process, between two stores: export from sandbox A, import
// into sandbox B, export from B: the same bytes. Values of many types, unicode, line breaks,
// commas, quotes and ids beyond 2^53; re-imports that change nothing; the JSON-lines form;
// an export from a store injecting faults that equals the clean one; Ctrl-C and kill -9
// midway never leave a file under the --output name.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, killLeftovers, removeScratch, requireBuild, run, scratch, serve, spawnGathering, until, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const dir = scratch().root;
const path = (name: string) => join(dir, name);

/**
 * Typed values (the demo definitions type them), awkward text, big ids; each object once per domain.
 * Two values go as written (no type): the store keeps the lower-case colour (and writes the weight its
 * own way), which the export types and the import into B must not rewrite.
 */
const SOURCE = `domain,bizId,namespace,code,value,type
products,18446744073709551615,custom,care_guide,"Wash cold, dry flat.
Do not ""tumble"" — ✓ 日本語 🧶",MultiLineText
products,18446744073709551615,custom,material,"Linen, ""washed""",
products,18446744073709551615,custom,stock_floor,42,Integer
products,18446744073709551615,custom,rating,4.50,Decimal
products,18446744073709551615,custom,is_gift,yes,Boolean
products,18446744073709551615,custom,launch_date,2026-03-01,Date
products,18446744073709551615,custom,release_at,2026-03-01T10:00:00+02:00,DateTime
products,18446744073709551615,custom,anniversary,12-25,MonthDay
products,18446744073709551615,specs,weight,1.5 kg,Weight
products,18446744073709551615,specs,width,12 cm,Size
products,18446744073709551615,specs,volume,0.75 l,Volume
products,18446744073709551615,custom,msrp,19.90 EUR,Money
products,18446744073709551615,custom,color,#abc,Color
products,18446744073709551615,custom,manual_url,https://example.com/a?b=1&c=2,Url
products,18446744073709551615,custom,related_products,"[9007199254740993, 4000000000000000011]",Product
products,9007199254740993,custom,material,"  spaced out  ",
products,9007199254740993,zeta,last,"comma, ""quote"" and; semicolon",
products,77,custom,material,Wool,
products,77,custom,color,#ff0000,
products,77,specs,weight,"{""unit"": ""kg"", ""value"": 2}",
customers,7000000000000000001,custom,vip,no,Boolean
customers,7000000000000000001,custom,birthday,02-29,MonthDay
orders,12,custom,gift_message,"Happy birthday!
— A.",MultiLineText
collections,4000000000000000304,custom,banner,8000000000000000001,File
shop,1,custom,featured_collection,4000000000000000304,Collection
`;

const bytes = (name: string) => readFileSync(path(name));

describe.each(DIALECTS)('metafield export between two stores (spawned, %s dialect)', (dialect) => {
  let a: ServeHandle;
  let b: ServeHandle;
  let faulty: ServeHandle;

  beforeAll(async () => {
    [a, b, faulty] = await Promise.all([
      serve(['--json', '--demo', ...dialectArgs(dialect)]),
      serve(['--json', '--demo', ...dialectArgs(dialect)]),
      serve(['--json', '--demo', ...dialectArgs(dialect), '--fail-rate', '0.25', '--fail-seed', '99']),
    ]);
    writeFileSync(path(`source-${dialect}.csv`), SOURCE);
    const seeded = await run(['metafield', 'import', path(`source-${dialect}.csv`), '--json'], { env: a.env() });
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ rows: 25, created: 25, failed: 0 });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), faulty?.stop()]);
  });

  it('A -> B -> export: byte for byte; re-importing changes nothing', { timeout: 60_000 }, async () => {
    const objects = path(`source-${dialect}.csv`);
    const fromA = await run(['metafield', 'export', '--objects', objects, '--output', path(`a-${dialect}.csv`), '--json'], { env: a.env() });
    expect(fromA.code, fromA.stderr).toBe(0);
    expect(JSON.parse(fromA.stdout)).toMatchObject({ objects: 7, rows: 25, failed: 0, requests: 7 });
    const text = bytes(`a-${dialect}.csv`).toString('utf8');
    expect(text.split('\n')[0]).toBe('domain,bizId,namespace,code,value,type');
    // Sorted: domain, then bizId as a number (77 before 2^53 + 1 before 2^64 - 1), namespace, code.
    expect(text.match(/^[a-z]+,\d+/gm)!.filter((v, i, all) => all.indexOf(v) === i)).toEqual([
      'collections,4000000000000000304',
      'customers,7000000000000000001',
      'orders,12',
      'products,77',
      'products,9007199254740993',
      'products,18446744073709551615',
      'shop,1',
    ]);
    expect(text).toContain('products,77,custom,color,#ff0000,Color\n');
    expect(text).toContain('products,18446744073709551615,custom,related_products,"[""9007199254740993"",""4000000000000000011""]",Product\n');

    const intoB = await run(['metafield', 'import', path(`a-${dialect}.csv`), '--json'], { env: b.env() });
    expect(intoB.code, intoB.stderr).toBe(0);
    expect(JSON.parse(intoB.stdout)).toMatchObject({ rows: 25, created: 25, failed: 0 });
    const fromB = await run(['metafield', 'export', '--objects', path(`a-${dialect}.csv`), '--output', path(`b-${dialect}.csv`)], { env: b.env() });
    expect(fromB.code, fromB.stderr).toBe(0);
    expect(bytes(`b-${dialect}.csv`).equals(bytes(`a-${dialect}.csv`))).toBe(true);

    const again = await run(['metafield', 'import', path(`b-${dialect}.csv`), '--json'], { env: b.env() });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 25, created: 0, updated: 0, unchanged: 25, failed: 0 });
    expect((await run(['metafield', 'import', path(`a-${dialect}.csv`), '--json'], { env: a.env() })).stdout).toMatch(/"unchanged":25/);
  });

  it('--jsonl round trip: the same values, and its export equals the JSON-lines export of A', { timeout: 60_000 }, async () => {
    const objects = path(`source-${dialect}.csv`);
    const fromA = await run(['metafield', 'export', '--objects', objects, '--jsonl'], { env: a.env() });
    expect(fromA.code, fromA.stderr).toBe(0);
    const lines = fromA.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(25);
    expect(JSON.parse(lines[0]!)).toEqual({ domain: 'collections', bizId: '4000000000000000304', namespace: 'custom', code: 'banner', value: '8000000000000000001', type: 'File' });
    // Piped into the other store: stdin starting with { is read as JSON lines.
    const c = await serve(['--json', '--demo', ...dialectArgs(dialect)]);
    try {
      const into = await run(['metafield', 'import', '-', '--json'], { env: c.env(), input: fromA.stdout });
      expect(into.code, into.stderr).toBe(0);
      expect(JSON.parse(into.stdout)).toMatchObject({ rows: 25, created: 25, failed: 0 });
      const back = await run(['metafield', 'export', '--objects', objects, '--jsonl'], { env: c.env() });
      expect(back.stdout).toBe(fromA.stdout);
      const csvOfC = await run(['metafield', 'export', '--objects', objects], { env: c.env() });
      expect(csvOfC.stdout).toBe(bytes(`a-${dialect}.csv`).toString('utf8'));
    } finally {
      await c.stop();
    }
  });

  it('from a store injecting faults (429, 5xx, resets): the same file as the clean export', { timeout: 90_000 }, async () => {
    const loaded = await run(['metafield', 'import', path(`a-${dialect}.csv`), '--json'], { env: faulty.env(), timeoutMs: 60_000 });
    expect(loaded.code, loaded.stderr).toBe(0);
    const r = await run(['metafield', 'export', '--objects', path(`a-${dialect}.csv`), '--output', path(`faulty-${dialect}.csv`), '--json'], { env: faulty.env(), timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ objects: 7, rows: 25, failed: 0 });
    expect(bytes(`faulty-${dialect}.csv`).equals(bytes(`a-${dialect}.csv`))).toBe(true);
    // Faults were met on the way (the sandbox logs every answer on stderr).
    expect(faulty.stderr()).toMatch(/^GET \/api\/202412\/metafields\/\S+ (429|500|503) /m);
  });
});

describe('metafield export stopped midway (spawned)', () => {
  let sandbox: ServeHandle;
  const listings = () => (sandbox.stderr().match(/^GET \/api\/202412\/metafields\/\S+ 200 /gm) ?? []).length;

  beforeAll(async () => {
    // A rate limit makes a run last long enough to be stopped in the middle.
    sandbox = await serve(['--json', '--rate-limit', '60/10']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  for (const signal of ['SIGINT', 'SIGKILL'] as const) {
    it(`${signal}: no file under the --output name${signal === 'SIGINT' ? ', the temporary removed, a summary, exit 130' : ''}`, { timeout: 60_000 }, async () => {
      const folder = scratch().root;
      const objects = join(folder, 'objects.csv');
      writeFileSync(objects, `domain,bizId\n${Array.from({ length: 500 }, (_, i) => `products,${5_000_000 + i}`).join('\n')}\n`);
      const output = join(folder, 'values.csv');
      const before = listings();
      const { child, stdout, stderr } = spawnGathering(['metafield', 'export', '--objects', objects, '--output', output, '--json'], sandbox.env());
      await until(
        () => (listings() - before >= 15 ? true : undefined),
        20_000,
        () => `no progress; stderr:\n${stderr()}`,
      );
      child.kill(signal);
      const end = await exitOf(child, 10_000);
      expect(existsSync(output)).toBe(false);
      if (signal === 'SIGKILL') {
        expect(end.signal).toBe('SIGKILL');
        // Its temporary file stays, hidden; the next export to the name removes it.
        expect(readdirSync(folder).filter((name) => name.endsWith('.part'))).toHaveLength(1);
        writeFileSync(objects, 'domain,bizId\nproducts,5000000\n');
        const next = await run(['metafield', 'export', '--objects', objects, '--output', output], { env: sandbox.env() });
        expect(next.code, next.stderr).toBe(0);
        expect(readdirSync(folder).sort()).toEqual(['objects.csv', 'values.csv']);
        return;
      }
      expect(end).toMatchObject({ code: 130, signal: null });
      expect(stderr()).toMatch(/^Interrupted after \d+s, with \d+ of 500 objects read: .*values\.csv was not written/m);
      expect(JSON.parse(stdout())).toMatchObject({ objects: 500 });
      expect(readdirSync(folder)).toEqual(['objects.csv']);
    });
  }
});
