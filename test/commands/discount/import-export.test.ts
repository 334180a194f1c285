// discount import and export over real HTTP, against sandboxes started here, in both
// dialects. The codes are read back straight from the sandbox (never through the CLI under
// test), and the request log says what the CLI sent.
import { readFileSync, statSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useLossyProxy } from '../../helpers/lossy-proxy.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, requestLog, type Reply } from '../_support.js';
import { csv, scratchFile } from '../metafield/_import.js';
import { SimClock } from '../../bulk/sim-clock.js';
import type { Clock } from '../../../src/core/clock.js';

const AUTOMATIC = '6100000000000000047';

/** A direct request that sees through the sandbox's injected faults (500, 503, 429, reset connections). */
async function steadyCall(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    const reply = await call(sandbox, method, path, body).catch(() => undefined);
    if (reply && ![429, 500, 503].includes(reply.status)) return reply;
    if (attempt >= 30) throw new Error(`${method} ${path} kept failing`);
  }
}

/** Every code of a discount, through the sandbox's own listing (faults seen through). */
async function codesOf(sandbox: RunningSandbox, discountId: string): Promise<string[]> {
  const codes: string[] = [];
  let path: string | undefined = `/discounts/${discountId}/codes?limit=250`;
  while (path) {
    const reply = await steadyCall(sandbox, 'GET', path);
    codes.push(...(JSON.parse(reply.text) as { discountCodes: Array<{ code: string }> }).discountCodes.map((code) => code.code));
    path = /<\s*[^>]*(\/discounts\/\d+\/codes\?[^>\s]*)\s*>;\s*rel="?next/.exec(reply.headers.get('link') ?? '')?.[1];
  }
  return codes;
}

