// A bizId of `.` or `..` would leave its path segment (the URL resolves it), so every
// metafield verb refuses it before sending, and the import rejects such a row.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { csv, scratchFile } from './_import.js';
import { freshBizId, stored } from './_metafields.js';

describe('a bizId of . or ..', () => {
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
    for (const dots of ['.', '..']) {
      it(`metafield ${verb} refuses '${dots}' naming <bizId>, and sends nothing`, async () => {
        log.clear();
        const r = await cli(['metafield', verb, 'products', dots, ...rest], { env: s.env });
        expectUsageError(r, '<bizId>');
        expect(r.stderr).toContain("cannot be '.' or '..'");
        expect(await log.take()).toEqual([]);
      });
    }
  }

  it('import rejects such a row by its line (exit 3) and applies the others', async () => {
    const good = freshBizId();
    const file = scratchFile(
      'dots.csv',
      csv([
        ['products', good, 'custom', 'note', 'red'],
        ['products', '..', 'custom', 'color', 'blue'],
        ['products', '.', 'custom', 'color', 'green'],
      ]),
    );
    log.clear();
    const r = await cli(['metafield', 'import', file], { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/line 3: the bizId "\.\." cannot be '\.' or '\.\.'/);
    expect(r.stderr).toMatch(/line 4: the bizId "\." cannot be/);
    expect((await stored(s.sandbox, 'products', good, 'custom', 'note'))?.value).toBe('red');
    expect((await log.take()).every((q) => q.path.includes(`/products/${good}`))).toBe(true);
  });
});
