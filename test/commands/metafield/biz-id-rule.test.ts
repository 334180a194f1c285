// One rule for a bizId, in one set of words: every metafield verb refuses a bad <bizId>
// before sending (exit 2), and the import rejects a row holding the same id with the same
// sentence, after its line number (exit 3). `.` and `..` would leave their path segment
// (the URL resolves them); empty ids, control characters and absurd lengths are mistakes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { csv, scratchFile } from './_import.js';
import { freshBizId, stored } from './_metafields.js';

/** Each bad id, and the words both places must use for it. */
const BAD: Array<[string, string, string]> = [
  ['empty', '', 'must not be empty'],
  ['only spaces', '   ', 'must not be empty'],
  ['.', '.', "cannot be '.' or '..' (a URL would read it as a directory step)"],
  ['..', '..', "cannot be '.' or '..' (a URL would read it as a directory step)"],
  ['.. in spaces', ' .. ', "cannot be '.' or '..' (a URL would read it as a directory step)"],
  ['a tab inside', '12\t34', 'must not contain control characters (tab, newline, escape...)'],
  ['a newline inside', '12\n34', 'must not contain control characters (tab, newline, escape...)'],
  ['an escape', '12\u001b[2J', 'must not contain control characters (tab, newline, escape...)'],
  ['DEL', '12\u007f', 'must not contain control characters (tab, newline, escape...)'],
  ['256 characters', '9'.repeat(256), 'must be at most 255 characters (got 256)'],
];

describe('the bizId rule, shared by the metafield verbs and the import rows', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const name = ['--namespace', 'custom', '--code', 'color'];
  const verbs: Array<[string, string[]]> = [
    ['set', [...name, '--value', 'red']],
    ['get', name],
    ['delete', [...name, '--yes']],
    ['list', []],
    ['count', []],
  ];

  for (const [verb, rest] of verbs) {
    it.each(BAD)(`metafield ${verb} refuses a bizId %s naming <bizId>, and sends nothing`, async (_what, bizId, problem) => {
      log.clear();
      const r = await cli(['metafield', verb, 'products', bizId, ...rest], { env: s.env });
      expectUsageError(r, '<bizId>');
      expect(r.stderr.split('\n')[0]).toBe(`error: <bizId> ${problem}.`);
      expect(await log.take()).toEqual([]);
    });
  }

  it('a bizId of 255 characters and one with inner spaces pass the check (the store decides)', async () => {
    for (const bizId of ['9'.repeat(255), 'a b']) {
      const r = await cli(['metafield', 'count', 'products', bizId], { env: s.env });
      expect(r.stderr).not.toContain('<bizId>');
    }
  });

  it('import rejects each such row by its line with the same words (exit 3) and applies the others', async () => {
    const good = freshBizId();
    const file = scratchFile(
      'bad-ids.csv',
      csv([['products', good, 'custom', 'note', 'red'], ...BAD.map(([, bizId]) => ['products', bizId, 'custom', 'color', 'blue'])]),
    );
    const rejects = join(dirname(file), 'rejects.csv');
    log.clear();
    const r = await cli(['metafield', 'import', file, '--rejects', rejects], { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('line 3: the bizId must not be empty');
    // The header is line 1 and the good row line 2; the id holding a newline spans two lines.
    const rejected = parse(readFileSync(rejects), { columns: true }) as Array<Record<string, string>>;
    let line = 3;
    const expected = BAD.map(([, bizId, problem]) => {
      const row = { line: String(line), reason: `the bizId ${problem}` };
      line += bizId.includes('\n') ? 2 : 1;
      return row;
    });
    expect(rejected.map(({ line, reason }) => ({ line, reason }))).toEqual(expected);
    expect((await stored(s.sandbox, 'products', good, 'custom', 'note'))?.value).toBe('red');
    // Beside the domain's one definitions listing, only the good row's object is asked for.
    const writes = (await log.take()).filter((q) => !q.path.includes('/metafields/definitions/'));
    expect(writes.every((q) => q.path.includes(`/products/${good}`))).toBe(true);
  });
});
