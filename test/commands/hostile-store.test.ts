// A hostile store (test/helpers/hostile-store.ts: a loopback server in front of a demo
// sandbox) cannot drive the terminal, a CI log, or the client's memory and time: its escape
// sequences, C1 controls and bidi overrides reach a terminal as visible escapes, exact bytes
// when piped; its line feeds never start a line on stderr; a listing it sends round in a
// circle stops at once with one sentence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../helpers/cli-in-process.js';
import { HOSTILE, HOSTILE_SHOWN, RAW_CONTROL, useHostileStore, type HostileRequest } from '../helpers/hostile-store.js';
import { useSandbox } from '../helpers/sandbox.js';
import { csv, scratchFile } from './metafield/_import.js';
import { freshBizId } from './metafield/_metafields.js';

/** A line that GitHub Actions' runner would take as a command: `::name::` leading it, or `##[name]` anywhere. */
const WORKFLOW_COMMAND = /^\s*::|##\[/m;

describe('a hostile loopback store', () => {
  const s = useSandbox({ seed: 'demo' });
  const store = useHostileStore(() => ({ baseUrl: s.sandbox.baseUrl, token: s.sandbox.token }));
  const tty = () => ({ env: { ...store.env, NO_COLOR: '1' }, tty: true });
  const piped = () => ({ env: store.env });

  describe("stdout at a terminal shows the store's controls as escapes; piped and in files, its exact bytes", () => {
    /** Name, command, the fields poisoned, and whether it writes JSON (which escapes C0 itself: `\u001b`). */
    const exports: Array<[string, string[], string[], 'json'?]> = [
      ['giftcard export', ['giftcard', 'export'], ['note']],
      ['product export', ['product', 'export'], ['title']],
      ['order export', ['order', 'export', '--since', '2020-01-01'], ['title']],
      ['discount export', ['discount', 'export'], ['title']],
      ['metafield export', ['metafield', 'export', '--domain', 'products', '4000000000000000401'], ['value']],
      ['metafield definition export', ['metafield', 'definition', 'export', 'products'], ['description'], 'json'],
    ];
    for (const [name, argv, poison, json] of exports) {
      it(`${name}: escaped at a terminal, exact piped and in --output, byte for byte`, async () => {
        store.use({ poison });
        const shown = await cli(argv, tty());
        expect(shown.code, shown.stderr).toBe(0);
        expect(shown.stdout).not.toMatch(RAW_CONTROL);
        expect(shown.stdout).toContain(json ? '\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202eevil' : HOSTILE_SHOWN);

        const exact = await cli(argv, piped());
        expect(exact.code, exact.stderr).toBe(0);
        expect(exact.stdout).toContain(json ? JSON.stringify(HOSTILE).slice(1, -1) : HOSTILE);
        const file = join(scratchDir(), 'export.out');
        const written = await cli([...argv, '--output', file], tty());
        expect(written.code, written.stderr).toBe(0);
        expect(readFileSync(file, 'utf8')).toBe(exact.stdout);
      });
    }

    it('--json and --jsonl: C1 controls and bidi overrides as JSON escapes at a terminal (the same JSON), raw when piped', async () => {
      store.use({ poison: ['notes'] });
      for (const flag of ['--json', '--jsonl']) {
        const shown = await cli(['customer', 'list', flag], tty());
        expect(shown.code, shown.stderr).toBe(0);
        expect(shown.stdout).not.toMatch(RAW_CONTROL);
        expect(shown.stdout).toContain('\\u009b31m\\u202eevil');
        const exact = await cli(['customer', 'list', flag], piped());
        expect(exact.stdout).toContain('\u009b31m\u202eevil');
        // What a person sees is JSON still, and the very same values.
        const values = (text: string) =>
          flag === '--json'
            ? JSON.parse(text)
            : text
                .trimEnd()
                .split('\n')
                .map((line) => JSON.parse(line));
        expect(values(shown.stdout)).toEqual(values(exact.stdout));
        expect(values(exact.stdout)[0].notes.startsWith(HOSTILE)).toBe(true);
      }
    });

    it('api and --jq: escaped at a terminal, exact piped', async () => {
      store.use({ poison: ['notes'] });
      for (const argv of [
        ['api', 'customers'],
        ['api', 'customers', '--paginate'],
        ['customer', 'list', '--jq', '.[0].notes'],
      ]) {
        const shown = await cli(argv, tty());
        expect(shown.code, shown.stderr).toBe(0);
        expect(shown.stdout, argv.join(' ')).not.toMatch(RAW_CONTROL);
        const exact = await cli(argv, piped());
        expect(exact.code, exact.stderr).toBe(0);
        expect(exact.stdout, argv.join(' ')).toMatch(/\u009b31m\u202eevil/);
      }
      // jq prints a string raw: the escape sequences themselves, shown.
      const raw = await cli(['customer', 'list', '--jq', '.[0].notes'], tty());
      expect(raw.stdout).toContain(HOSTILE_SHOWN);
    });
  });

  describe('stderr: a store\'s line feeds never start a line of their own (a CI log\'s "::error::", "::add-mask::")', () => {
    const refusal = (request: HostileRequest) =>
      request.method === 'POST' || request.method === 'PUT'
        ? {
            status: 400,
            body: {
              code: 'invalid\n::warning::code',
              message: 'Bad input ##[error]pwned\r\n::error::injected annotation',
              errors: [{ field: 'customer.email\n::notice::field', message: 'is taken\n::add-mask::secret-word' }],
            },
          }
        : undefined;

    it('an error: one line, piped and at a terminal, its line feeds shown as \\n and `##[` as `##\\[`; --verbose too', async () => {
      store.use({ handle: refusal });
      const runs: Array<[string[], ReturnType<typeof piped>]> = [
        [[], piped()],
        [[], tty()],
        [['--verbose'], piped()],
      ];
      for (const [verbose, options] of runs) {
        const r = await cli(['customer', 'create', '--email', 'ada@example.com', ...verbose], options);
        expect(r.code).toBe(1);
        expect(r.stderr).not.toMatch(WORKFLOW_COMMAND);
        expect(r.stderr).not.toMatch(RAW_CONTROL);
        // At a terminal the spinner's last frame may lead the line.
        const error = r.stderr.split('\n').flatMap((line) => /error: .*/.exec(line) ?? []);
        // The message's first line is all the client quotes of it; the code and the field's problem are whole.
        expect(error).toEqual([
          'error: The store rejected the request as invalid (400 invalid\\n::warning::code): Bad input ##\\[error]pwned [customer.email\\n::notice::field: is taken\\n::add-mask::secret-word].',
        ]);
        if (verbose.length === 0) expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      }
    });

    it("a notice that quotes the store's page token, and rejected rows' reasons: escaped on stderr, exact in the rejects file", async () => {
      store.use({
        handle: (request) =>
          request.path.endsWith('/customers') && !request.query.has('pageToken')
            ? {
                headers: { link: `<${store.baseUrl}/api/202412/customers?limit=1&pageToken=${encodeURIComponent('t1\n::error::from the token')}>; rel="next"` },
                body: { customers: [{ id: '1' }] },
              }
            : undefined,
      });
      const listed = await cli(['customer', 'list', '--limit', '1'], piped());
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stderr).not.toMatch(WORKFLOW_COMMAND);
      expect(listed.stderr).toContain('t1\\n::error::from the token');

      store.use({ handle: (request) => (request.method === 'POST' && request.path.includes('/metafields/') ? refusal(request) : undefined) });
      const rejects = join(scratchDir(), 'rejects.csv');
      const file = scratchFile('values.csv', csv([['products', freshBizId(), 'custom', 'note', 'x']]));
      const imported = await cli(['metafield', 'import', file, '--rejects', rejects], piped());
      expect(imported.code, imported.stderr).toBe(3);
      expect(imported.stderr).not.toMatch(WORKFLOW_COMMAND);
      expect(imported.stderr).toContain('is taken\\n::add-mask::secret-word');
      // The file keeps the store's exact words, line feed and all.
      expect(readFileSync(rejects, 'utf8')).toContain('is taken\n::add-mask::secret-word');
    });
  });

  describe('a listing the store sends round in a circle stops at once: exit 1, one sentence naming the fault', () => {
    /** `{customers: [...]}` and the like: the body key of each listing path. */
    const LISTINGS: Array<[RegExp, string, (n: number) => Record<string, unknown>]> = [
      [/\/customers(\/search)?$/, 'customers', (n) => ({ id: String(7300000000000000000n + BigInt(n)) })],
      [/\/orders$/, 'orders', (n) => ({ id: String(5000000000000000000n + BigInt(n)), createTime: '2026-11-01T00:00:00Z', lineItems: [] })],
      [/\/discounts$/, 'discounts', (n) => ({ id: String(6200000000000000000n + BigInt(n)), title: `Discount ${n}`, discountMethod: 'AUTOMATIC_DISCOUNT' })],
      [
        /\/gift_cards\/search$/,
        'giftCards',
        (n) => ({ id: String(4000000000000000000n + BigInt(n)), lastCharacters: 'ABCD', balance: '1.00', currency: 'USD' }),
      ],
    ];
    /**
     * Every page full and naming a next page. `ids(page)`: the first id of each page's three
     * items; `token(page)`: the next page's token. Pages are counted per listing path.
     */
    const endless = (ids: (page: number) => number, token: (page: number) => string) => {
      const pages = new Map<string, number>();
      return (request: HostileRequest) => {
        if (request.method !== 'GET') return undefined;
        const listing = LISTINGS.find(([path]) => path.test(request.path));
        if (!listing) return undefined;
        const page = (pages.get(request.path) ?? 0) + 1;
        pages.set(request.path, page);
        const limit = request.query.get('limit') ?? '3';
        const first = ids(page);
        const items = Array.from({ length: Number(limit) }, (_, i) => listing[2](first + i));
        const next = `${store.baseUrl}${request.path}?pageToken=${token(page)}&limit=${limit}`;
        return { headers: { link: `<${next}>; rel="next"` }, body: { [listing[1]]: items } };
      };
    };
    const commands = [
      ['customer', 'list', '--all'],
      ['customer', 'count'],
      ['order', 'list', '--all'],
      ['order', 'export', '--since', '2026-01-01'],
      ['discount', 'export'],
      ['giftcard', 'export'],
      ['api', 'customers', '--paginate'],
    ];

    it('the same items again under a new page token every time', async () => {
      for (const argv of commands) {
        store.use({
          handle: endless(
            () => 1,
            (page) => `fresh-${page}`,
          ),
        });
        const r = await cli(argv, piped());
        expect(r.code, argv.join(' ')).toBe(1);
        expect(r.stderr.trimEnd().split('\n'), argv.join(' ')).toEqual([
          expect.stringMatching(
            /^error: The store's listing goes round in a circle: page 2 holds the same \d+ items as page 1, under a new page token; stopping rather than page for ever\.$/,
          ),
        ]);
        expect(store.requests, argv.join(' ')).toBeLessThan(5);
      }
    });

    it('a page token it sent before: new items on every page, the tokens a circle', async () => {
      for (const argv of commands) {
        store.use({
          handle: endless(
            (page) => page * 1000,
            (page) => `loop-${page % 2}`,
          ),
        });
        const r = await cli(argv, piped());
        expect(r.code, argv.join(' ')).toBe(1);
        expect(r.stderr.trimEnd().split('\n'), argv.join(' ')).toEqual([
          expect.stringMatching(
            /^error: The store's listing goes round in a circle: after page 3 it names page 2 again as the next one \(.*pageToken=loop-1.*\); stopping rather than page for ever\.$/,
          ),
        ]);
        expect(store.requests, argv.join(' ')).toBeLessThan(6);
      }
    });
  });
});
