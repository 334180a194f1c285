// metafield export between two stores started here, in both dialects: export from A,
// import into B, export from B: the same bytes. Values of many types, unicode, line breaks,
// commas, quotes and ids beyond 2^53; re-imports that change nothing; the JSON-lines form; an
// export from a store injecting faults that equals the clean one. An export killed with -9
// midway: test/e2e/kill-and-resume.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';

const dir = scratchDir();
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

describe.each(DIALECTS)('metafield export between two stores (%s dialect)', (dialect) => {
  // The faulty store's retries wait in simulated time.
  const clock = new SimClock().autoAdvance();
  let a: LoggedSandbox;
  let b: LoggedSandbox;
  let faulty: LoggedSandbox;

  beforeAll(async () => {
    [a, b, faulty] = await Promise.all([
      startLogged({ seed: 'demo', dialect }),
      startLogged({ seed: 'demo', dialect }),
      startLogged({ seed: 'demo', dialect, failRate: 0.25, failSeed: 99 }, clock),
    ]);
    writeFileSync(path(`source-${dialect}.csv`), SOURCE);
    const seeded = await a.run(['metafield', 'import', path(`source-${dialect}.csv`), '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ rows: 25, created: 25, failed: 0 });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), faulty?.close()]);
  });

  it('A -> B -> export: byte for byte; re-importing changes nothing', async () => {
    const objects = path(`source-${dialect}.csv`);
    const fromA = await a.run(['metafield', 'export', '--objects', objects, '--output', path(`a-${dialect}.csv`), '--json']);
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

    const intoB = await b.run(['metafield', 'import', path(`a-${dialect}.csv`), '--json']);
    expect(intoB.code, intoB.stderr).toBe(0);
    expect(JSON.parse(intoB.stdout)).toMatchObject({ rows: 25, created: 25, failed: 0 });
    const fromB = await b.run(['metafield', 'export', '--objects', path(`a-${dialect}.csv`), '--output', path(`b-${dialect}.csv`)]);
    expect(fromB.code, fromB.stderr).toBe(0);
    expect(bytes(`b-${dialect}.csv`).equals(bytes(`a-${dialect}.csv`))).toBe(true);

    const again = await b.run(['metafield', 'import', path(`b-${dialect}.csv`), '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 25, created: 0, updated: 0, unchanged: 25, failed: 0 });
    expect((await a.run(['metafield', 'import', path(`a-${dialect}.csv`), '--json'])).stdout).toMatch(/"unchanged":25/);
  });

  it('--jsonl round trip: the same values, and its export equals the JSON-lines export of A', async () => {
    const objects = path(`source-${dialect}.csv`);
    const fromA = await a.run(['metafield', 'export', '--objects', objects, '--jsonl']);
    expect(fromA.code, fromA.stderr).toBe(0);
    const lines = fromA.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(25);
    expect(JSON.parse(lines[0]!)).toEqual({
      domain: 'collections',
      bizId: '4000000000000000304',
      namespace: 'custom',
      code: 'banner',
      value: '8000000000000000001',
      type: 'File',
    });
    // Piped into the other store: stdin starting with { is read as JSON lines.
    const c = await startLogged({ seed: 'demo', dialect });
    try {
      const into = await c.run(['metafield', 'import', '-', '--json'], { stdin: fromA.stdout });
      expect(into.code, into.stderr).toBe(0);
      expect(JSON.parse(into.stdout)).toMatchObject({ rows: 25, created: 25, failed: 0 });
      const back = await c.run(['metafield', 'export', '--objects', objects, '--jsonl']);
      expect(back.stdout).toBe(fromA.stdout);
      const csvOfC = await c.run(['metafield', 'export', '--objects', objects]);
      expect(csvOfC.stdout).toBe(bytes(`a-${dialect}.csv`).toString('utf8'));
    } finally {
      await c.close();
    }
  });

  it('from a store injecting faults (429, 5xx, resets): the same file as the clean export', async () => {
    const loaded = await faulty.run(['metafield', 'import', path(`a-${dialect}.csv`), '--json']);
    expect(loaded.code, loaded.stderr).toBe(0);
    const r = await faulty.run(['metafield', 'export', '--objects', path(`a-${dialect}.csv`), '--output', path(`faulty-${dialect}.csv`), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ objects: 7, rows: 25, failed: 0 });
    expect(bytes(`faulty-${dialect}.csv`).equals(bytes(`a-${dialect}.csv`))).toBe(true);
    // Faults were met on the way (the sandbox logs every answer).
    expect(faulty.log().join('\n')).toMatch(/^GET \/api\/202412\/metafields\/\S+ (429|500|503) /m);
  });
});
