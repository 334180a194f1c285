import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { ANSI, DEMO_IDS, call, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS } from '../../helpers/dialects.js';

// The demo data set (each resource's src/sandbox/resources/<resource>/demo.json), as of today's clock.
const DISABLED = ['4000000000000000109'];
const EXPIRED = ['4000000000000000131']; // expired 2024-09-30
const ENABLED = DEMO_IDS.filter((id) => !DISABLED.includes(id) && !EXPIRED.includes(id));

interface Card {
  id: string;
  lastCharacters: string;
  balance: string;
  currency: string;
  expireTime?: string | null;
  customerId: string;
  note?: string;
  code: string;
}

describe.each(DIALECTS)('giftcard search (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });
  const search = (args: string[], options: { tty?: boolean; columns?: number; env?: Record<string, string> } = {}) =>
    cli(['giftcard', 'search', ...args], {
      env: { ...s.env, ...options.env },
      ...(options.tty ? { tty: true } : {}),
      ...(options.columns ? { columns: options.columns } : {}),
    });
  const ids = (stdout: string) => (JSON.parse(stdout) as Card[]).map((c) => c.id);

  describe('output modes', () => {
    it('piped: tab-separated rows, no header, no colour, in the stable column order', async () => {
      const [tsv, json] = await Promise.all([search([]), search(['--json'])]);
      expect(tsv.code, tsv.stderr).toBe(0);
      expect(tsv.stderr).toBe('');
      expect(tsv.stdout).not.toMatch(ANSI);
      const rows = tsvRows(tsv.stdout);
      const cards = JSON.parse(json.stdout) as Card[];
      expect(rows).toHaveLength(8);
      expect(rows[0]![0]).toMatch(/^\d+$/); // no header line
      rows.forEach((row, i) => {
        const card = cards[i]!;
        expect(row).toHaveLength(8);
        expect([row[0], row[1], row[2], row[3], row[5], row[6], row[7]]).toEqual([
          card.id,
          card.lastCharacters,
          card.balance,
          card.currency,
          card.expireTime ?? '',
          card.customerId,
          card.note ?? '',
        ]);
      });
      const status = Object.fromEntries(rows.map((row) => [row[0], row[4]]));
      for (const id of ENABLED) expect(status[id]).toBe('enabled');
      expect(status[DISABLED[0]!]).toBe('disabled');
      expect(status[EXPIRED[0]!]).toBe('expired');
    });

    it('in a terminal: a table with a header and colour', async () => {
      const r = await search([], { tty: true, columns: 160 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(ANSI);
      const lines = stripAnsi(r.stdout).trimEnd().split('\n');
      expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'LAST4', 'BALANCE', 'CURRENCY', 'STATUS', 'EXPIRES', 'CUSTOMER', 'NOTE']);
      expect(lines).toHaveLength(9);
      expect(lines[1]).toMatch(/^4000000000000000011\s+A7K2\s+62\.50\s+USD\s+enabled\s+2030-12-31\s+7300000000000000101\s+Holiday/);
      expect(r.stdout).toContain('\u001b[31mdisabled'); // red
      expect(r.stdout).toContain('\u001b[32menabled'); // green
    });

    it("in a terminal: the table fits the terminal's width, cutting only the note, ids whole", async () => {
      const note = 'Holiday promotion card for a loyal customer; partly redeemed in store on 20 December.';
      const shown = async (columns: number) => {
        const r = await search([], { tty: true, columns });
        expect(r.code, r.stderr).toBe(0);
        const lines = stripAnsi(r.stdout).trimEnd().split('\n');
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
        const row = lines.find((l) => l.startsWith('4000000000000000011'))!;
        return { header: lines[0]!.split(/\s{2,}/), row, note: row.split(/\s{2,}/).at(-1)! };
      };
      // At 80 columns the ids, amounts and dates alone take 90: the customer and the expiry
      // (the view's least useful columns) go before the note is cut; ids stay whole.
      const narrow = await shown(80);
      expect(narrow.header).toEqual(['ID', 'LAST4', 'BALANCE', 'CURRENCY', 'STATUS', 'NOTE']);
      expect(narrow.row).toMatch(/^4000000000000000011\s+A7K2\s+62\.50\s+USD\s+enabled\s+Holiday/);
      const wide = await shown(160);
      expect(wide.header).toEqual(['ID', 'LAST4', 'BALANCE', 'CURRENCY', 'STATUS', 'EXPIRES', 'CUSTOMER', 'NOTE']);
      expect(wide.row).toMatch(/^4000000000000000011\s+A7K2\s+62\.50\s+USD\s+enabled\s+2030-12-31\s+7300000000000000101\s+Holiday/);
      expect(narrow.note).toMatch(/…$/);
      expect(note.startsWith(narrow.note.slice(0, -1))).toBe(true);
      expect(note.startsWith(wide.note.replace(/…$/, ''))).toBe(true);
      expect(wide.note.length).toBeGreaterThan(narrow.note.length + 40);
      expect((await search([], { tty: true, columns: 200 })).stdout).toContain(note); // room enough: nothing cut
    });

    it('STORE_CLI_FORCE_TTY: piped, a table as a terminal gets it (a number is its width), in colour unless NO_COLOR', async () => {
      const forced = await search([], { env: { STORE_CLI_FORCE_TTY: '80' } });
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toMatch(ANSI);
      const lines = stripAnsi(forced.stdout).trimEnd().split('\n');
      expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'LAST4', 'BALANCE', 'CURRENCY', 'STATUS', 'NOTE']);
      expect(lines).toHaveLength(9);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
      const wide = await search([], { env: { STORE_CLI_FORCE_TTY: '1', NO_COLOR: '1' } });
      expect(wide.stdout).not.toMatch(ANSI);
      expect(wide.stdout.split('\n')[0]).toMatch(/^ID\s+LAST4/); // on, at 80 columns: not one column wide
      const json = await search(['--json', 'id', '--limit', '1'], { env: { STORE_CLI_FORCE_TTY: '1' } });
      expect(json.stdout).toBe('[\n  {\n    "id": "4000000000000000011"\n  }\n]\n'); // indented, as in a terminal
    });

    it('CLICOLOR_FORCE: colour even piped (an error in red), rows still plain TSV; NO_COLOR wins', async () => {
      const rows = await search([], { env: { CLICOLOR_FORCE: '1' } });
      expect(rows.code, rows.stderr).toBe(0);
      expect(rows.stdout).not.toMatch(ANSI);
      expect(tsvRows(rows.stdout)).toHaveLength(8);
      const error = await search(['--page-token', 'nope'], { env: { CLICOLOR_FORCE: '1' } });
      expect(error.stderr).toContain('\u001b[31merror:');
      const plain = await search(['--page-token', 'nope'], { env: { CLICOLOR_FORCE: '1', NO_COLOR: '1' } });
      expect(plain.stderr).toMatch(/^error:/);
      const table = await search([], { env: { CLICOLOR_FORCE: '1', STORE_CLI_FORCE_TTY: '120' } });
      expect(table.stdout).toContain('\u001b[32menabled');
    });

    it('--columns chooses the columns and their order, in a table and in piped rows', async () => {
      const table = await search(['--status', 'disabled', '--columns', 'note,id'], { tty: true, columns: 80, env: { NO_COLOR: '1' } });
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout.split('\n')[0]!.split(/\s{2,}/)).toEqual(['NOTE', 'ID']);
      expect(table.stdout).toMatch(/ {2}4000000000000000109\n$/);
      const piped = await search(['--status', 'disabled', '--columns', 'id, balance']);
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).toMatch(/^4000000000000000109\t\d+\.\d{2}\n$/);
    });

    it('--columns with an unknown name exits 2 naming it and the valid ones, and sends nothing', async () => {
      log.clear();
      const r = await search(['--columns', 'id,colour']);
      expectUsageError(r, '--columns');
      expect(r.stderr).toMatch(
        /Unknown column for --columns: colour\. Valid columns: id, lastCharacters, balance, currency, status, expireTime, customerId, note\./,
      );
      expect(await log.take()).toEqual([]);
      const both = await search(['--columns', 'id', '--json']);
      expectUsageError(both, '--columns');
    });

    it('in a terminal with NO_COLOR or --no-color: the same table without any escape', async () => {
      for (const r of [await search([], { tty: true, columns: 160, env: { NO_COLOR: '1' } }), await search(['--no-color'], { tty: true, columns: 160 })]) {
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).not.toMatch(ANSI);
        expect(r.stdout.split('\n')[0]!.split(/\s{2,}/)).toEqual(['ID', 'LAST4', 'BALANCE', 'CURRENCY', 'STATUS', 'EXPIRES', 'CUSTOMER', 'NOTE']);
      }
    });

    it('--json: one JSON array of the cards as sent, codes masked', async () => {
      const r = await search(['--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      const cards = JSON.parse(r.stdout) as Card[];
      expect(Array.isArray(cards)).toBe(true);
      expect(cards.map((c) => c.id)).toEqual(DEMO_IDS);
      for (const card of cards) expect(card.code).toBe(`****${card.lastCharacters}`);
      const raw = JSON.parse((await call(s.sandbox, 'GET', '/gift_cards/search')).text).giftCards as Card[];
      // The real dialect sends whole codes (as Genstore's sample does): the client masks them all the same.
      if (dialect === 'real') expect(raw.find((c) => c.lastCharacters === 'A7K2')?.code).toBe('HOLIDAY25GIFTA7K2');
      expect(cards).toEqual(raw.map((c) => ({ ...c, code: `****${c.lastCharacters}` })));
      expect(cards.map((c) => Object.keys(c))).toEqual((raw as object[]).map((c) => Object.keys(c)));
      for (const secret of ['HOLIDAY25GIFTA7K2', 'WELCOME50X9QP', '7K3M9Q2XTV8P']) expect(r.stdout).not.toContain(secret);
    });

    it('--json id,balance selects those fields in that order', async () => {
      const r = await search(['--json', 'id,balance', '--limit', '2']);
      expect(r.code, r.stderr).toBe(0);
      const cards = JSON.parse(r.stdout) as object[];
      expect(cards).toEqual([
        { id: '4000000000000000011', balance: '62.50' },
        { id: '4000000000000000037', balance: '50.00' },
      ]);
      for (const card of cards) expect(Object.keys(card)).toEqual(['id', 'balance']);
    });

    it('--json nope exits 2 naming the valid fields and sends nothing', async () => {
      log.clear();
      const r = await search(['--json', 'nope']);
      expectUsageError(r, 'nope');
      expect(r.stderr).toMatch(/Valid fields: .*lastCharacters.*balance/);
      expect(await log.take()).toEqual([]);
    });

    it('--jsonl: one compact object per line', async () => {
      const r = await search(['--jsonl']);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(8);
      expect(lines.map((line) => JSON.parse(line).id)).toEqual(DEMO_IDS);
      expect(r.stdout.endsWith('}\n')).toBe(true);
    });

    it('--jsonl fields: compact objects of those fields', async () => {
      const r = await search(['--status', 'disabled', '--jsonl', 'id,lastCharacters']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('{"id":"4000000000000000109","lastCharacters":"7HQ3"}\n');
    });
  });

  describe('empty listing', () => {
    it('piped: exit 0, nothing on stdout or stderr', async () => {
      const r = await search(['--last-characters', 'ZZZZ']);
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    });

    it('in a terminal: exit 0, "No gift cards match." on stderr only', async () => {
      const r = await search(['--last-characters', 'ZZZZ'], { tty: true });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('No gift cards match.');
    });

    it('--json prints [] and --jsonl nothing', async () => {
      const json = await search(['--last-characters', 'ZZZZ', '--json']);
      expect(json).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
      const jsonl = await search(['--last-characters', 'ZZZZ', '--jsonl']);
      expect(jsonl).toEqual({ code: 0, stdout: '', stderr: '' });
    });
  });

  describe('filters', () => {
    it('--status enabled, disabled and expired', async () => {
      for (const [status, expected] of [
        ['enabled', ENABLED],
        ['disabled', DISABLED],
        ['expired', EXPIRED],
      ] as const) {
        const r = await search(['--status', status, '--json']);
        expect(r.code, r.stderr).toBe(0);
        expect(ids(r.stdout)).toEqual(expected);
      }
    });

    it('--last-characters finds a card by the end of its code, in any case', async () => {
      for (const last of ['A7K2', 'a7k2']) {
        const r = await search(['--last-characters', last, '--json', 'id']);
        expect(r.code, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toEqual([{ id: '4000000000000000011' }]);
      }
    });

    it('--since-id lists ids greater than it, ascending', async () => {
      const r = await search(['--since-id', '4000000000000000109', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(ids(r.stdout)).toEqual(['4000000000000000131', '4000000000000000158', '4000000000000000174']);
    });

    it('--limit returns one page of that size and sends it as the limit', async () => {
      log.clear();
      const r = await search(['--limit', '3', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(ids(r.stdout)).toEqual(DEMO_IDS.slice(0, 3));
      const requests = await log.take();
      expect(requests).toHaveLength(1);
      expect(new URL(requests[0]!.path, 'http://x').searchParams.get('limit')).toBe('3');
    });

    it('--page-token continues from a page cursor', async () => {
      const first = await call(s.sandbox, 'GET', '/gift_cards/search?limit=3');
      const link = first.headers.get('link') ?? '';
      const token = new URL(/<([^>]+)>/.exec(link)![1]!).searchParams.get('pageToken')!;
      expect(token).toBeTruthy();
      const r = await search(['--page-token', token, '--limit', '3', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(ids(r.stdout)).toEqual(DEMO_IDS.slice(3, 6));
    });

    it('filters combine: --status enabled --since-id', async () => {
      const r = await search(['--status', 'enabled', '--since-id', '4000000000000000086', '--json']);
      expect(ids(r.stdout)).toEqual(['4000000000000000158', '4000000000000000174']);
    });
  });

  describe("--page-token takes no filter (the token carries the first page's)", () => {
    const cases: Array<[string[], string]> = [
      [['--status', 'enabled'], '--status'],
      [['--since-id', '4000000000000000086'], '--since-id'],
      [['--last-characters', 'ABCD'], '--last-characters'],
      [['--status', 'enabled', '--last-characters', 'ABCD'], '--status and --last-characters'],
    ];
    it.each(cases)('%j exits 2 naming the filter, nothing sent', async (filters, named) => {
      log.clear();
      const r = await search(['--page-token', 'eyJ2IjoxfQ', '--limit', '3', ...filters]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(
        `--page-token cannot be combined with ${named}: filters go on the first page only (the page token carries them); pass --page-token with --limit alone.`,
      );
      expect(await log.take()).toEqual([]);
    });
  });

  describe('refuses invalid flags before sending anything', () => {
    const cases: Array<[string[], string]> = [
      [['--limit', '0'], '--limit'],
      [['--limit', '300'], '--limit'],
      [['--limit', '251'], '--limit'],
      [['--limit', 'abc'], '--limit'],
      [['--limit', '2.5'], '--limit'],
      [['--status', 'bogus'], '--status'],
      [['--since-id', 'abc'], '--since-id'],
      [['--last-characters', 'ABC'], '--last-characters'],
      [['--last-characters', 'AB-D'], '--last-characters'],
      [['--page-token', ''], '--page-token'],
      [['--frobnicate'], '--frobnicate'],
    ];
    it.each(cases)('%j', async (args, flag) => {
      log.clear();
      const r = await search(args);
      expectUsageError(r, flag);
      expect(await log.take()).toEqual([]);
    });

    it('--limit 250 is the largest accepted', async () => {
      const r = await search(['--limit', '250', '--json', 'id']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toHaveLength(8);
    });
  });
});

describe('giftcard search --status expired by the store clock', () => {
  // A store whose clock says 2032: every demo card expiring before then has expired.
  const s = useSandbox({ seed: 'demo', now: () => new Date('2032-01-01T00:00:00Z') });
  const now = () => new Date('2032-01-01T12:00:00Z');

  it('lists the cards whose expiry passed, and shows them as expired', async () => {
    const r = await cli(['giftcard', 'search', '--status', 'expired', '--json', 'id,expireTime'], { env: s.env, now });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: '4000000000000000011', expireTime: '2030-12-31' },
      { id: '4000000000000000052', expireTime: '2031-06-30' },
      { id: '4000000000000000131', expireTime: '2024-09-30' },
      { id: '4000000000000000174', expireTime: '2029-03-31' },
    ]);
    const tsv = await cli(['giftcard', 'search', '--status', 'expired'], { env: s.env, now });
    expect(tsvRows(tsv.stdout).map((row) => row[4])).toEqual(['expired', 'expired', 'expired', 'expired']);
  });

  it('a disabled card whose expiry passed is still disabled, not expired', async () => {
    const r = await cli(['giftcard', 'search', '--status', 'disabled', '--json', 'id'], { env: s.env, now });
    expect(JSON.parse(r.stdout)).toEqual([{ id: '4000000000000000109' }]);
  });
});
