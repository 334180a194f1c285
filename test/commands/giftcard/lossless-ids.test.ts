import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { call, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';

// Ids beyond 2^53 (9007199254740992): a JS number would round 4000000000000000011 to
// 4000000000000000000. The sandbox here writes them as bare JSON numbers.
const ROUNDED = String(Number('4000000000000000011'));

/** `"key": digits` pairs of raw JSON text (any spacing), in order. */
function bareNumbers(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`"${key}":\\s*(\\d+)`, 'g'))].map((m) => m[1]!);
}

describe('ids as bare JSON numbers beyond 2^53', () => {
  const s = useSandbox({ seed: 'demo', idsAs: 'number' });

  it('the sandbox really sends them unquoted (precondition)', async () => {
    const raw = await call(s.sandbox, 'GET', '/gift_cards/4000000000000000011');
    expect(raw.text).toContain('"id":4000000000000000011');
    expect(ROUNDED).not.toBe('4000000000000000011');
  });

  it('giftcard get --json writes every id with the exact digits, unquoted', async () => {
    const raw = (await call(s.sandbox, 'GET', '/gift_cards/4000000000000000086')).text;
    const r = await cli(['giftcard', 'get', '4000000000000000086', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    for (const key of ['id', 'customerId', 'orderId', 'lineItemId', 'userId']) {
      const sent = bareNumbers(raw, key);
      expect(sent).toHaveLength(1);
      expect(bareNumbers(r.stdout, key)).toEqual(sent);
    }
    expect(r.stdout).toContain('"id":4000000000000000086');
    expect(r.stdout).toContain('"orderId":5200000000000001873');
    expect(r.stdout).toContain('"lineItemId":5300000000000004411');
    expect(r.stdout).not.toContain('"id":"');
  });

  it('giftcard search --json and --jsonl keep every id as the store sent it', async () => {
    const raw = (await call(s.sandbox, 'GET', '/gift_cards/search')).text;
    const sent = bareNumbers(raw, 'id');
    expect(sent).toHaveLength(8);
    const json = await cli(['giftcard', 'search', '--json'], { env: s.env });
    expect(json.code, json.stderr).toBe(0);
    expect(bareNumbers(json.stdout, 'id')).toEqual(sent);
    expect(bareNumbers(json.stdout, 'customerId')).toEqual(bareNumbers(raw, 'customerId'));
    expect(json.stdout).not.toContain(ROUNDED);
    const jsonl = await cli(['giftcard', 'search', '--jsonl', 'id'], { env: s.env });
    expect(jsonl.stdout).toBe(sent.map((id) => `{"id":${id}}\n`).join(''));
  });

  it('TSV and the table show the exact digits', async () => {
    const raw = (await call(s.sandbox, 'GET', '/gift_cards/search')).text;
    const sent = bareNumbers(raw, 'id');
    const tsv = await cli(['giftcard', 'search'], { env: s.env });
    expect(tsvRows(tsv.stdout).map((row) => row[0])).toEqual(sent);
    expect(tsvRows(tsv.stdout).map((row) => row[6])).toEqual(bareNumbers(raw, 'customerId'));
    const table = await cli(['giftcard', 'search'], { env: s.env, tty: true });
    const lines = stripAnsi(table.stdout).trimEnd().split('\n').slice(1);
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(sent);
    const detail = await cli(['giftcard', 'get', '4000000000000000011'], { env: s.env });
    expect(detail.stdout).toMatch(/^ID\t4000000000000000011$/m);
  });

  it('a created card keeps its id: the printed id finds the card again', async () => {
    const created = await cli(['giftcard', 'create', '--initial-value', '9.99', '--customer-id', '7300000000000000999', '--json'], { env: s.env });
    expect(created.code, created.stderr).toBe(0);
    const [id] = bareNumbers(created.stdout, 'id');
    expect(id).toMatch(/^\d{19}$/);
    expect(BigInt(id!)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(bareNumbers(created.stdout, 'customerId')).toEqual(['7300000000000000999']);
    const again = await cli(['giftcard', 'get', id!, '--json', 'id'], { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`{"id":${id}}\n`);
    const direct = await call(s.sandbox, 'GET', `/gift_cards/${id}`);
    expect(direct.status).toBe(200);
  });

  it('update and disable answer with the same exact id', async () => {
    const up = await cli(['giftcard', 'update', '4000000000000000037', '--balance', '49.00', '--json', 'id,balance'], { env: s.env });
    expect(up.stdout).toBe('{"id":4000000000000000037,"balance":"49.00"}\n');
    const off = await cli(['giftcard', 'disable', '4000000000000000052', '--yes', '--json', 'id'], { env: s.env });
    expect(off.stdout).toBe('{"id":4000000000000000052}\n');
  });

  it('--since-id with a 19-digit id pages exactly', async () => {
    const r = await cli(['giftcard', 'search', '--since-id', '4000000000000000158', '--limit', '1', '--json', 'id'], { env: s.env });
    expect(r.stdout).toBe('[{"id":4000000000000000174}]\n');
  });

  it('count --json is an integer', async () => {
    const raw = (await call(s.sandbox, 'GET', '/gift_cards/count')).text;
    const [sent] = bareNumbers(raw, 'count');
    const r = await cli(['giftcard', 'count', '--json'], { env: s.env });
    expect(r.stdout).toBe(`{"count":${sent}}\n`);
  });
});
