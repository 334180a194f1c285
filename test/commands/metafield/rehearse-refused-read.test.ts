// --rehearse when the store refuses the read of one object of the file (a bizId it does not
// take): the rehearsal goes on and rejects that object's rows as the real run then does,
// with the same plan, the same rejects and the same exit code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';
import { csv, freshIds, scratchFile } from './_import.js';

const planOf = (stdout: string) => {
  const { rows, created, updated, unchanged, failed } = JSON.parse(stdout) as Record<string, number>;
  return { rows, created, updated, unchanged, failed };
};

/** A rejects file's rows in line order (rejects are written as they fail). */
const rowsOf = (path: string) => {
  const [header, ...rows] = readFileSync(path, 'utf8').trimEnd().split('\n');
  return [header, ...rows.sort()];
};

describe('metafield import --rehearse: an object whose read the store refuses', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('its rows are rejected on the copy as by the real run: same plan, same rejects, same exit', async () => {
    const [a, b] = freshIds(2);
    const file = scratchFile(
      'values.csv',
      csv([
        ['products', a!, 'custom', 'material', 'linen'],
        ['products', 'not-a-number', 'custom', 'material', 'silk'],
        ['products', 'not-a-number', 'custom', 'stock_floor', '3'],
        ['products', b!, 'custom', 'material', 'wool'],
      ]),
    );
    const rehearsedRejects = scratchFile('rehearsed.csv', '');
    log.clear();
    const rehearsed = await cli(['metafield', 'import', file, '--rehearse', '--rejects', rehearsedRejects, '--json'], { env: s.env });
    expect(rehearsed.code, rehearsed.stderr).toBe(3);
    expect(rehearsed.stderr).toMatch(/^Rehearsal of .* 4 rows of 3 objects: 2 to create, 0 to update, 0 unchanged, 2 the store would reject\.$/m);
    expect((await log.take()).filter((q) => q.method !== 'GET')).toEqual([]);

    const realRejects = scratchFile('real.csv', '');
    const real = await cli(['metafield', 'import', file, '--rejects', realRejects, '--json'], { env: s.env });
    expect(real.code, real.stderr).toBe(3);
    expect(planOf(real.stdout)).toEqual(planOf(rehearsed.stdout));
    expect(rowsOf(realRejects)).toEqual(rowsOf(rehearsedRejects));
  });
});