/** A new code discount on the sandbox: its id. */
async function codeDiscount(sandbox: RunningSandbox): Promise<string> {
  const reply = await steadyCall(sandbox, 'POST', '/discounts', {
    discount: { title: 'Promotion', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' },
  });
  return String(JSON.parse(reply.text).discount.id);
}

let counter = 0;
const codes = (count: number, prefix = 'PROMO') => Array.from({ length: count }, () => `${prefix}-${String((counter += 1)).padStart(6, '0')}`);
const codeFile = (rows: string[], header = ['code']) =>
  scratchFile(
    'codes.csv',
    csv(
      rows.map((code) => [code]),
      header,
    ),
  );

const importJson = async (args: string[], env: Record<string, string>, clock?: Clock) => {
  const result = await cli(['discount', 'import', ...args, '--json'], { env, ...(clock ? { clock } : {}) });
  return { ...result, summary: result.code === 0 || result.code === 3 ? JSON.parse(result.stdout) : undefined };
};

const writes = (requests: Array<{ method: string }>) => requests.filter((r) => r.method !== 'GET');

describe.each(DIALECTS)('discount import and export (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });

  it('fresh: adds every code; a re-run sends no write and changes nothing', async () => {
    const discountId = await codeDiscount(s.sandbox);
    const wanted = codes(300);
    const file = codeFile(wanted);
    log.clear();
    const first = await importJson([file, '--discount', discountId], s.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.summary).toMatchObject({ rows: 300, created: 300, unchanged: 0, failed: 0 });
    expect(writes(await log.take())).toHaveLength(300);
    expect((await codesOf(s.sandbox, discountId)).sort()).toEqual([...wanted].sort());

    log.clear();
    const rerun = await importJson([file, '--discount', discountId], s.env);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.summary).toMatchObject({ rows: 300, created: 0, unchanged: 300, failed: 0 });
    const requests = await log.take();
    expect(writes(requests)).toEqual([]);
    // One read of the discount, two pages of its codes: nothing per code.
    expect(requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)).toEqual([`GET /api/202412/discounts/${discountId}`, ...Array(2).fill(`GET /api/202412/discounts/${discountId}/codes`)]);
    expect(await codesOf(s.sandbox, discountId)).toHaveLength(300);
  });

  it('--dry-run plans (to create, unchanged) and writes nothing', async () => {
    const discountId = await codeDiscount(s.sandbox);
    const [kept, ...fresh] = codes(4);
    await steadyCall(s.sandbox, 'POST', `/discounts/${discountId}/codes`, { discountCode: { code: kept } });
    log.clear();
    const dry = await cli(['discount', 'import', codeFile([kept!.toLowerCase(), ...fresh]), '--discount', discountId, '--dry-run'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('3 to create, 0 to update, 1 unchanged, 0 failed');
    expect(writes(await log.take())).toEqual([]);
    expect(await codesOf(s.sandbox, discountId)).toEqual([kept]);
  });

  it('rows without a code get generated codes, written only to a new --codes-out file (0600), which is required', async () => {
    const discountId = await codeDiscount(s.sandbox);
    const [given] = codes(1);
    const file = scratchFile('blanks.csv', `code\n${given}\n""\n""\n`);
    log.clear();
    const refused = await cli(['discount', 'import', file, '--discount', discountId], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 rows have no code (the first: line 3): pass --codes-out FILE');
    expect(await log.take()).toEqual([]);
    const out = `${file}.codes.csv`;
    const r = await importJson([file, '--discount', discountId, '--codes-out', out], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ rows: 3, created: 3, failed: 0 });
    expect(r.stderr).toContain(`2 codes were generated for rows without one: they are in ${out} (mode 0600), and nowhere else.`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const generated = parse(readFileSync(out, 'utf8'), { columns: true }) as Array<{ line: string; code: string }>;
    expect(generated.map((row) => row.line)).toEqual(['3', '4']);
    for (const row of generated) expect(row.code).toMatch(/^[A-Z2-9]{16}$/);
    // Nowhere else: not on stdout, not on stderr.
    for (const row of generated) expect(r.stdout + r.stderr).not.toContain(row.code);
    expect((await codesOf(s.sandbox, discountId)).sort()).toEqual([given!, ...generated.map((row) => row.code)].sort());
    // The codes file imports as it is: nothing to do.
    const again = await importJson([out, '--discount', discountId], s.env);
    expect(again.summary).toMatchObject({ rows: 2, created: 0, unchanged: 2 });
    // It is never written over.
    const exists = await cli(['discount', 'import', file, '--discount', discountId, '--codes-out', out], { env: s.env });
    expect(exists.code).toBe(2);
    expect(exists.stderr).toContain('exists already');
  });

  it('refuses a damaged file whole (exit 2, nothing sent), naming the line', async () => {
    const discountId = await codeDiscount(s.sandbox);
    log.clear();
    for (const [content, message] of [
      ['code\nGOOD-CODE\nbad code\n', 'line 3: the code contains spaces'],
      ['code\nREPEAT-1\nrepeat-1\n', 'line 3: the code repeats the code of line 2'],
      ['code\n1.23457E+11\n', 'scientific notation'],
      ['code\nAB\n', 'is not 3 to 50 letters, digits, - or _'],
      ['coupon\nX\n', 'unknown column "coupon"'],
    ] as const) {
      const r = await cli(['discount', 'import', scratchFile('bad.csv', content), '--discount', discountId], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
      expectNoStackTrace(r.stderr);
    }
    expect(await log.take()).toEqual([]);
    const automatic = await cli(['discount', 'import', codeFile(codes(1)), '--discount', AUTOMATIC], { env: s.env });
    expect(automatic.code).toBe(2);
    expect(automatic.stderr).toContain('applies automatically (AUTOMATIC_DISCOUNT): it takes no codes');
    expect(writes(await log.take())).toEqual([]);
  });

  it('a code another discount holds fails its row (exit 3, in --rejects); the others are added', async () => {
    const [mine, theirs] = [await codeDiscount(s.sandbox), await codeDiscount(s.sandbox)];
    const [taken, free] = codes(2);
    await steadyCall(s.sandbox, 'POST', `/discounts/${theirs}/codes`, { discountCode: { code: taken } });
    const rejects = scratchFile('rejects.csv', '');
    const r = await importJson([codeFile([taken!, free!]), '--discount', mine, '--rejects', rejects], s.env);
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ rows: 2, created: 1, failed: 1 });
    const rejected = parse(readFileSync(rejects, 'utf8'), { columns: true }) as Array<{ line: string; code: string; reason: string }>;
    expect(rejected).toEqual([{ line: '2', code: taken, reason: expect.stringContaining('another discount holds it') }]);
    expect(await codesOf(s.sandbox, mine)).toEqual([free]);
  });

  it('reads stdin; export writes CSV that imports into another discount as it is, or JSON lines', async () => {
    const from = await codeDiscount(s.sandbox);
    const wanted = codes(5, 'STDIN');
    const r = await cli(['discount', 'import', '-', '--discount', from, '--json'], {
      env: s.env,
      stdin: csv(
        wanted.map((code) => [code]),
        ['code'],
      ),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 5, created: 5 });

    const exported = await cli(['discount', 'export', '--discount', from], { env: s.env });
    expect(exported.code, exported.stderr).toBe(0);
    const rows = parse(exported.stdout, { columns: true }) as Array<{ code: string; usageCount: string }>;
    expect(rows.map((row) => row.code)).toEqual(wanted);
    expect(rows.every((row) => row.usageCount === '0')).toBe(true);
    expect(exported.stdout.split('\n')[0]).toBe('code,usageCount,createTime');

    const jsonl = await cli(['discount', 'export', '--discount', from, '--format', 'jsonl'], { env: s.env });
    const lines = jsonl.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.code)).toEqual(wanted);
    expect(lines[0]).toMatchObject({ discountId: from, usageCount: 0 });

    // The export is an import file: into another discount the codes are taken (codes are unique in the store).
    const out = scratchFile('export.csv', '');
    expect((await cli(['discount', 'export', '--discount', from, '--output', out], { env: s.env })).code).toBe(0);
    const same = await importJson([out, '--discount', from], s.env);
    expect(same.summary).toMatchObject({ rows: 5, created: 0, unchanged: 5 });
  });
});

