// discount export and import over real HTTP, against sandboxes started here, in both
// dialects: discounts as rows, one a discount with its code. Export, import into an empty
// store, export again: the same bytes (--no-ids); a re-run writes nothing; --like makes a
// campaign of copies from a file of codes; undo deletes what the run created and puts back
// what it changed, leaving a discount changed since alone. The store is read back straight
// from the sandbox, and its request log says what the CLI sent (no /codes path in the real
// dialect).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { brandEnv, DIALECTS, type DialectName } from '../../helpers/dialects.js';
import { scratchDir } from '../../helpers/scratch.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, type LoggedRequest } from '../_support.js';
import { scratchFile } from '../metafield/_import.js';

const SUMMER = '6100000000000000013';

/** A sandbox of the dialect for one test, its requests logged, and the env a run needs (a data dir of its own: undo reads the run's journal there). */
async function withStore<T>(
  dialect: DialectName,
  seed: 'demo' | 'none',
  work: (store: { sandbox: RunningSandbox; env: Record<string, string>; requests: LoggedRequest[] }) => Promise<T>,
): Promise<T> {
  const requests: LoggedRequest[] = [];
  const sandbox = await startSandbox({
    port: 0,
    dialect,
    seed,
    onRequest: (line) => requests.push({ method: line.method, path: line.path, status: line.status }),
  });
  const dir = scratchDir();
  const env = {
    STORE_CLI_BASE_URL: sandbox.baseUrl,
    STORE_CLI_TOKEN: sandbox.token,
    STORE_CLI_DATA_DIR: join(dir, 'data'),
    STORE_CLI_CONFIG_DIR: join(dir, 'config'),
    ...brandEnv(dialect),
  };
  try {
    return await work({ sandbox, env, requests });
  } finally {
    await sandbox.close();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const writes = async (requests: LoggedRequest[]) => {
  await settle();
  return requests.filter((request) => request.method !== 'GET');
};

const summaryOf = async (args: string[], env: Record<string, string>) => {
  const result = await cli(['discount', 'import', ...args, '--json'], { env });
  return { ...result, summary: result.code === 0 || result.code === 3 ? JSON.parse(result.stdout) : undefined };
};

/** A discount straight from the sandbox, by id. */
const stored = async (sandbox: RunningSandbox, id: string) => JSON.parse((await call(sandbox, 'GET', `/discounts/${id}`)).text).discount;

/** Every discount of the sandbox, straight from its listing. */
async function listed(sandbox: RunningSandbox): Promise<Array<Record<string, any>>> {
  return JSON.parse((await call(sandbox, 'GET', '/discounts?limit=250')).text).discounts;
}

const idOf = (discount: Record<string, any>) => String(discount.discountId ?? discount.id);

describe.each(DIALECTS)('discount export and import (%s dialect)', (dialect) => {
  it('export, import into an empty store, export again: the same bytes with --no-ids; a re-run writes nothing', { timeout: 60_000 }, () =>
    withStore(dialect, 'demo', (from) =>
      withStore(dialect, 'none', async (to) => {
        if (dialect === 'service') {
          // A service discount may hold several codes: one cell, ; between them.
          const made = await call(from.sandbox, 'POST', '/discounts', {
            discount: { title: 'Many codes', discountType: 'ORDER_DISCOUNT', valueType: 'FIXED_AMOUNT_OFF', value: '3.50', discountMethod: 'CODE_DISCOUNT' },
          });
          const id = JSON.parse(made.text).discount.id;
          for (const code of ['MANY-2', 'many-1']) await call(from.sandbox, 'POST', `/discounts/${id}/codes`, { discountCode: { code } });
        }
        const withIds = await cli(['discount', 'export'], { env: from.env });
        expect(withIds.code, withIds.stderr).toBe(0);
        expect(withIds.stdout.split('\n')[0]).toBe(
          'code,discountId,title,discountType,valueType,value,discountMethod,eligibility,segmentIds,status,startTime,endTime,usageLimit,oncePerCustomer',
        );
        const first = await cli(['discount', 'export', '--no-ids'], { env: from.env });
        expect(first.code, first.stderr).toBe(0);
        const rows = parse(first.stdout, { columns: true }) as Array<Record<string, string>>;
        expect(rows.map((row) => [row.code, row.title, row.discountMethod, row.status])).toEqual([
          ['', '5.00 off every T-shirt', 'AUTOMATIC_DISCOUNT', 'ENABLED'],
          ...(dialect === 'service' ? [['many-1;MANY-2', 'Many codes', 'CODE_DISCOUNT', 'ENABLED']] : []),
          ['SHIPFREE', 'Free shipping for members', 'CODE_DISCOUNT', 'DISABLED'],
          ['SUMMER15', 'Summer sale: 15% off orders', 'CODE_DISCOUNT', 'ENABLED'],
        ]);
        expect(rows.find((row) => row.code === 'SHIPFREE')).toMatchObject({ eligibility: 'SEGMENT', segmentIds: '7700000000000000011' });

        const file = scratchFile('discounts.csv', first.stdout);
        const imported = await summaryOf([file], to.env);
        expect(imported.code, imported.stderr).toBe(0);
        expect(imported.summary).toMatchObject({ rows: rows.length, created: rows.length, updated: 0, failed: 0 });
        const again = await cli(['discount', 'export', '--no-ids'], { env: to.env });
        expect(again.stdout).toBe(first.stdout);
        // The disabled one was made, then disabled.
        const shipping = (await listed(to.sandbox)).find((discount) => discount.title === 'Free shipping for members')!;
        expect(shipping.status).toBe('DISABLED');

        to.requests.length = 0;
        const rerun = await summaryOf([file], to.env);
        expect(rerun.code, rerun.stderr).toBe(0);
        expect(rerun.summary).toMatchObject({ rows: rows.length, created: 0, updated: 0, unchanged: rows.length, failed: 0 });
        expect(await writes(to.requests)).toEqual([]);
        if (dialect === 'real') expect([...from.requests, ...to.requests].filter((request) => /\/codes\b|\/count\b/.test(request.path))).toEqual([]);
      }),
    ),
  );

  it(
    '--like: a file of codes makes a copy of the discount each, titled with its code; a re-run writes nothing; blank rows get codes in --codes-out',
    { timeout: 60_000 },
    () =>
      withStore(dialect, 'demo', async ({ sandbox, env, requests }) => {
        const codes = ['CAMP0001', 'camp0002', 'CAMP0003'];
        const file = scratchFile('codes.csv', `code\n${codes.join('\n')}\n""\n`);
        const refused = await cli(['discount', 'import', file, '--like', 'SUMMER15'], { env });
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain(
          'line 5: the row has neither a code nor a title: a copy of the --like discount needs one to be told from it (or --codes-out, for a code made for it)',
        );
        const out = join(scratchDir(), 'generated.csv');
        const made = await summaryOf([file, '--like', 'SUMMER15', '--codes-out', out], env);
        expect(made.code, made.stderr).toBe(0);
        expect(made.summary).toMatchObject({ rows: 4, created: 4, failed: 0 });
        expect(statSync(out).mode & 0o777).toBe(0o600);
        const generated = (parse(readFileSync(out, 'utf8'), { columns: true }) as Array<{ line: string; code: string }>)[0]!;
        expect(generated).toEqual({ line: '5', code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
        expect(made.stdout + made.stderr).not.toContain(generated.code);

        const all = await listed(sandbox);
        const template = await stored(sandbox, SUMMER);
        for (const code of [...codes, generated.code]) {
          const copy = all.find((discount) => discount.title === `Summer sale: 15% off orders ${code}`);
          expect(copy, code).toBeDefined();
          // Every setting of the template, its own code.
          for (const field of ['valueType', 'value', 'eligibility', 'startTime', 'endTime', 'usageLimit', 'oncePerCustomer', 'status'])
            expect(copy![field], field).toEqual(template[field]);
          if (dialect === 'real')
            expect(copy!.promotionType).toEqual({ ...template.promotionType, generateType: { ...template.promotionType.generateType, discountCode: code } });
          else
            expect(
              JSON.parse((await call(sandbox, 'GET', `/discounts/${idOf(copy!)}/codes`)).text).discountCodes.map((one: { code: string }) => one.code),
            ).toEqual([code]);
        }
        requests.length = 0;
        const rerun = await summaryOf([out, '--like', SUMMER], env);
        expect(rerun.summary).toMatchObject({ rows: 1, created: 0, unchanged: 1 });
        const again = await summaryOf([file, '--like', 'summer15', '--codes-out', join(scratchDir(), 'more.csv')], env);
        expect(again.summary).toMatchObject({ rows: 4, created: 1, unchanged: 3 });
        expect((await writes(requests)).filter((request) => request.method === 'POST' && request.path === '/api/202412/discounts')).toHaveLength(1);
        // The template's own code is the template itself, not a copy.
        const self = await summaryOf([scratchFile('self.csv', 'code\nSUMMER15\n'), '--like', SUMMER], env);
        expect(self.code).toBe(3);
        const missing = await cli(['discount', 'import', file, '--like', 'NOSUCH99'], { env });
        expect(missing.code).toBe(2);
        expect(missing.stderr).toContain('--like NOSUCH99: no discount of the store has this id or code');
      }),
  );

  it('a code discount row without a code and without --codes-out is known by its title: made without one (Genstore generates it), found by its title again', () =>
    withStore(dialect, 'none', async ({ sandbox, env, requests }) => {
      const file = scratchFile('titled.csv', 'code,title,discountType,valueType,value\n,Store made code,order,fixed,5\n');
      const made = await summaryOf([file], env);
      expect(made.code, made.stderr).toBe(0);
      expect(made.summary).toMatchObject({ created: 1 });
      const [discount] = await listed(sandbox);
      if (dialect === 'real') expect(discount!.promotionType.generateType.discountCode).toMatch(/^[A-Z0-9]{8}$/);
      else expect(discount!.codesCount).toBe(0);
      requests.length = 0;
      expect((await summaryOf([file], env)).summary).toMatchObject({ created: 0, unchanged: 1 });
      expect(await writes(requests)).toEqual([]);
    }));

  it(
    'updates what differs (fields by PUT, the status by /status), refuses a row it cannot make, and a bad file whole; --dry-run plans and writes nothing',
    { timeout: 60_000 },
    () =>
      withStore(dialect, 'demo', async ({ sandbox, env, requests }) => {
        const header = 'code,title,discountType,valueType,value,discountMethod,status,startTime,endTime';
        // The last row is the automatic discount, by its title: no method given, none to change.
        const rows = [
          header,
          'summer15,,,,20,,disabled,,2026-09-30',
          'LACKING1,,,,,,,,',
          `NEWCODE1,New one,order,percentage,5,,,2026-12-01,2026-12-10`,
          ',5.00 off every T-shirt,,,6.00,,,,',
        ];
        const file = scratchFile('changes.csv', rows.join('\n'));
        requests.length = 0;
        const dry = await cli(['discount', 'import', file, '--dry-run'], { env });
        expect(dry.code).toBe(3);
        expect(dry.stderr).toContain('1 to create, 2 to update, 0 unchanged, 1 failed');
        expect(await writes(requests)).toEqual([]);
        const rejects = join(scratchDir(), 'rejects.csv');
        const r = await summaryOf([file, '--rejects', rejects], env);
        expect(r.code, r.stderr).toBe(3);
        expect(r.summary).toMatchObject({ rows: 4, created: 1, updated: 2, failed: 1 });
        expect((await stored(sandbox, '6100000000000000047')).value).toBe('6.00');
        const rejected = parse(readFileSync(rejects, 'utf8'), { columns: true }) as Array<{ line: string; code: string; reason: string }>;
        expect(rejected.map((row) => [row.line, row.code])).toEqual([['3', 'LACKING1']]);
        expect(rejected[0]!.reason).toBe(
          'the discount is not on the store, and the row lacks its title, discountType, valueType, value to make it (or --like DISCOUNT to copy them)',
        );
        const summer = await stored(sandbox, SUMMER);
        expect(summer).toMatchObject({ value: '20', status: 'DISABLED', endTime: dialect === 'real' ? '2026-09-30T23:59:59.000' : '2026-09-30T23:59:59Z' });
        const paths = (await writes(requests)).map((request) => `${request.method} ${request.path.replace(/\d{19}/, 'ID')}`);
        expect(paths).toEqual(expect.arrayContaining(['PUT /api/202412/discounts/ID', 'PUT /api/202412/discounts/ID/status', 'POST /api/202412/discounts']));
        const made = (await listed(sandbox)).find((discount) => discount.title === 'New one')!;
        expect(made).toMatchObject({ startTime: dialect === 'real' ? '2026-12-01T00:00:00.000' : '2026-12-01T00:00:00Z' });

        requests.length = 0;
        for (const [content, message] of [
          ['code,title\nDUPLICAT,One\nduplicat,Two\n', 'line 3: the code duplicat repeats a code of line 2'],
          ['code,value\nGOODCODE,ten\n', 'line 2: the value "ten" is not an amount'],
          ['code,value\nGOODCODE,1.5E+3\n', 'line 2: the value "1.5E+3" is in scientific notation'],
          ['code,valueType,value\nGOODCODE,percentage,150\n', 'line 2: the value 150 is a percentage above 100'],
          ['code,startTime,endTime\nGOODCODE,2026-12-11,2026-12-10\n', 'is not before the endTime'],
          ['code,endTime\nGOODCODE,01/05/2026\n', 'a spreadsheet date'],
          [dialect === 'real' ? 'code\nNOT-EIGHT\n' : 'code\nNO SPACE\n', dialect === 'real' ? 'is not 8 letters and digits' : 'contains spaces'],
          ['coupon\nX\n', 'unknown column "coupon"'],
          ['code,discountMethod\nSHIPFREE,automatic\n', 'line 2: the row gives a code, and an AUTOMATIC_DISCOUNT applies without one'],
        ] as const) {
          const bad = await cli(['discount', 'import', scratchFile('bad.csv', content)], { env });
          expect(bad.code, bad.stderr).toBe(2);
          expect(bad.stderr).toContain(message);
          expectNoStackTrace(bad.stderr);
        }
        expect(await writes(requests)).toEqual([]);
      }),
  );

  it(
    'undo deletes what the run created and puts back what it changed; a discount changed since is left alone (exit 3) unless --force',
    { timeout: 60_000 },
    () =>
      withStore(dialect, 'demo', async ({ sandbox, env }) => {
        const before = (await cli(['discount', 'export', '--no-ids'], { env })).stdout;
        const file = scratchFile(
          'run.csv',
          [
            'code,title,discountType,valueType,value,status',
            'UNDO0001,Undo one,order,fixed,5,',
            'UNDO0002,Undo two,product,percentage,10,disabled',
            'SUMMER15,,,,25,disabled',
          ].join('\n'),
        );
        const run = await summaryOf([file], env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.summary).toMatchObject({ created: 2, updated: 1 });
        const { runId } = run.summary as { runId: string };
        expect(run.stderr).toContain(`Run ${runId}: undo with store-cli undo ${runId}`);
        const listedRuns = JSON.parse((await cli(['runs', '--json'], { env })).stdout) as Array<{ runId: string; undoable: boolean }>;
        expect(listedRuns.find((one) => one.runId === runId)).toMatchObject({ undoable: true });

        const planned = await cli(['undo', runId, '--dry-run'], { env });
        expect(planned.code, planned.stderr).toBe(0);
        expect(planned.stderr).toContain('to restore: 1');
        expect(planned.stderr).toContain('to delete (absent before the run): 2');
        const undone = await cli(['undo', runId, '--yes', '--json'], { env });
        expect(undone.code, undone.stderr).toBe(0);
        expect(JSON.parse(undone.stdout)).toMatchObject({ restored: 1, deleted: 2, leftAlone: 0 });
        expect((await cli(['discount', 'export', '--no-ids'], { env })).stdout).toBe(before);
        expect(JSON.parse((await cli(['undo', runId, '--yes', '--json'], { env })).stdout)).toMatchObject({ restored: 0, deleted: 0, asBefore: 3 });

        // A discount the run created, changed since: left alone, named; --force deletes it.
        const second = await summaryOf([scratchFile('second.csv', 'code,title,discountType,valueType,value\nUNDO0003,Undo three,order,fixed,5\n')], env);
        const made = (await listed(sandbox)).find((discount) => discount.title === 'Undo three')!;
        expect((await cli(['discount', 'update', idOf(made), '--value', '6'], { env })).code).toBe(0);
        const refused = await cli(['undo', second.summary.runId, '--yes'], { env });
        expect(refused.code, refused.stderr).toBe(3);
        expect(refused.stderr).toContain(
          `discount UNDO0003: created by the run (discount ${idOf(made)}), and changed since: deleting it would lose those changes`,
        );
        expect((await call(sandbox, 'GET', `/discounts/${idOf(made)}`)).status).toBe(200);
        const forced = await cli(['undo', second.summary.runId, '--yes', '--force'], { env });
        expect(forced.code, forced.stderr).toBe(0);
        expect((await call(sandbox, 'GET', `/discounts/${idOf(made)}`)).status).toBe(404);
      }),
  );
});

describe('discount import keeps the bulk contract (real dialect)', () => {
  const ROWS = [
    'code,title,discountType,valueType,value',
    'BULK0001,Bulk one,order,fixed,1',
    'BULK0002,Bulk two,order,fixed,2',
    'BULK0003,,,,',
    'BULK0004,Bulk four,order,fixed,4',
  ].join('\n');

  it('--all-or-nothing writes nothing while a row would be rejected; --max-rejects stops the writes; --shard splits the file without overlap; --results says each row', () =>
    withStore('real', 'none', async ({ sandbox, env, requests }) => {
      const file = scratchFile('bulk.csv', ROWS);
      const whole = await summaryOf([file, '--all-or-nothing'], env);
      expect(whole.code).toBe(3);
      expect(await writes(requests)).toEqual([]);
      expect(whole.stderr).toContain('nothing was written (all or nothing)');

      const results = join(scratchDir(), 'results.csv');
      const first = await summaryOf([scratchFile('half.csv', ROWS), '--shard', '1/2', '--results', results], env);
      const second = await summaryOf([file, '--shard', '2/2', '--max-rejects', '0'], env);
      expect(first.summary.rows + second.summary.rows).toBe(4);
      expect(first.summary.created + second.summary.created).toBe(3);
      const lines = parse(readFileSync(results, 'utf8'), { columns: true }) as Array<{ line: string; key: string; action: string; id: string }>;
      expect(lines.length).toBe(first.summary.rows);
      for (const line of lines) {
        expect(line.key).toMatch(/^BULK000\d$/);
        if (line.action === 'created') expect(line.id).toMatch(/^\d{19}$/);
      }
      expect((await listed(sandbox)).map((discount) => discount.title).sort()).toEqual(['Bulk four', 'Bulk one', 'Bulk two']);
    }));
});

describe('discount import: a code added to a service discount the run did not make', () => {
  it('is journaled and said by undo as not undoable (the API deletes no code): exit 3, the code stays', () =>
    withStore('service', 'demo', async ({ sandbox, env }) => {
      const run = await summaryOf([scratchFile('more.csv', 'code\nSUMMER15;SUMMER-EXTRA\n')], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.summary).toMatchObject({ updated: 1 });
      const undo = await cli(['undo', run.summary.runId, '--yes'], { env });
      expect(undo.code).toBe(3);
      expect(undo.stderr).toContain(`discount ${SUMMER} code SUMMER-EXTRA: the API deletes no discount code`);
      const codes = JSON.parse((await call(sandbox, 'GET', `/discounts/${SUMMER}/codes`)).text).discountCodes.map((one: { code: string }) => one.code);
      expect(codes).toEqual(['SUMMER15', 'SUMMER-EXTRA']);
    }));
});
