// giftcard import and export over real HTTP, against sandboxes started here. The cards are
// read back straight from the sandbox (never through the CLI under test).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { cli, untilDone } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, freshCode, requestLog, type Reply } from '../_support.js';
import { csv, scratchFile } from '../metafield/_import.js';
import { SimClock } from '../../bulk/sim-clock.js';
import type { Clock } from '../../../src/core/clock.js';

const HEADER = ['code', 'initialValue', 'balance', 'currency', 'note', 'expireTime', 'customerId', 'status'];
const cardFile = (rows: string[][], header = HEADER) => scratchFile('cards.csv', csv(rows, header));

type Card = Record<string, unknown> & { code: string; id: string };

/** A direct request that sees through the sandbox's injected faults (500, 503, 429, reset connections). */
async function steadyCall(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    const reply = await call(sandbox, method, path, body).catch(() => undefined);
    if (reply && ![429, 500, 503].includes(reply.status)) return reply;
    if (attempt >= 30) throw new Error(`${method} ${path} kept failing`);
  }
}

/** Every card of the sandbox, through its own search (faults seen through). */
async function allCards(sandbox: RunningSandbox): Promise<Card[]> {
  const cards: Card[] = [];
  let path: string | undefined = '/gift_cards/search?limit=250';
  while (path) {
    const reply = await steadyCall(sandbox, 'GET', path);
    cards.push(...(JSON.parse(reply.text) as { giftCards: Card[] }).giftCards);
    const next = /<[^>]*(\/gift_cards\/search\?[^>]*)>;\s*rel="?next/.exec(reply.headers.get('link') ?? '')?.[1];
    path = next;
  }
  return cards;
}

/** A card as the migration must keep it: everything but ids and times. */
function kept(card: Card) {
  const { id: _id, createTime: _c, updateTime: _u, disableTime, ...rest } = card;
  return { ...rest, disabled: disableTime !== undefined && disableTime !== null };
}

function migrationRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    freshCode('M'),
    '50.00',
    i % 3 === 0 ? '12.50' : '',
    'USD',
    i % 4 === 0 ? `note, with "quotes" ${i}` : '',
    i % 5 === 0 ? '2031-06-30' : '',
    i % 2 === 0 ? String(7100000000000000000n + BigInt(i)) : '',
    i % 7 === 0 ? 'disabled' : 'enabled',
  ]);
}

const importJson = async (args: string[], env: Record<string, string>, clock?: Clock) => {
  const result = await cli(['giftcard', 'import', ...args, '--json'], { env, ...(clock ? { clock } : {}) });
  return { ...result, summary: result.code === 0 || result.code === 3 ? JSON.parse(result.stdout) : undefined };
};

