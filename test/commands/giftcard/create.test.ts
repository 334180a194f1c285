import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { ANSI, call, expectUsageError, freshCode, requestLog, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS } from '../../helpers/dialects.js';

const GENERATED = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{16}$/;

describe.each(DIALECTS)('giftcard create (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'demo', onRequest: log.hook });

  it('generates a 16-character code from the unambiguous alphabet and prints it once (TSV)', async () => {
    const r = await cli(['giftcard', 'create', '--initial-value', '25.50'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(ANSI);
    const rows = new Map(tsvRows(r.stdout).map(([k, v]) => [k!, v ?? '']));
    const code = rows.get('CODE')!;
    expect(code).toMatch(GENERATED);
    expect(r.stdout.split(code).length - 1).toBe(1);
    expect(rows.get('BALANCE')).toBe('25.50');
    expect(rows.get('INITIAL')).toBe('25.50');
    expect(rows.get('STATUS')).toBe('enabled');
    expect(rows.get('ID')).toMatch(/^\d{19}$/);
    // The store agrees: the card exists with the code's last four characters.
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${rows.get('ID')}`)).text).giftCard;
    expect(stored.lastCharacters).toBe(code.slice(-4));
    const requests = await log.take();
    expect(requests.filter((q) => q.method === 'POST')).toHaveLength(1);
  });

  it('generates a different code every time', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const r = await cli(['giftcard', 'create', '--initial-value', '1', '--json', 'code'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      const { code } = JSON.parse(r.stdout);
      expect(code).toMatch(GENERATED);
      codes.add(code);
    }
    expect(codes.size).toBe(3);
  });

  it('uses --code and the optional fields as given', async () => {
    const code = freshCode('MINE');
    const r = await cli(
      [
        'giftcard',
        'create',
        '--code',
        code,
        '--initial-value',
        '40',
        '--customer-id',
        '7300000000000000999',
        '--note',
        'For Ana',
        '--expire-time',
        '2031-01-31',
        '--json',
      ],
      {
        env: s.env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const card = JSON.parse(r.stdout);
    expect(card).toMatchObject({
      code,
      lastCharacters: code.slice(-4),
      // Sent with 2 decimals, as stores write amounts (so `select(.balance == "40.00")` finds it).
      initialValue: '40.00',
      balance: '40.00',
      customerId: '7300000000000000999',
      note: 'For Ana',
      expireTime: '2031-01-31',
      currency: 'USD',
    });
  });

  it.each([
    ['50', '50.00'],
    ['0', '0.00'],
    ['12.5', '12.50'],
    ['007.25', '007.25'],
  ])('sends --initial-value %s as the decimal string %s, dry run alike', async (typed, sent) => {
    const dry = await cli(['giftcard', 'create', '--initial-value', typed, '--dry-run', '--json', 'body'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)[0].body.giftCard.initialValue).toBe(sent);
    const r = await cli(['giftcard', 'create', '--initial-value', typed, '--json', 'id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${JSON.parse(r.stdout).id}`)).text).giftCard;
    expect(stored).toMatchObject({ initialValue: sent, balance: sent });
  });

  it('--json prints the card exactly as the store sent it, unwrapped, with the full code', async () => {
    const r = await cli(['giftcard', 'create', '--initial-value', '12.34', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const card = JSON.parse(r.stdout);
    expect(card).not.toHaveProperty('giftCard');
    expect(card.code).toMatch(GENERATED);
    // Every other field equals what the store returns for that card on a later read.
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${card.id}`)).text).giftCard;
    const { code: _full, ...rest } = card;
    const { code: storedCode, ...storedRest } = stored;
    // The real dialect shows the whole code in reads, as Genstore's sample does.
    expect(storedCode).toBe(dialect === 'real' ? card.code : `****${card.code.slice(-4)}`);
    expect(rest).toEqual(storedRest);
    expect(Object.keys(rest)).toEqual(Object.keys(storedRest));
  });

  it('in a terminal prints a coloured detail table and warns on stderr that the code is shown once', async () => {
    const r = await cli(['giftcard', 'create', '--initial-value', '5'], { env: s.env, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(ANSI);
    expect(r.stderr).toContain('Keep the code now');
    expect(r.stdout).toMatch(/CODE/);
  });

  it('--json with fields keeps only those, in that order', async () => {
    const r = await cli(['giftcard', 'create', '--initial-value', '3', '--json', 'balance,code,id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const card = JSON.parse(r.stdout);
    expect(Object.keys(card)).toEqual(['balance', 'code', 'id']);
    expect(card.balance).toBe('3.00');
  });

  describe('refuses invalid input before sending anything', () => {
    const cases: Array<[string, string[], string]> = [
      ['a missing --initial-value', ['giftcard', 'create'], '--initial-value'],
      ['a non-decimal --initial-value', ['giftcard', 'create', '--initial-value', '12,50'], '--initial-value'],
      ['an --initial-value with 3 decimals', ['giftcard', 'create', '--initial-value', '1.234'], '--initial-value'],
      ['an --initial-value of 16 digits', ['giftcard', 'create', '--initial-value', '1'.repeat(16)], '--initial-value'],
      ['an impossible --expire-time', ['giftcard', 'create', '--initial-value', '1', '--expire-time', '2026-02-30'], '--expire-time'],
      ['a badly formed --expire-time', ['giftcard', 'create', '--initial-value', '1', '--expire-time', '31/12/2030'], '--expire-time'],
      ['a note of 501 characters', ['giftcard', 'create', '--initial-value', '1', '--note', 'x'.repeat(501)], '--note'],
      ['a non-numeric --customer-id', ['giftcard', 'create', '--initial-value', '1', '--customer-id', 'abc'], '--customer-id'],
      ['a code with spaces', ['giftcard', 'create', '--initial-value', '1', '--code', 'AB CD EF GH'], '--code'],
      ['an unknown --json field', ['giftcard', 'create', '--initial-value', '1', '--json', 'nope'], 'nope'],
    ];
    it.each(cases)('%s', async (_name, argv, flag) => {
      log.clear();
      const r = await cli(argv, { env: s.env });
      expectUsageError(r, flag);
      expect(await log.take()).toEqual([]);
    });

    it('an invalid --code is named with its rule, never shown (it is a secret)', async () => {
      for (const code of ['SECRET WITH SPACES', `LONGSECRET${'Z'.repeat(250)}`]) {
        const r = await cli(['giftcard', 'create', '--initial-value', '1', '--code', code], { env: s.env });
        expectUsageError(r, '--code');
        expect(r.stderr).toMatch(/--code must (not contain spaces|be at most 255 characters)/);
        expect(r.stderr).not.toContain('SECRET');
      }
    });

    it('a note of exactly 500 characters is accepted', async () => {
      const r = await cli(['giftcard', 'create', '--initial-value', '1', '--note', 'y'.repeat(500), '--json', 'note'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).note).toHaveLength(500);
    });

    it('counts note characters as a person does: 500 emoji pass, 501 are refused locally', async () => {
      const ok = await cli(['giftcard', 'create', '--initial-value', '1', '--note', '\u{1F600}'.repeat(500), '--json', 'note'], { env: s.env });
      expect(ok.code, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout).note).toBe('\u{1F600}'.repeat(500));
      log.clear();
      const tooLong = await cli(['giftcard', 'create', '--initial-value', '1', '--note', '\u{1F600}'.repeat(501)], { env: s.env });
      expectUsageError(tooLong, '--note');
      expect(await log.take()).toEqual([]);
    });

    it('--json nope names the valid fields', async () => {
      const r = await cli(['giftcard', 'create', '--initial-value', '1', '--json', 'nope'], { env: s.env });
      expect(r.stderr).toMatch(/Valid fields: id, code, lastCharacters, balance/);
    });
  });

  describe('store refusals', () => {
    it('a duplicate --code of a card with other values exits 1 with the 409 conflict and the field (which the real dialect does not name)', async () => {
      const code = freshCode('DUP');
      expect((await cli(['giftcard', 'create', '--code', code, '--initial-value', '1'], { env: s.env })).code).toBe(0);
      const r = await cli(['giftcard', 'create', '--code', code.toLowerCase(), '--initial-value', '2'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: .*409/);
      // The real store's body is {"error": message} alone: no field list to name the field from.
      expect(r.stderr).toContain(dialect === 'service' ? 'giftCard.code' : 'with this code exists already');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expectNoStackTrace(r.stderr);
    });

    it('a duplicate --code of a card exactly as asked (a re-run) shows that card, exit 0, and makes none', async () => {
      const code = freshCode('AGAIN');
      const args = ['giftcard', 'create', '--code', code, '--initial-value', '7.50', '--note', 'Re-run', '--expire-time', '2031-01-31'];
      const first = await cli([...args, '--json'], { env: s.env });
      expect(first.code, first.stderr).toBe(0);
      log.clear();
      const r = await cli([...args, '--json'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id: JSON.parse(first.stdout).id, code, initialValue: '7.50', note: 'Re-run' });
      expect(r.stderr).toContain('A gift card with this code exists already, as asked');
      expect((await log.take()).map((q) => `${q.method} ${q.status}`)).toEqual(['POST 409', 'GET 200']);
      // Any difference (here the note) and it is someone else's card: the refusal stands.
      const other = await cli(['giftcard', 'create', '--code', code, '--initial-value', '7.50', '--expire-time', '2031-01-31'], { env: s.env });
      expect(other.code).toBe(1);
      expect(other.stderr).toMatch(/^error: .*409/);
    });

    it('a code the store finds invalid is a 400 naming giftCard.code', async () => {
      log.clear();
      const r = await cli(['giftcard', 'create', '--code', 'NOT-LETTERS', '--initial-value', '1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: .*400/);
      expect(r.stderr).toContain('giftCard.code');
      expectNoStackTrace(r.stderr);
      expect(await log.take()).toEqual([expect.objectContaining({ method: 'POST', status: 400 })]);
    });

    it('a code the store finds too short is a 400 naming giftCard.code', async () => {
      const r = await cli(['giftcard', 'create', '--code', 'SHORT', '--initial-value', '1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('giftCard.code');
    });

    it('--verbose adds the stack trace to the error', async () => {
      const r = await cli(['--verbose', 'giftcard', 'create', '--code', 'SHORT', '--initial-value', '1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/\n\s+at /);
    });
  });
});