describe('discount import under faults', () => {
  const log = requestLog();
  const s = useSandbox({ failRate: 0.2, failSeed: 2121, onRequest: log.hook });
  // The retries' backoffs and Retry-After waits go by a simulated clock.
  const clock = new SimClock().autoAdvance();

  it('loses and duplicates nothing: every code once, whatever the store dropped', { timeout: 120_000 }, async () => {
    const discountId = await codeDiscount(s.sandbox);
    const wanted = codes(200, 'FAULT');
    const file = codeFile(wanted);
    let result = await importJson([file, '--discount', discountId, '--concurrency', '4'], s.env, clock);
    // A run may leave rows failed after its retries; a re-run finishes the job.
    for (let run = 0; run < 3 && result.code !== 0; run++) result = await importJson([file, '--discount', discountId, '--concurrency', '4'], s.env, clock);
    expect(result.code, result.stderr).toBe(0);
    expect(result.summary.failed).toBe(0);
    const stored = await codesOf(s.sandbox, discountId);
    expect(stored).toHaveLength(200);
    expect([...stored].sort()).toEqual([...wanted].sort());
  });
});

describe('discount import when the store adds a code but the answer is lost', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'none', onRequest: log.hook });
  const proxy = useLossyProxy(() => s.sandbox);
  // The backoffs before each resend go by a simulated clock.
  const clock = new SimClock().autoAdvance();

  it('every third answer to an add lost: each code is added once and counted created; a re-run sends no write', { timeout: 60_000 }, async () => {
    const discountId = await codeDiscount(s.sandbox);
    const path = `/api/202412/discounts/${discountId}/codes`;
    let adds = 0;
    proxy.use((request) => request.method === 'POST' && request.path === path && ++adds % 3 === 1);
    const wanted = codes(30, 'LOST');
    const file = codeFile(wanted);
    log.clear();
    const r = await importJson([file, '--discount', discountId, '--concurrency', '2'], proxy.env, clock);
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ rows: 30, created: 30, unchanged: 0, failed: 0 });
    expect(proxy.lost).toBeGreaterThanOrEqual(10);
    // Each lost answer was resent, refused as taken (409), and the code found on the discount.
    const requests = await log.take();
    const posts = requests.filter((q) => q.method === 'POST');
    expect(posts.filter((q) => q.status === 409)).toHaveLength(proxy.lost);
    expect(posts.filter((q) => q.status < 300)).toHaveLength(30);
    const stored = await codesOf(s.sandbox, discountId);
    expect([...stored].sort()).toEqual([...wanted].sort());

    proxy.use(() => false);
    log.clear();
    const rerun = await importJson([file, '--discount', discountId], proxy.env, clock);
    expect(rerun.summary).toMatchObject({ rows: 30, created: 0, unchanged: 30 });
    expect(writes(await log.take())).toEqual([]);
  });
});

describe('discount import into a discount with far more codes than the file has rows', () => {
  const log = requestLog();
  const many = Array.from({ length: 600 }, (_, i) => `MANY-${String(i).padStart(4, '0')}`);
  const s = useSandbox({
    seed: { discounts: [{ id: '6300000000000000001', title: 'Big', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '5', discountMethod: 'CODE_DISCOUNT', codes: many }] },
    onRequest: log.hook,
  });

  it('asks about each code (one GET) instead of reading its 3 pages; a re-run still sends no write', async () => {
    const file = codeFile(['MANY-0007', 'FEW-0001']);
    log.clear();
    const first = await importJson([file, '--discount', '6300000000000000001'], s.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.summary).toMatchObject({ rows: 2, created: 1, unchanged: 1 });
    const requests = (await log.take()).map((q) => `${q.method} ${q.path.replace(/\?.*/, '')}`);
    expect(requests.filter((q) => q.startsWith('GET') && q.endsWith('/codes'))).toHaveLength(2);
    expect(writes(requests.map((q) => ({ method: q.split(' ')[0]! })))).toHaveLength(1);
    const rerun = await importJson([file, '--discount', '6300000000000000001'], s.env);
    expect(rerun.summary).toMatchObject({ rows: 2, created: 0, unchanged: 2 });
    expect(writes(await log.take())).toEqual([]);
  });
});