describe.each(DIALECTS)('giftcard import and export: a migration between two stores (%s dialect)', (dialect) => {
  const logA = requestLog();
  const logB = requestLog();
  const a = useSandbox({ dialect, codesInReads: 'shown', onRequest: logA.hook });
  const b = useSandbox({ dialect, codesInReads: 'shown', onRequest: logB.hook });

  it('round-trips: cards equal but for ids and times; a re-run changes nothing and costs no request per card', { timeout: 60_000 }, async () => {
    // Made in the reverse of code order: the export's order is the codes', not the store's.
    const rows = migrationRows(40).reverse();
    const first = await importJson([cardFile(rows), '--concurrency', '1'], a.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.summary).toMatchObject({ rows: 40, created: 40, failed: 0 });
    // Half-spent cards got their balance set after the create; disabled rows are disabled.
    const onA = new Map((await allCards(a.sandbox)).map((card) => [card.code, card]));
    for (const row of rows) {
      const card = onA.get(row[0]!)!;
      expect(card.balance).toBe(row[2] || '50.00');
      expect(Boolean(card.disableTime)).toBe(row[7] === 'disabled');
    }

    const out = scratchFile('export.csv', '');
    const exported = await cli(['giftcard', 'export', '--reveal-codes', '--output', out], { env: a.env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('warning: the export holds whole gift card codes');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const text = readFileSync(out, 'utf8');
    const exportedCodes = (parse(text, { columns: true }) as Array<{ code: string }>).map((row) => row.code);
    expect(exportedCodes).toEqual(rows.map((row) => row[0]!).sort());
    // --sort none: as the store lists them (here, the order they were made in).
    const unsorted = await cli(['giftcard', 'export', '--reveal-codes', '--sort', 'none'], { env: a.env });
    expect((parse(unsorted.stdout, { columns: true }) as Array<{ code: string }>).map((row) => row.code)).toEqual(rows.map((row) => row[0]!));

    logB.clear();
    const copied = await importJson([out], b.env);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.summary).toMatchObject({ rows: 40, created: 40, updated: 0, unchanged: 0, failed: 0 });
    const sortByCode = (cards: Card[]) => cards.map(kept).sort((x, y) => String(x.code).localeCompare(String(y.code)));
    expect(sortByCode(await allCards(b.sandbox))).toEqual(sortByCode(await allCards(a.sandbox)));
    // Export from B gives the same file, byte for byte, whatever order B made the cards in.
    const again = await cli(['giftcard', 'export', '--reveal-codes'], { env: b.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(text);

    logB.clear();
    const rerun = await importJson([out], b.env);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.summary).toMatchObject({ rows: 40, created: 0, updated: 0, unchanged: 40, failed: 0 });
    expect(rerun.stderr).toContain('Nothing to change');
    // The store shows whole codes: one count and one page of search, no request per card.
    const requests = await logB.take();
    expect(requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)).toEqual(['GET /api/202412/gift_cards/count', 'GET /api/202412/gift_cards/search']);
  });

  it('brings changed cards to the file: balance, note, expiry updated, disabled when the row says so', { timeout: 30_000 }, async () => {
    const rows = migrationRows(6).map((row) => [...row.slice(0, 7), 'enabled']);
    expect((await importJson([cardFile(rows)], a.env)).code).toBe(0);
    const changed = rows.map((row, i) =>
      i === 0
        ? [row[0]!, row[1]!, '3.10', ...row.slice(3)]
        : i === 1
          ? [...row.slice(0, 4), 'new note', ...row.slice(5)]
          : i === 2
            ? [...row.slice(0, 7), 'disabled']
            : row,
    );
    const result = await importJson([cardFile(changed)], a.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.summary).toMatchObject({ rows: 6, created: 0, updated: 3, unchanged: 3 });
    const byCode = new Map((await allCards(a.sandbox)).map((card) => [card.code, card]));
    expect(byCode.get(rows[0]![0]!)!.balance).toBe('3.10');
    expect(byCode.get(rows[1]![0]!)!.note).toBe('new note');
    expect(byCode.get(rows[2]![0]!)!.disableTime).toBeTruthy();
    // A disabled card cannot be enabled again: that row fails (exit 3), named in the summary.
    const back = await importJson([cardFile(rows)], a.env);
    expect(back.code).toBe(3);
    expect(back.summary).toMatchObject({ failed: 1 });
    expect(back.stderr).toContain('disabled on the store, and a disabled card cannot be enabled again');
  });
});

describe.each(DIALECTS)('giftcard import against a store that masks codes in reads (%s dialect)', (dialect) => {
  const log = requestLog();
  // Masked in both dialects (the real one shows whole codes unless told).
  const s = useSandbox({ dialect, codesInReads: 'masked', onRequest: log.hook });

  it('costs one request per fresh card and at most 1.05 per unchanged card on a re-run; codes never shown', { timeout: 60_000 }, async () => {
    const rows = migrationRows(200).map((row) => [row[0]!, '25.00', '', '', row[4]!, row[5]!, '', '']);
    const file = cardFile(rows);
    log.clear();
    const first = await importJson([file], s.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.summary).toMatchObject({ rows: 200, created: 200 });
    expect((await log.take()).length).toBeLessThanOrEqual(200 * 1.05);

    const rerun = await importJson([file], s.env);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.summary).toMatchObject({ rows: 200, created: 0, updated: 0, unchanged: 200, failed: 0 });
    expect((await log.take()).length).toBeLessThanOrEqual(200 * 1.05);
    for (const row of rows) {
      expect(first.stderr + rerun.stderr + first.stdout).not.toContain(row[0]!);
    }
  });

  it('--output is written whole or not at all: a failed export leaves the older file as it was', async () => {
    const out = scratchFile('cards-export.csv', 'an older export\n');
    // Refused connections, retried after backoffs that go by a simulated clock.
    const failing = await cli(['giftcard', 'export', '--output', out, '--timeout', '1'], {
      env: { ...s.env, STORE_CLI_BASE_URL: 'http://127.0.0.1:9' },
      clock: new SimClock().autoAdvance(),
    });
    expect(failing.code).not.toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('an older export\n');
    const done = await cli(['giftcard', 'export', '--output', out], { env: s.env });
    expect(done.code, done.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe(HEADER.join(','));
    expect(readdirSync(dirname(out)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('writes codes masked unless --reveal-codes, and refuses to reveal them to a terminal', async () => {
    const plain = await cli(['giftcard', 'export', '--last-characters', 'ZZZZ'], { env: s.env });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout.trim()).toBe(HEADER.join(','));
    const rows = [[freshCode('X'), '5', '', '', '', '', '', '']];
    expect((await importJson([cardFile(rows)], s.env)).code).toBe(0);
    const masked = await cli(['giftcard', 'export', '--last-characters', rows[0]![0]!.slice(-4)], { env: s.env });
    expect(masked.stdout).toContain(`****${rows[0]![0]!.slice(-4)},5`);
    expect(masked.stdout).not.toContain(rows[0]![0]!);
    const tty = await cli(['giftcard', 'export', '--reveal-codes'], { env: s.env, tty: true });
    expect(tty.code).toBe(2);
    expect(tty.stderr).toContain('give --output FILE, or pipe stdout');
    // This store masks codes in reads: nothing could be revealed, and only that is said (exit 1).
    const out = scratchFile('revealed.csv', 'an older export\n');
    const revealed = await cli(['giftcard', 'export', '--reveal-codes', '--last-characters', rows[0]![0]!.slice(-4), '--output', out], { env: s.env });
    expect(revealed.code).toBe(1);
    expect(revealed.stderr).toContain('error: --reveal-codes: no code could be revealed: the store showed its one code masked');
    expect(revealed.stderr).toContain(`${out} was not written`);
    expect(revealed.stderr).not.toContain('holds whole');
    expect(readFileSync(out, 'utf8')).toBe('an older export\n');
    const piped = await cli(['giftcard', 'export', '--reveal-codes'], { env: s.env });
    expect(piped.code).toBe(1);
    expect(piped.stderr).toMatch(/no code could be revealed: the store showed all \d+ codes masked/);
    expect(piped.stderr).not.toContain('holds whole');
    // No card at all: nothing to reveal, and nothing failed.
    const none = await cli(['giftcard', 'export', '--reveal-codes', '--last-characters', 'ZZZZ'], { env: s.env });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toBe('');
  });

  it('generates codes for rows without one, only into a new --codes-out file (0600), which is required', async () => {
    const rows = [
      ['', '20', '', '', 'no code', '', '', ''],
      ['', '30', '15', '', '', '', '', 'disabled'],
    ];
    const file = cardFile(rows);
    log.clear();
    const refused = await cli(['giftcard', 'import', file], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --codes-out FILE');
    expect(await log.take()).toEqual([]);

    const codesOut = `${file}.codes.csv`;
    const result = await importJson([file, '--codes-out', codesOut], s.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.summary).toMatchObject({ created: 2 });
    expect(statSync(codesOut).mode & 0o777).toBe(0o600);
    const written = parse(readFileSync(codesOut, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(written.map((r) => [r.line, r.initialValue])).toEqual([
      ['2', '20'],
      ['3', '30'],
    ]);
    for (const { code } of written) expect(result.stderr).not.toContain(code);
    // The codes file imports as it is: the same cards, unchanged.
    const rerun = await importJson([codesOut], s.env);
    expect(rerun.summary).toMatchObject({ rows: 2, unchanged: 2 });
    // The rejects file must not empty the codes file.
    const same = await cli(['giftcard', 'import', file, '--codes-out', `${file}.other.csv`, '--rejects', `${file}.other.csv`], { env: s.env });
    expect(same.code).toBe(2);
    expect(same.stderr).toContain(`--codes-out ${file}.other.csv and --rejects ${file}.other.csv are the same file: the generated codes would be lost`);
    // Never written over.
    const again = await cli(['giftcard', 'import', file, '--codes-out', codesOut], { env: s.env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
  });

  it('makes no --codes-out file when another check refuses the run, so the re-run is not blocked', async () => {
    const file = cardFile([['', '20', '', '', 'no code', '', '', '']]);
    const codesOut = `${file}.codes.csv`;
    log.clear();
    // --rejects is the file imported: refused (exit 2) after the pre-flight made the codes.
    const refused = await cli(['giftcard', 'import', file, '--codes-out', codesOut, '--rejects', file], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is the file being imported');
    expect(readdirSync(dirname(file)).filter((name) => name.endsWith('.codes.csv'))).toEqual([]);
    // A refused token (exit 4): still no codes file, and no card made.
    const denied = await cli(['giftcard', 'import', file, '--codes-out', codesOut], { env: { ...s.env, STORE_CLI_TOKEN: 'not-a-token' } });
    expect(denied.code).toBe(4);
    expect(readdirSync(dirname(file)).filter((name) => name.endsWith('.codes.csv'))).toEqual([]);
    expect((await log.take()).filter((line) => line.method === 'POST')).toEqual([]);
    // The re-run with the mistake fixed goes, creating the file.
    const fixed = await importJson([file, '--codes-out', codesOut], s.env);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.summary).toMatchObject({ created: 1 });
    expect(statSync(codesOut).mode & 0o777).toBe(0o600);
  });

  it('reads stdin, and names store refusals in --rejects with the code masked', async () => {
    const code = freshCode('R');
    const stdin = csv([[code, '10', '', 'EUR', '', '', '', '']], HEADER);
    const rejects = scratchFile('rejects.csv', '');
    // The first card tells the store's currency (USD); then a EUR row is refused before any write.
    expect((await importJson([cardFile([[freshCode('R'), '1', '', '', '', '', '', '']])], s.env)).code).toBe(0);
    const result = await cli(['giftcard', 'import', '-', '--rejects', rejects], { env: s.env, stdin });
    expect(result.code, result.stderr).toBe(3);
    const written = readFileSync(rejects, 'utf8');
    expect(written).toContain(`****${code.slice(-4)}`);
    expect(written).not.toContain(code);
    expect(written).toContain("the currency EUR is not the store's (USD)");
  });
});

describe('giftcard import: --dry-run and --shard', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  it('a dry run refuses code-less rows without --codes-out (exit 2), as the real run does, and creates no codes file', async () => {
    const rows = [
      [freshCode('D'), '10', '', '', '', '', '', ''],
      ['', '5', '', '', '', '', '', ''],
    ];
    const file = cardFile(rows);
    log.clear();
    for (const extra of [[], ['--dry-run']]) {
      const refused = await cli(['giftcard', 'import', file, ...extra], { env: s.env });
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('1 row has no code (line 3): pass --codes-out FILE');
    }
    const taken = await cli(['giftcard', 'import', file, '--dry-run', '--codes-out', file], { env: s.env });
    expect(taken.code, taken.stderr).toBe(2);
    expect(taken.stderr).toContain(`--codes-out ${file} is the file being imported`);
    const other = `${file}.other.csv`;
    writeFileSync(other, 'kept\n');
    const exists = await cli(['giftcard', 'import', file, '--dry-run', '--codes-out', other], { env: s.env });
    expect(exists.code, exists.stderr).toBe(2);
    expect(exists.stderr).toContain(`--codes-out ${other} exists already`);
    const nowhere = await cli(['giftcard', 'import', file, '--dry-run', '--codes-out', `${file}.missing-dir/codes.csv`], { env: s.env });
    expect(nowhere.code, nowhere.stderr).toBe(2);
    expect(nowhere.stderr).toContain(`--codes-out ${file}.missing-dir/codes.csv: its folder ${file}.missing-dir does not exist`);
    expect(await log.take()).toEqual([]);
    const codesOut = `${file}.codes.csv`;
    const dry = await importJson([file, '--dry-run', '--codes-out', codesOut], s.env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.summary).toMatchObject({ rows: 2, created: 2 });
    expect(() => statSync(codesOut)).toThrow();
  });

  it('a dry run reads and plans, and writes nothing', async () => {
    const existing = [freshCode('D'), '40', '', '', '', '', '', ''];
    expect((await importJson([cardFile([existing])], s.env)).code).toBe(0);
    const rows = [
      [existing[0]!, '40', '15', '', '', '', '', ''],
      [freshCode('D'), '10', '', '', '', '', '', ''],
      ['', '5', '', '', '', '', '', ''],
    ];
    log.clear();
    const dry = await importJson([cardFile(rows), '--dry-run', '--codes-out', scratchFile('codes.csv', '') + '.new'], s.env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.summary).toMatchObject({ rows: 3, created: 2, updated: 1, unchanged: 0 });
    expect(dry.stderr).toContain('Dry run of');
    expect((await log.take()).every((r) => r.method === 'GET')).toBe(true);
  });

  it('two shards split the file by code: every card made once, by one job', async () => {
    const rows = migrationRows(30);
    const file = cardFile(rows);
    const before = (await allCards(s.sandbox)).length;
    const one = await importJson([file, '--shard', '1/2'], s.env);
    const two = await importJson([file, '--shard', '2/2'], s.env);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(one.summary.created + two.summary.created).toBe(30);
    expect(one.summary.created).toBeGreaterThan(0);
    expect(two.summary.created).toBeGreaterThan(0);
    expect((await allCards(s.sandbox)).length - before).toBe(30);
    expect(one.stderr).toMatch(/Shard 1\/2: \d+ rows of the file belong to other shards/);
  });
});

describe('giftcard import: pre-flight refuses a damaged file whole (exit 2, nothing sent)', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });
  const good = () => [freshCode('P'), '10', '', '', '', '', '', ''];

  it.each([
    [
      'a code repeated (ignoring case)',
      (code: string) => [
        [code, '10'],
        [code.toLowerCase(), '10'],
      ],
      'line 4, column code: the code repeats the code of line 3 (codes are unique, ignoring case)',
    ],
    ['a code in scientific notation', () => [['1.23457E+11', '10']], 'line 3, column code: the code is a number in scientific notation'],
    [
      'a date that is not ISO',
      (code: string) => [[code, '10', '', '', '', '01/05/2026']],
      'line 3, column expireTime: the expireTime "01/05/2026" is not an ISO date YYYY-MM-DD (a spreadsheet date',
    ],
    ['an amount with 3 decimals', (code: string) => [[code, '10.005']], 'line 3, column initialValue: the initialValue "10.005" has more than 2 decimals'],
    ['a balance with 3 decimals', (code: string) => [[code, '10', '1.999']], 'column balance: the balance "1.999" has more than 2 decimals'],
    [
      'a note over 500 characters',
      (code: string) => [[code, '10', '', '', 'n'.repeat(501)]],
      'line 3, column note: the note has 501 characters; a note has at most 500',
    ],
    ['a masked code', () => [['****1234', '10']], 'line 3, column code: the code is masked'],
    ['a status that is neither', (code: string) => [[code, '10', '', '', '', '', '', 'expired']], 'column status'],
  ])('%s', async (_, rows, message) => {
    const code = freshCode('P');
    const header = ['code', 'initialValue', 'balance', 'currency', 'note', 'expireTime', 'customerId', 'status'];
    const full = [good(), ...rows(code).map((row) => [...row, ...Array(8 - row.length).fill('')])];
    // The problem rows (from line 3) come after a good one: still nothing is sent.
    const file = cardFile(full, header);
    log.clear();
    const result = await cli(['giftcard', 'import', file], { env: s.env });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      message
        .replace('line 2', 'line 3')
        .replace(
          'line 4, column code: the code repeats the code of line 3 (codes are unique, ignoring case)',
          'line 4, column code: the code repeats the code of line 3',
        ),
    );
    expect(result.stderr).toContain('Nothing was sent');
    expect(result.stderr).not.toContain(code);
    expect(await log.take()).toEqual([]);
  });

  it('--rejects naming the input: refused before any request', async () => {
    const file = cardFile([good()]);
    log.clear();
    const result = await cli(['giftcard', 'import', file, '--rejects', file], { env: s.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('writing it would destroy the input');
    expect(await log.take()).toEqual([]);
    expect(readFileSync(file, 'utf8')).toContain(HEADER.join(','));
  });

  it('JSON lines: gift card import reads CSV only', async () => {
    const file = scratchFile('cards.jsonl', `${JSON.stringify({ code: freshCode('J'), initialValue: '10' })}\n`);
    log.clear();
    const result = await cli(['giftcard', 'import', file], { env: s.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} is JSON lines, and this import reads CSV only`);
    expect(await log.take()).toEqual([]);
  });

  it('a semicolon-separated file', async () => {
    const file = scratchFile('semi.csv', 'code;initialValue\nABCDEFGH1;10\n');
    const result = await cli(['giftcard', 'import', file], { env: s.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('looks like a semicolon-separated file');
  });
});

describe.each(['shown', 'masked'] as const)('giftcard import under faults (codes %s in reads)', (codesInReads) => {
  const log = requestLog();
  const s = useSandbox({ codesInReads, failRate: 0.2, failSeed: 1212, onRequest: log.hook });
  // The retries' backoffs and Retry-After waits go by a simulated clock.
  const clock = new SimClock().autoAdvance();

  it('loses and duplicates nothing: every code once, balances and states as the file says', { timeout: 120_000 }, async () => {
    const rows = migrationRows(80);
    const file = cardFile(rows);
    // A run may leave rows failed after its retries; a re-run finishes the job.
    await untilDone(['giftcard', 'import', file, '--concurrency', '4', '--json'], { env: s.env, clock });
    const cards = await allCards(s.sandbox);
    expect(cards).toHaveLength(80);
    if (codesInReads === 'shown') {
      expect(cards.map((card) => card.code).sort()).toEqual(rows.map((row) => row[0]!).sort());
    } else {
      // Codes are masked in reads: each code is proved taken by a create the sandbox refuses.
      for (const row of rows) {
        expect((await steadyCall(s.sandbox, 'POST', '/gift_cards', { giftCard: { code: row[0], initialValue: '1' } })).status).toBe(409);
      }
    }
    const byLast = new Map(cards.map((card) => [String(card.lastCharacters), card]));
    for (const row of rows) {
      const card = byLast.get(row[0]!.slice(-4))!;
      expect(card.balance).toBe(row[2] || '50.00');
      expect(Boolean(card.disableTime)).toBe(row[7] === 'disabled');
    }
  });
});
