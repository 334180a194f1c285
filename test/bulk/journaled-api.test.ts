// The journal of a run of single commands (an applied MCP plan): each gift card or product
// write's before-image is on disk before the write is sent, in the entries `store-cli undo`
// reads; a write it keeps no before-image of goes only once meta.json says the run cannot be
// undone. What is on disk is read at the moment each write reaches the transport.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/index.js';
import { journaledApi } from '../../src/bulk/runs/journaled-api.js';
import { RunJournal } from '../../src/bulk/runs/run-journal.js';
import { ApiError } from '../../src/core/errors.js';
import type { RequestSpec } from '../../src/core/http.js';
import type { Transport } from '../../src/core/transport.js';
import { FakeTransport, type FakeAnswer } from '../helpers/fake-transport.js';
import { scratchDir } from '../helpers/scratch.js';

const CARD = '{"giftCard": {"id": "7300000000000000001", "code": "****WXYZ", "lastCharacters": "WXYZ", "balance": "20.00", "note": "old", "expireTime": null}}';

/** The store as `answers` (or refusing every write), each write's moment seen: what the journal's two files held when it arrived. */
async function journaled(answers: FakeAnswer[], refusal?: ApiError) {
  const journal = await RunJournal.open(scratchDir(), {
    command: 'giftcard update',
    file: 'plan-0',
    store: { profile: 'default', baseUrl: 'http://127.0.0.1:1' },
  });
  const fake = new FakeTransport(answers);
  const seen: Array<{ request: string; before: string; meta: Record<string, unknown> }> = [];
  const watching: Transport = {
    request: (spec: RequestSpec, view) => {
      if (spec.method !== 'GET')
        seen.push({
          request: `${spec.method} ${spec.path}`,
          before: readFileSync(join(journal.dir, 'before.jsonl'), 'utf8'),
          meta: JSON.parse(readFileSync(join(journal.dir, 'meta.json'), 'utf8')) as Record<string, unknown>,
        });
      return refusal !== undefined && spec.method !== 'GET' ? Promise.reject(refusal) : fake.request(spec, view);
    },
  };
  const layer = journaledApi(journal);
  layer.step('step 1 (giftcard_update)');
  const api = layer.layer(watching, (transport) => createApi(transport));
  return { api, seen, layer, journal };
}

describe('the journaled API of an applied plan', () => {
  it("writes a card update's before-image, synced, before the update is sent", async () => {
    const { api, seen, layer } = await journaled([{ body: CARD }, { body: CARD.replace('"old"', '"new"') }]);
    await api.giftCards.update({ giftCardId: '7300000000000000001', balance: '5.00', note: 'new' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.request).toMatch(/^PUT .*gift_cards\/7300000000000000001$/);
    expect(JSON.parse(seen[0]!.before.trim())).toEqual({
      kind: 'giftcard-update',
      id: '7300000000000000001',
      last4: 'WXYZ',
      before: { balance: '20.00', note: 'old', expireTime: null },
      after: { balance: '5.00', note: 'new', expireTime: null },
      disables: false,
    });
    expect(seen[0]!.meta.notUndoable).toBeUndefined();
    expect(layer.writes).toBe(1);
  });

  it('journals a create before it goes and what it made after, the code by its last four characters only', async () => {
    const { api, seen, journal } = await journaled([
      { body: '{"giftCard": {"id": "7300000000000000002", "code": "ABCD1234EFGH5678", "initialValue": "9.00"}}' },
    ]);
    await api.giftCards.create({ code: 'ABCD1234EFGH5678', initialValue: '9.00' });
    expect(JSON.parse(seen[0]!.before.trim())).toMatchObject({ kind: 'giftcard-create', last4: '5678', initialValue: '9.00' });
    await journal.finish({ rows: 1, created: 1, updated: 0, unchanged: 0, failed: 0 });
    const lines = readFileSync(join(journal.dir, 'before.jsonl'), 'utf8');
    expect(lines).not.toContain('ABCD1234');
    expect(JSON.parse(lines.trim().split('\n')[1]!)).toEqual({ kind: 'giftcard-created', last4: '5678', made: true, id: '7300000000000000002' });
  });

  it('a refused create is journaled as making nothing', async () => {
    const { api, journal } = await journaled([], new ApiError('The store refused the card.', { status: 422 }));
    await expect(api.giftCards.create({ code: 'ABCD1234EFGH5678', initialValue: '9.00' })).rejects.toThrow();
    await journal.finish({ rows: 1, created: 0, updated: 0, unchanged: 0, failed: 1 });
    expect(JSON.parse(readFileSync(join(journal.dir, 'before.jsonl'), 'utf8').trim().split('\n')[1]!)).toMatchObject({ kind: 'giftcard-created', made: false });
  });

  it('a write it keeps no before-image of goes only once meta.json says the run cannot be undone', async () => {
    const { api, seen } = await journaled([{ body: CARD }]);
    await api.giftCards.disable('7300000000000000001');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.before).toBe('');
    expect(seen[0]!.meta.notUndoable).toMatch(/^its step 1 \(giftcard_update\) sent POST .*\/disable, which store-cli keeps no before-image of$/);
  });
});
