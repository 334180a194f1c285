// The store docs' two refunds (test/helpers/refund-sample.ts: the refunds/create event's, with
// `id`, `refundPrice` and snake_case lines; the newer About Refund copy's, with `refundId`,
// `amount` and `lineItemId`), served as they are by a tiny local store, and what `refund list`
// and `refund get` make of them: the client checked against the docs' text, not our sandbox.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useDocumentedStore } from '../../helpers/documented-store.js';
import { API_REFUND, EVENT_REFUND } from '../../helpers/refund-sample.js';
import { tsvRecord, tsvRows } from '../_support.js';

describe("refunds in the docs' shapes", () => {
  const store = useDocumentedStore({
    '/api/202412/orders/1002/refunds': `{"refunds": [${EVENT_REFUND}, ${API_REFUND}]}`,
    '/api/202412/refunds': `{"refunds": [${EVENT_REFUND}]}`,
  });

  it("list: each copy's id and amount, the newer copy's lines id×quantity; --json as sent", async () => {
    const r = await cli(['refund', 'list', '1002'], { env: store.env });
    expect(r.code, r.stderr).toBe(0);
    // id, amount, currency, lines, shipping, note, created; the event's lines (ids and quantities empty) as sent.
    expect(tsvRows(r.stdout)).toEqual([
      ['1000069823694', '10.00', '', JSON.stringify(JSON.parse(EVENT_REFUND).lineItems), '', 'Note', '2013-06-27T08:48:27-04:00'],
      ['1000069823695', '10.00', '', '333×1', '', '', ''],
    ]);
    const json = JSON.parse((await cli(['refund', 'list', '1002', '--json'], { env: store.env })).stdout) as unknown[];
    expect(json).toEqual([JSON.parse(EVENT_REFUND), JSON.parse(API_REFUND)]);
  });

  it('get by ids=: the event sample, its buyer and amount', async () => {
    const r = await cli(['refund', 'get', '1000069823694'], { env: store.env });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRecord(r.stdout)).toMatchObject({ ID: '1000069823694', CUSTOMER: '1020000013594', AMOUNT: '10.00', NOTE: 'Note' });
  });
});
