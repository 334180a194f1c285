// Gift card codes in reads: masked by default (DESIGN), whole with codesInReads 'shown'.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { SandboxUsageError } from '../../src/sandbox/http/sandbox-errors.js';
import { call } from './helpers.js';

describe('codesInReads', () => {
  let sandbox: RunningSandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it.each([
    ['masked', '****7KQ2'],
    ['shown', 'WHOLECODE7KQ2'],
  ] as const)('%s: get, search, update and disable answer %s; create always the whole code', async (codesInReads, shown) => {
    sandbox = await startSandbox({ port: 0, codesInReads });
    const created = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'WHOLECODE7KQ2', initialValue: '10' } } });
    expect(created.json.giftCard.code).toBe('WHOLECODE7KQ2');
    const id = created.json.giftCard.id;
    expect((await call(sandbox, 'GET', `/gift_cards/${id}`)).json.giftCard.code).toBe(shown);
    expect((await call(sandbox, 'GET', '/gift_cards/search?lastCharacters=7KQ2')).json.giftCards.map((c: { code: string }) => c.code)).toEqual([shown]);
    expect((await call(sandbox, 'PUT', `/gift_cards/${id}`, { body: { giftCard: { balance: '5' } } })).json.giftCard.code).toBe(shown);
    expect((await call(sandbox, 'POST', `/gift_cards/${id}/disable`, { body: {} })).json.giftCard.code).toBe(shown);
  });

  it('refuses anything else', async () => {
    await expect(startSandbox({ port: 0, codesInReads: 'plain' as 'shown' })).rejects.toBeInstanceOf(SandboxUsageError);
  });
});
