// Every output a bulk run makes (--codes-out, --results, --rejects, each --report file,
// --output), checked together before anything is sent: two outputs that are one file under
// any name, an output that is the input, or one whose folder is missing is refused (exit 2)
// with no request sent and no file made; a refused run still writes its reports (outcome
// refused) to the outputs the refusal was not about; a file's pre-flight names every problem.
import { existsSync, linkSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseJunit } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../helpers/cli-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { call, freshCode, requestLog } from './_support.js';

const CARD_HEADER = 'code,initialValue,balance,currency,note,expireTime,customerId,status';

/** A folder holding a gift card file: one card with a code, one without (so --codes-out is needed). */
function cardFolder(): { dir: string; file: string } {
  const dir = scratchDir();
  const file = join(dir, 'cards.csv');
  writeFileSync(file, `${CARD_HEADER}\n${freshCode('O')},5,,,,,,\n,7,,,,,,\n`);
  return { dir, file };
}

interface JsonReport {
  command: string;
  shards: Array<{ outcome: string; reason: string | null; rows: number; requests: number }>;
}

describe('bulk outputs: checked together before anything is sent', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  it('giftcard import: --codes-out and another output that are one file (same name, ./F, a link) are refused; no request, no file', async () => {
    const { dir, file } = cardFolder();
    const codes = join(dir, 'codes.csv');
    for (const other of [
      ['--results', codes],
      ['--report', `json=${codes}`],
      ['--report', `junit=${join(dir, '.', 'codes.csv')}`],
      ['--rejects', join(dir, 'sub', '..', 'codes.csv')],
    ]) {
      log.clear();
      const result = await cli(['giftcard', 'import', file, '--codes-out', codes, ...other], { env: s.env });
      expect(result.code, other.join(' ')).toBe(2);
      expect(result.stderr).toMatch(
        /^error: --\S+ .*codes\.csv and --\S+ .*codes\.csv are the same file: the generated codes would be lost; give two files\. Nothing was sent\.\n/,
      );
      expect(await log.take()).toEqual([]);
      expect(readdirSync(dir)).toEqual(['cards.csv']);
    }
  });

  it('an existing output under another name (a symlink, a hard link, ./F) is one file with it', async () => {
    const { dir, file } = cardFolder();
    const results = join(dir, 'results.csv');
    writeFileSync(results, 'kept\n');
    symlinkSync(results, join(dir, 'link.csv'));
    linkSync(results, join(dir, 'hard.csv'));
    for (const other of [
      ['--report', `json=${join(dir, 'link.csv')}`],
      ['--rejects', join(dir, 'hard.csv')],
      ['--report', `markdown=${dir}/./results.csv`],
    ]) {
      log.clear();
      const result = await cli(['giftcard', 'import', file, '--codes-out', join(dir, 'codes.csv'), '--results', results, ...other], { env: s.env });
      expect(result.code, other.join(' ')).toBe(2);
      expect(result.stderr).toContain('are the same file; give two files. Nothing was sent.');
      expect(await log.take()).toEqual([]);
      expect(readFileSync(results, 'utf8')).toBe('kept\n');
      expect(existsSync(join(dir, 'codes.csv'))).toBe(false);
    }
  });

  it('an output that is the file imported is refused, naming it, whatever output it is', async () => {
    const { dir, file } = cardFolder();
    symlinkSync(file, join(dir, 'input-link.csv'));
    for (const other of [
      ['--codes-out', file],
      ['--report', `junit=${join(dir, 'input-link.csv')}`],
      ['--results', join(dir, '.', 'cards.csv')],
    ]) {
      log.clear();
      const result = await cli(['giftcard', 'import', file, ...(other[0] === '--codes-out' ? [] : ['--codes-out', join(dir, 'codes.csv')]), ...other], {
        env: s.env,
      });
      expect(result.code, other.join(' ')).toBe(2);
      expect(result.stderr).toContain(`is the file being imported (${file}): writing it would destroy the input; give another file. Nothing was sent.`);
      expect(await log.take()).toEqual([]);
    }
    expect(readFileSync(file, 'utf8').startsWith(CARD_HEADER)).toBe(true);
  });

  it('discount import: --codes-out F --rejects F is refused before anything is sent', async () => {
    const reply = await call(s.sandbox, 'POST', '/discounts', {
      discount: { title: 'Outputs', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' },
    });
    const discountId = String(JSON.parse(reply.text).discount.id);
    const dir = scratchDir();
    const file = join(dir, 'codes.csv');
    writeFileSync(file, 'code\n\nKEEP-THIS-1\n');
    const out = join(dir, 'new-codes.csv');
    log.clear();
    const result = await cli(['discount', 'import', file, '--like', discountId, '--codes-out', out, '--rejects', `${dir}/./new-codes.csv`], { env: s.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('are the same file: the generated codes would be lost');
    expect(await log.take()).toEqual([]);
    expect(readdirSync(dir)).toEqual(['codes.csv']);
  });

  it('discount import: the pre-flight names every problem too, each row in --rejects', async () => {
    const reply = await call(s.sandbox, 'POST', '/discounts', {
      discount: { title: 'Problems', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' },
    });
    const discountId = String(JSON.parse(reply.text).discount.id);
    const dir = scratchDir();
    const file = join(dir, 'codes.csv');
    writeFileSync(file, 'code\nGOOD-CODE-1\nno spaces allowed\nX\ngood-code-1\n');
    const rejects = join(dir, 'rejects.csv');
    log.clear();
    const result = await cli(['discount', 'import', file, '--like', discountId, '--rejects', rejects], { env: s.env });
    expect(result.code).toBe(2);
    // The --like discount is read (its settings fill the rows), nothing is written.
    expect((await log.take()).filter((request) => request.method !== 'GET')).toEqual([]);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`error: ${file} has 3 problems (each with its row in ${rejects}); nothing was sent:`);
    expect(lines.slice(1).map((line) => line.replace(/:.*/, ''))).toEqual(['  line 3', '  line 4', '  line 5']);
    expect(lines[3]).toContain('repeats a code of line 2');
    const rows = parseCsv(readFileSync(rejects), { columns: true }) as Array<{ line: string; code: string }>;
    expect(rows.map((row) => [row.line, row.code])).toEqual([
      ['3', 'no spaces allowed'],
      ['4', 'X'],
      ['5', 'good-code-1'],
    ]);
  });

  it('a --report or --results whose folder is missing is refused before any request, not found after the writes', async () => {
    const { dir, file } = cardFolder();
    for (const [flag, value, named] of [
      ['--report', `json=${join(dir, 'missing', 'r.json')}`, `--report json=${join(dir, 'missing', 'r.json')}`],
      ['--results', join(dir, 'missing', 'r.csv'), `--results ${join(dir, 'missing', 'r.csv')}`],
    ] as const) {
      log.clear();
      const result = await cli(['giftcard', 'import', file, '--codes-out', join(dir, 'codes.csv'), flag, value], { env: s.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`error: ${named}: its folder ${join(dir, 'missing')} does not exist. Nothing was sent.\n`);
      expect(await log.take()).toEqual([]);
      expect(readdirSync(dir)).toEqual(['cards.csv']);
    }
  });

  it('a refused run writes its reports (outcome refused, the reason as one error case), but none to an output the refusal is about', async () => {
    const dir = scratchDir();
    const file = join(dir, 'cards.csv');
    writeFileSync(file, `${CARD_HEADER}\n${freshCode('B')},not-an-amount,,,,,,\n`);
    log.clear();
    const refused = await cli(['giftcard', 'import', file, '--report', `junit=${join(dir, 'j.xml')}`, '--report', `json=${join(dir, 'r.json')}`], {
      env: s.env,
    });
    expect(refused.code).toBe(2);
    expect(await log.take()).toEqual([]);
    const junit = (await parseJunit(readFileSync(join(dir, 'j.xml'), 'utf8'))) as {
      tests: number;
      failures: number;
      errors: number;
      testsuite: Array<{ testcase: Array<{ error?: Array<{ message: string }> }> }>;
    };
    expect(junit).toMatchObject({ tests: 1, failures: 0, errors: 1 });
    expect(junit.testsuite[0]!.testcase[0]!.error![0]!.message).toContain('line 2, column initialValue');
    const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as JsonReport;
    expect(json.shards).toEqual([
      expect.objectContaining({ outcome: 'refused', rows: 0, requests: 0, reason: expect.stringContaining('line 2, column initialValue') }),
    ]);

    // Refused over its outputs: the report that is no part of the clash is written, the clash's files are not.
    const codes = join(dir, 'codes.csv');
    const clash = await cli(['giftcard', 'import', file, '--codes-out', codes, '--report', `json=${codes}`, '--report', `json=${join(dir, 'other.json')}`], {
      env: s.env,
    });
    expect(clash.code).toBe(2);
    expect(existsSync(codes)).toBe(false);
    expect((JSON.parse(readFileSync(join(dir, 'other.json'), 'utf8')) as JsonReport).shards[0]).toMatchObject({
      outcome: 'refused',
      reason: expect.stringContaining('are the same file'),
    });
  });

  it('the pre-flight names every problem: 20 on stderr, the count of the rest, and every one with its row in --rejects', async () => {
    const dir = scratchDir();
    const file = join(dir, 'cards.csv');
    const bad = Array.from({ length: 26 }, (_, i) => `${freshCode('P')},${i + 1}.123,,,,,,`);
    writeFileSync(file, `${CARD_HEADER}\n${freshCode('G')},5,,,,,,\n${bad.join('\n')}\n`);
    const rejects = join(dir, 'rejects.csv');
    log.clear();
    const result = await cli(['giftcard', 'import', file, '--rejects', rejects], { env: s.env });
    expect(result.code).toBe(2);
    expect(await log.take()).toEqual([]);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`error: ${file} has 26 problems; nothing was sent:`);
    expect(lines.slice(1, 21)).toEqual(
      Array.from({ length: 20 }, (_, i) => `  line ${i + 3}, column initialValue: the initialValue "${i + 1}.123" has more than 2 decimals`),
    );
    expect(lines[21]).toBe(`  and 6 more problems, every one in ${rejects}.`);
    const rows = parseCsv(readFileSync(rejects), { columns: true }) as Array<{ line: string; reason: string }>;
    expect(rows.map((row) => row.line)).toEqual(Array.from({ length: 26 }, (_, i) => String(i + 3)));
    expect(rows[25]!.reason).toBe('the initialValue "26.123" has more than 2 decimals');
    // Without --rejects: where to find the rest.
    const bare = await cli(['giftcard', 'import', file], { env: s.env });
    expect(bare.stderr).toContain('  and 6 more problems (give --rejects FILE to get every one, with its row).');
  });
});

describe('export files that hold personal data are private', () => {
  const s = useSandbox({ seed: 'demo' });

  it("order export --output is 0600 (buyers' emails), even over an older partial file; a product export is not", async () => {
    const dir = scratchDir();
    const orders = join(dir, 'orders.csv');
    const result = await cli(['order', 'export', '--since', '2000-01-01', '--output', orders], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(orders, 'utf8')).toContain('@');
    expect(statSync(orders).mode & 0o777).toBe(0o600);
    // An older file of another mode under the partial's name is made private too.
    writeFileSync(`${orders}.partial`, 'old', { mode: 0o644 });
    const again = await cli(['order', 'export', '--since', '2000-01-01', '--output', orders], { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(statSync(orders).mode & 0o777).toBe(0o600);
    const products = join(dir, 'products.csv');
    expect((await cli(['product', 'export', '--output', products], { env: s.env })).code).toBe(0);
    expect(statSync(products).mode & 0o077).not.toBe(0);
  });

  it("metafield export of customers' values is 0600", async () => {
    const dir = scratchDir();
    const output = join(dir, 'values.csv');
    const result = await cli(['metafield', 'export', '7300000000000000101', '--domain', 'customers', '--output', output], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(output).mode & 0o777).toBe(0o600);
  });
});
