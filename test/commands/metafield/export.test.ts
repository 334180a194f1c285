import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, scratchDir, untilDone } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { expectUsageError, requestLog, waitFor } from '../_support.js';
import { csv, freshIds, metafieldRequests, plainRows, scratchFile } from './_import.js';
import { SimClock } from '../../bulk/sim-clock.js';

const exportArgs = (...rest: string[]) => ['metafield', 'export', ...rest];
const importArgs = (...rest: string[]) => ['metafield', 'import', ...rest];
const HEADER_LINE = 'domain,bizId,namespace,code,value,type';

/** Loads `perObject` values on each of `ids` through the CLI's own import (checked to succeed). */
async function load(env: Record<string, string>, ids: string[], perObject: number) {
  const { rows, target } = plainRows(ids, perObject);
  const r = await cli(importArgs(scratchFile('values.csv', csv(rows)), '--json'), { env });
  expect(r.code, r.stderr).toBe(0);
  return { rows, target };
}

describe('metafield export: usage (exit 2, nothing sent)', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  it.each([
    [[], 'Say which objects'],
    [['--all', '4000000000000000011'], '--all'],
    [['--all', '--objects', 'x.csv'], '--objects'],
    [['4000000000000000011'], '--domain'],
    [['--all', '--domain', 'customers'], '--all'],
    [['--all', '--domain', 'nope'], '--domain'],
    [['--all', '--json'], '--json'],
    [['--all', '--jq', '.rows'], '--jq'],
    [['--all', '--namespace', 'bad ns'], '--namespace'],
    [['--all', '--shard', '4/3'], '--shard'],
    [['--all', '--concurrency', '0'], '--concurrency'],
  ])('%j', async (args, flag) => {
    log.clear();
    const r = await cli(exportArgs(...args), { env: s.env });
    expectUsageError(r, flag);
    expect(await log.take()).toEqual([]);
  });

  it('refuses an --objects file without domain and bizId columns, or with a bad row, naming the file and line', async () => {
    log.clear();
    const noBizId = scratchFile('objects.csv', 'domain,id\nproducts,1\n');
    const r1 = await cli(exportArgs('--objects', noBizId), { env: s.env });
    expect(r1.code).toBe(2);
    expect(r1.stderr).toContain(`--objects ${noBizId}: the header lacks the column bizId`);
    const noDomain = scratchFile('objects.csv', 'bizId\n1\n');
    const r2 = await cli(exportArgs('--objects', noDomain), { env: s.env });
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('lacks the column domain (or pass --domain');
    const badRow = scratchFile('objects.csv', 'domain,bizId,note\nproducts,1,ok\nproduct,2,typo\n');
    const r3 = await cli(exportArgs('--objects', badRow), { env: s.env });
    expect(r3.code).toBe(2);
    expect(r3.stderr).toContain('line 3: unknown domain "product"');
    expect(r1.stdout + r2.stdout + r3.stdout).toBe('');
    expect(await log.take()).toEqual([]);
  });

  it('without a store to read writes nothing to stdout and no summary: the error alone, exit 4', async () => {
    const r = await cli(exportArgs('--all'), { env: {} });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: No store is set up/)]);
  });

  it('refuses an --output whose folder is missing, before anything is sent', async () => {
    log.clear();
    const r = await cli(exportArgs('--all', '--output', '/nonexistent-dir/values.csv'), { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --output /nonexistent-dir/values.csv: its folder /nonexistent-dir does not exist. Nothing was sent.\n');
    expect(await log.take()).toEqual([]);
  });

  it('refuses an --output (or --rejects) that is the --objects file, under another name too', async () => {
    log.clear();
    const objects = scratchFile('objects.csv', 'domain,bizId\nproducts,1\n');
    for (const flag of ['--output', '--rejects']) {
      const r = await cli(exportArgs('--objects', objects, flag, `${dirname(objects)}/./objects.csv`), { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: ${flag} ${dirname(objects)}/./objects.csv is the --objects file (${objects}): writing it would destroy the input; give another file. Nothing was sent.\n`,
      );
    }
    expect(readFileSync(objects, 'utf8')).toBe('domain,bizId\nproducts,1\n');
    expect(await log.take()).toEqual([]);
  });
});

describe.each(DIALECTS)('metafield export (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });

  it('exports named objects in order, one listing each; --objects takes an export or import file, duplicates collapse', async () => {
    const ids = freshIds(40);
    const { rows } = await load(s.env, ids, 3);
    log.clear();
    // Given out of order, and twice.
    const given = [...ids].reverse().concat(ids.slice(0, 5));
    const r = await cli(exportArgs(...given, '--domain', 'products'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const expected = [...rows]
      .sort((a, b) => Number(a[1]) - Number(b[1]) || a[2]!.localeCompare(b[2]!) || a[3]!.localeCompare(b[3]!))
      .map((row) => [...row, '']);
    const records = parse(r.stdout) as string[][];
    expect(records[0]).toEqual(HEADER_LINE.split(','));
    expect(records.slice(1).map((row) => [...row.slice(0, 5), ''])).toEqual(expected);
    expect(records.slice(1).every((row) => row[5] === 'SingleLineText')).toBe(true);
    expect(r.stderr).toContain('Exported 120 rows of 40 objects to stdout');
    const requests = metafieldRequests(await log.take());
    expect(requests).toHaveLength(40);
    expect(requests.every((q) => q.method === 'GET' && q.status === 200)).toBe(true);

    // The import file itself names the objects; the export of it is the same bytes.
    const importFile = scratchFile('values.csv', csv(rows));
    const again = await cli(exportArgs('--objects', importFile), { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(r.stdout);
    // And so is an export read back as the list of objects, from stdin, or as JSON lines.
    const third = await cli(exportArgs('--objects', '-'), { env: s.env, stdin: r.stdout });
    expect(third.stdout).toBe(r.stdout);
    const jsonl = await cli(exportArgs('--objects', importFile, '--jsonl'), { env: s.env });
    const fromJsonl = await cli(exportArgs('--objects', scratchFile('values.jsonl', jsonl.stdout)), { env: s.env });
    expect(fromJsonl.stdout).toBe(r.stdout);
    // With a domain column, --domain keeps that domain's objects: none here.
    const none = await cli(exportArgs('--objects', importFile, '--domain', 'customers'), { env: s.env });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe(`${HEADER_LINE}\n`);
    expect(none.stderr).toContain('Exported 0 rows of 0 objects');
  });

  it('--namespace keeps one namespace; --jsonl writes the same rows as JSON lines', async () => {
    const ids = freshIds(3);
    await load(s.env, ids, 6);
    const r = await cli(exportArgs(...ids, '--domain', 'products', '--namespace', 'ns1'), { env: s.env });
    const records = (parse(r.stdout) as string[][]).slice(1);
    expect(records).toHaveLength(6);
    expect(records.every((row) => row[2] === 'ns1')).toBe(true);
    const jsonl = await cli(exportArgs(...ids, '--domain', 'products', '--namespace', 'ns1', '--jsonl'), { env: s.env });
    const lines = jsonl.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines.map((o) => Object.values(o))).toEqual(records);
  });

  it('--all: every collection and the products they collect, in order; --domain picks one kind', async () => {
    const all = await cli(exportArgs('--all', '--output', scratchFile('all.csv', ''), '--json'), { env: s.env });
    expect(all.code, all.stderr).toBe(0);
    const summary = JSON.parse(all.stdout) as { objects: number; requests: number };
    const collections = await cli(['collection', 'list', '--json'], { env: s.env });
    const listed = JSON.parse(collections.stdout) as Array<{ collectionId: string; collects: string }>;
    const products = new Set(listed.flatMap((c) => JSON.parse(c.collects) as string[]));
    expect(summary.objects).toBe(listed.length + products.size);
    // One listing of collections, then one request per object.
    expect(summary.requests).toBe(summary.objects + 1);

    const seeded = [...products].sort()[0]!;
    const set = await cli(['metafield', 'set', 'products', seeded, '--namespace', 'custom', '--code', 'material', '--value', 'Tweed'], { env: s.env });
    expect(set.code, set.stderr).toBe(0);
    const onlyProducts = await cli(exportArgs('--all', '--domain', 'products'), { env: s.env });
    expect(onlyProducts.stdout).toContain(`products,${seeded},custom,material,Tweed,SingleLineText\n`);
    expect(onlyProducts.stderr).toContain(`of ${products.size} objects`);
    const onlyCollections = await cli(exportArgs('--all', '--domain', 'collections'), { env: s.env });
    expect(onlyCollections.stderr).toContain(`of ${listed.length} objects`);
  });

  it('--output: written whole, then renamed; the --json summary counts objects, rows and requests', async () => {
    const ids = freshIds(10);
    await load(s.env, ids, 2);
    const output = scratchFile('out.csv', 'old content');
    const r = await cli(exportArgs(...ids, '--domain', 'products', '--output', output, '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ objects: 10, rows: 20, failed: 0, unfinished: 0, requests: 10, refused: 0 });
    const text = readFileSync(output, 'utf8');
    expect(text.startsWith(`${HEADER_LINE}\n`)).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(21);
    expect(readdirSync(dirname(output))).toEqual(['out.csv']);
  });

  it('three shards cover every object exactly once, as import splits them', async () => {
    const ids = freshIds(30);
    await load(s.env, ids, 1);
    const whole = await cli(exportArgs(...ids, '--domain', 'products'), { env: s.env });
    const parts: string[] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      const r = await cli(exportArgs(...ids, '--domain', 'products', '--shard', shard), { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`Shard ${shard}: \\d+ objects? belongs? to other shards`));
      parts.push(...r.stdout.trimEnd().split('\n').slice(1));
    }
    const rows = whole.stdout.trimEnd().split('\n').slice(1);
    expect(parts.sort()).toEqual([...rows].sort());
  });

  it('an object the store refuses fails alone: exit 3 naming it, the rest exported, --rejects lists it for --objects', async () => {
    const ids = freshIds(3);
    await load(s.env, ids, 1);
    const output = scratchFile('out.csv', '');
    const rejects = `${dirname(output)}/failed.csv`;
    const r = await cli(exportArgs(ids[0]!, 'not-a-number', ids[1]!, '--domain', 'products', '--output', output, '--rejects', rejects), { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('1 object failed, their values not exported');
    expect(r.stderr).toMatch(/^ {2}products not-a-number: /m);
    expect(r.stderr).toMatch(/^error: 1 of 3 objects failed \(products not-a-number\)/m);
    expect(readFileSync(output, 'utf8').trimEnd().split('\n')).toHaveLength(3);
    const failed = parse(readFileSync(rejects, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(failed).toEqual([{ domain: 'products', bizId: 'not-a-number', reason: expect.any(String) }]);
    // The rejects file is an --objects file.
    const retry = await cli(exportArgs('--objects', rejects), { env: s.env });
    expect(retry.code).toBe(3);
  });
});

describe('metafield export: faults and Ctrl-C', () => {
  const clean = useSandbox({ seed: 'demo' });
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', failRate: 0.2, failSeed: 1212, onRequest: log.hook });
  // The retries' backoffs and Retry-After waits go by a simulated clock.
  const clock = new SimClock().autoAdvance();

  it('under faults (429, 5xx, resets) the export equals the clean one, at about one request per object plus retries', { timeout: 60_000 }, async () => {
    const ids = freshIds(200);
    const { rows } = await load(clean.env, ids, 3);
    const file = scratchFile('values.csv', csv(rows));
    // The values go into the store with faults by an import, run again if it gave an object up.
    await untilDone(importArgs(file, '--json'), { env: s.env, clock });
    const expected = await cli(exportArgs('--objects', file), { env: clean.env });
    expect(expected.code, expected.stderr).toBe(0);
    log.clear();
    const r = await cli(exportArgs('--objects', file), { env: s.env, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected.stdout);
    const requests = metafieldRequests(await log.take());
    expect(requests.filter((q) => q.status === 200)).toHaveLength(200);
  });
});

describe('metafield export: Ctrl-C', () => {
  let listings = 0;
  // A rate limit makes the run last long enough to be stopped in the middle.
  const s = useSandbox({ rateLimit: { rps: 100, burst: 10 }, onRequest: (q) => void (q.path.startsWith('/api/202412/metafields/') && (listings += 1)) });

  it('while --objects - waits for stdin: exit 130 at once, nothing sent or written', async () => {
    const controller = new AbortController();
    const live = liveCli(exportArgs('--objects', '-'), { env: s.env, signal: controller.signal, keepStdinOpen: true, stdin: 'domain,bizId\nproducts,1\n' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const requests = listings;
    controller.abort();
    const r = await live.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: Interrupted.\n');
    expect(listings).toBe(requests);
  });

  it('exits 130 after a summary, and leaves no --output file (nor its temporary)', { timeout: 60_000 }, async () => {
    const ids = freshIds(2000);
    const objects = scratchFile('objects.csv', `domain,bizId\n${ids.map((id) => `products,${id}`).join('\n')}\n`);
    const output = `${dirname(objects)}/out.csv`;
    const controller = new AbortController();
    listings = 0;
    const live = liveCli(exportArgs('--objects', objects, '--output', output, '--json'), { env: s.env, signal: controller.signal });
    await waitFor(() => (listings >= 20 ? true : undefined), 20_000, 'twenty listings');
    controller.abort();
    const r = await live.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/^Interrupted after \d+s, with \d+ of 2,?000 objects read: .*out\.csv was not written/m);
    const summary = JSON.parse(r.stdout) as { objects: number; unfinished: number };
    expect(summary.objects).toBe(2000);
    expect(summary.unfinished).toBeGreaterThan(0);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dirname(objects))).toEqual(['objects.csv']);
  });
});

describe('metafield export: a run stopped before its objects are known', () => {
  // The listing --all reads its objects from fails for good: the run stops with nothing read.
  const s = useSandbox({ seed: 'demo', faults: ['GET /api/202412/collections 403', 'GET /api/202412/collections.json 403'] });

  it('--all whose listing is refused (403): exit 4, no --output file, and its report says stopped (not complete)', async () => {
    const dir = scratchDir();
    const output = join(dir, 'values.csv');
    const report = join(dir, 'report.json');
    const r = await cli(exportArgs('--all', '--output', output, '--report', `json=${report}`), { env: s.env });
    expect(r.code, r.stderr).toBe(4);
    expect(existsSync(output)).toBe(false);
    const json = JSON.parse(readFileSync(report, 'utf8')) as { command: string; shards: Array<{ outcome: string; rows: number }> };
    expect(json.command).toBe('metafield export');
    expect(json.shards).toEqual([expect.objectContaining({ outcome: 'stopped', rows: 0 })]);
  });
});
