// collection add and remove say on stderr what they changed and what was so already (one
// read of the collection first), in both dialects; a dry run still only shows the request.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { changeSentence } from '../../../src/commands/collection/collect.js';
import { requestLog } from '../_support.js';

const SUMMER_SALE = '4000000000000000304';
/** In Summer Sale in the demo set. */
const T_SHIRT = '4000000000000000401';
/** Not in it. */
const MUG = '4000000000000000431';

describe.each(DIALECTS)('collection add and remove (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });

  it('add names the products it added and those already in; remove those it took out and those not in', async () => {
    log.clear();
    const added = await cli(['collection', 'add', 'Summer Sale', MUG, T_SHIRT, '--json', 'countGoodsNum'], { env: s.env });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toBe(`Added 1 product to collection ${SUMMER_SALE} (Summer Sale): ${MUG}; already in it: ${T_SHIRT}.\n`);
    expect(String(JSON.parse(added.stdout).countGoodsNum)).toBe('2');
    expect((await log.take()).filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/202412/collections/collect']);

    const again = await cli(['collection', 'add', SUMMER_SALE, MUG], { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe(`Nothing added to collection ${SUMMER_SALE} (Summer Sale): ${MUG} was already in it.\n`);

    const removed = await cli(['collection', 'remove', SUMMER_SALE, MUG, '4000000000000000451'], { env: s.env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toBe(`Removed 1 product from collection ${SUMMER_SALE} (Summer Sale): ${MUG}; not in it: 4000000000000000451.\n`);
  });

  it('a dry run prints the request only, with nothing said of what would change', async () => {
    const dry = await cli(['collection', 'add', SUMMER_SALE, MUG, '--dry-run'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('POST\t/api/202412/collections/collect');
    expect(dry.stderr).not.toMatch(/^Added/m);
  });
});

describe('changeSentence', () => {
  it('says what was sent when the store did not list what the collection held', () => {
    expect(changeSentence('add', 'collection 1 (Sale)', ['7', '8'], undefined)).toBe(
      'Sent 2 products to collection 1 (Sale): 7, 8 (the store did not list what it held before).',
    );
    expect(changeSentence('remove', 'collection 1', ['7', '8'], ['8'])).toBe('Removed 1 product from collection 1: 8; not in it: 7.');
    expect(changeSentence('remove', 'collection 1', ['7', '9'], ['8'])).toBe('Nothing removed from collection 1: 7, 9 were not in it.');
  });
});
