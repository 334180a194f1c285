import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { ANSI, call, createCardDirect, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS, wireTime } from '../../helpers/dialects.js';

describe.each(DIALECTS)('giftcard get (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });
  let card: { id: string; code: string };

  it('prints the card field by field when piped, with the code only as its last four', async () => {
    card = await createCardDirect(s.sandbox, { code: 'SECRETCODE7QZ9', initialValue: '80.00', note: 'Prize' });
    const r = await cli(['giftcard', 'get', card.id], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(ANSI);
    expect(r.stdout).not.toContain(card.code);
    const rows = tsvRows(r.stdout);
    expect(rows.map((row) => row[0])).toEqual([
      'ID',
      'LAST4',
      'BALANCE',
      'INITIAL',
      'CURRENCY',
      'STATUS',
      'EXPIRES',
      'CUSTOMER',
      'NOTE',
      'DISABLED',
      'CREATED',
      'UPDATED',
    ]);
    const fields = Object.fromEntries(rows.map(([k, v]) => [k, v]));
    expect(fields).toMatchObject({
      ID: card.id,
      LAST4: '7QZ9',
      BALANCE: '80.00',
      INITIAL: '80.00',
      CURRENCY: 'USD',
      STATUS: 'enabled',
      EXPIRES: '',
      NOTE: 'Prize',
      DISABLED: '',
    });
  });

  it('--json prints the unwrapped card with the code masked as ****XXXX', async () => {
    const r = await cli(['giftcard', 'get', card.id, '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain(card.code);
    const got = JSON.parse(r.stdout);
    expect(got).not.toHaveProperty('giftCard');
    expect(got.code).toBe('****7QZ9');
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${card.id}`)).text).giftCard;
    // The real dialect sends the whole code (as Genstore's sample does): the client masks it all the same.
    expect(stored.code).toBe(dialect === 'real' ? card.code : '****7QZ9');
    expect(got).toEqual({ ...stored, code: '****7QZ9' });
    expect(Object.keys(got)).toEqual(Object.keys(stored)); // in the order the store sent them
  });

  it('--json code and the terminal table mask the code as well', async () => {
    const picked = await cli(['giftcard', 'get', card.id, '--json', 'code'], { env: s.env });
    expect(picked.code).toBe(0);
    expect(JSON.parse(picked.stdout)).toEqual({ code: '****7QZ9' });
    const table = await cli(['giftcard', 'get', card.id], { env: s.env, tty: true });
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain(card.code);
    expect(stripAnsi(table.stdout)).toMatch(/^LAST4\s+7QZ9$/m);
  });

  it('masks the code even when a store sends it in full', async () => {
    // A store that (wrongly) returns the whole code on a read: the CLI masks it anyway.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        '{"giftCard":{"id":"77","code":"FULLCODE1234ABCD","lastCharacters":"ABCD","balance":"1.00","currency":"USD","customerId":"5","createTime":"2025-01-01T00:00:00Z","updateTime":"2025-01-01T00:00:00Z"}}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const env = { STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, STORE_CLI_TOKEN: 'token-for-a-fake-store' };
      for (const argv of [['--json'], ['--json', 'code'], [], ['--verbose']]) {
        const r = await cli(['giftcard', 'get', '77', ...argv], { env });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout + r.stderr).not.toContain('FULLCODE1234ABCD');
        if (argv[0] === '--json') expect(JSON.parse(r.stdout).code).toBe('****ABCD');
        else expect(r.stdout).toMatch(/^LAST4\tABCD$/m);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('in a terminal prints a two-column table with bold headers', async () => {
    const r = await cli(['giftcard', 'get', '4000000000000000109'], { env: s.env, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ANSI);
    const plain = stripAnsi(r.stdout);
    expect(plain).toMatch(/^ID\s+4000000000000000109$/m);
    expect(plain).toMatch(/^STATUS\s+disabled$/m);
    expect(plain).toMatch(new RegExp(`^DISABLED\\s+${wireTime(dialect, '2025-10-02T11:30:00Z').replace('.', '\\.')}$`, 'm'));
  });

  it("in a terminal the note wraps at the terminal's width under its column, nothing cut; piped it is one cell", async () => {
    const note = 'Holiday promotion card for a loyal customer; partly redeemed in store on 20 December.';
    const noted = await createCardDirect(s.sandbox, { initialValue: '5.00', note });
    const noteLines = async (columns: number) => {
      const r = await cli(['giftcard', 'get', noted.id], { env: s.env, tty: true, columns });
      expect(r.code, r.stderr).toBe(0);
      const lines = stripAnsi(r.stdout).trimEnd().split('\n');
      expect(lines[0]).toBe(`ID        ${noted.id}`);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      const start = lines.findIndex((l) => l.startsWith('NOTE'));
      const end = lines.findIndex((l, i) => i > start && !l.startsWith(' '));
      return lines.slice(start, end).map((l) => l.slice(10));
    };
    const narrow = await noteLines(50);
    expect(narrow.length).toBeGreaterThan(1);
    expect(narrow.join(' ')).toBe(note);
    expect(await noteLines(160)).toEqual([note]);
    const piped = await cli(['giftcard', 'get', noted.id], { env: s.env });
    expect(tsvRows(piped.stdout).find((row) => row[0] === 'NOTE')).toEqual(['NOTE', note]);
  });

  it('--json id,balance keeps those fields in that order', async () => {
    const r = await cli(['giftcard', 'get', '4000000000000000011', '--json', 'balance,id'], { env: s.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"balance":"62.50","id":"4000000000000000011"}\n');
  });

  it('--json with an unknown field exits 2 naming the valid ones and sends nothing', async () => {
    log.clear();
    const r = await cli(['giftcard', 'get', '4000000000000000011', '--json', 'id,nope'], { env: s.env });
    expectUsageError(r, 'nope');
    expect(r.stderr).toContain('Valid fields: id, code, lastCharacters, balance, initialValue, currency, customerId');
    expect(await log.take()).toEqual([]);
  });

  it('a non-numeric id exits 2 naming the argument and sends nothing', async () => {
    log.clear();
    const r = await cli(['giftcard', 'get', '12ab'], { env: s.env });
    expectUsageError(r, '<giftCardId>');
    expect(await log.take()).toEqual([]);
  });

  it('an unknown id exits 1 with a sentence mentioning 404', async () => {
    const r = await cli(['giftcard', 'get', '4000000000000000012'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*404/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expectNoStackTrace(r.stderr);
  });

  it('a path-like id never leaves its segment (it is refused as non-numeric)', async () => {
    log.clear();
    const r = await cli(['giftcard', 'get', '../count'], { env: s.env });
    expect(r.code).toBe(2);
    expect(await log.take()).toEqual([]);
  });
});
