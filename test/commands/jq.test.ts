import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { DEMO_IDS, call, expectUsageError, requestLog } from './_support.js';

// --jq on the commands that take --json, against a sandbox that sends ids as bare JSON
// numbers beyond 2^53: jq must keep every digit of what it does not compute on.
describe('--jq on --json commands', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', idsAs: 'number', onRequest: log.hook });
  const run = (args: string[], tty = false) => cli(args, { env: s.env, ...(tty ? { tty: true } : {}) });

  it('giftcard search --jq .[].id prints each id, digit-exact, one a line', async () => {
    const raw = await call(s.sandbox, 'GET', '/gift_cards/search');
    expect(raw.text).toContain('"id":4000000000000000011'); // bare numbers (precondition)
    const r = await run(['giftcard', 'search', '--jq', '.[].id']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(DEMO_IDS.map((id) => `${id}\n`).join(''));
  });

  it('strings print raw, like jq -r; objects compact when piped, indented in a terminal', async () => {
    const raw = await run(['giftcard', 'get', DEMO_IDS[0]!, '--jq', '.note']);
    expect(raw.stdout).toBe('Holiday promotion card for a loyal customer; partly redeemed in store on 20 December.\n');
    const piped = await run(['giftcard', 'get', DEMO_IDS[0]!, '--jq', '{id, balance}']);
    expect(piped.stdout).toBe('{"id":4000000000000000011,"balance":"62.50"}\n');
    const tty = await run(['giftcard', 'get', DEMO_IDS[0]!, '--jq', '{id, balance}'], true);
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toBe('{\n  "id": 4000000000000000011,\n  "balance": "62.50"\n}\n');
  });

  it('--all: jq runs once over the one array of every page', async () => {
    log.clear();
    const r = await run(['giftcard', 'search', '--all', '--limit', '3', '--jq', 'length, .[-1].id']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`8\n${DEMO_IDS[7]}\n`);
    expect((await log.take()).filter((l) => l.path.includes('/gift_cards/search'))).toHaveLength(3);
  });

  it('--jsonl: jq runs once per line', async () => {
    const r = await run(['giftcard', 'search', '--all', '--limit', '3', '--jsonl', '--jq', '[.id, .balance] | @tsv']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(`${DEMO_IDS[0]}\t62.50`);
    expect(lines.map((l) => l.split('\t')[0])).toEqual(DEMO_IDS);
  });

  it('--json fields are selected first, then jq runs', async () => {
    const r = await run(['giftcard', 'search', '--json', 'id,balance', '--jq', '.[0] | keys']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('["balance","id"]\n');
  });

  it('counts: {"count": N} goes through jq', async () => {
    const r = await run(['giftcard', 'count', '--jq', '.count']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('8\n');
  });

  it('an expression that does not compile: exit 2 naming it, nothing on stdout, no request sent', async () => {
    log.clear();
    const r = await run(['giftcard', 'search', '--jq', '.[] | {id']);
    expectUsageError(r, "--jq '.[] | {id'");
    expect(r.stderr).toMatch(/^error: --jq '\.\[\] \| \{id' failed: syntax error/);
    expect(await log.take()).toEqual([]);
  });

  it('an error on the data: exit 2 naming the expression and what jq said, nothing on stdout', async () => {
    const r = await run(['giftcard', 'search', '--jq', '.[].note + 1']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --jq '\.\[\]\.note \+ 1' failed: string \(".*"\) and number \(1\) cannot be added\.\n$/);
  });
});

describe('api --jq and --paginate --slurp', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', idsAs: 'number', onRequest: log.hook });
  const api = (args: string[]) => cli(['api', ...args], { env: s.env });

  it('--jq reads the exact body the store sent', async () => {
    const r = await api(['GET', `gift_cards/${DEMO_IDS[3]}`, '--jq', '.giftCard | .id, .orderId']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${DEMO_IDS[3]}\n5200000000000001873\n`);
  });

  it("--paginate --jq runs once per page, over that page's items; --slurp gathers every page into one array", async () => {
    const each = await api(['GET', 'gift_cards/search', '--paginate', '-F', 'limit=3', '--jq', '.[].id']);
    expect(each.code, each.stderr).toBe(0);
    expect(each.stdout).toBe(DEMO_IDS.map((id) => `${id}\n`).join(''));
    // One run a page (pages of 3, 3 and 2), as gh api --paginate --jq.
    const perPage = await api(['GET', 'gift_cards/search', '--paginate', '-F', 'limit=3', '--jq', 'length']);
    expect(perPage.stdout).toBe('3\n3\n2\n');

    log.clear();
    const slurped = await api(['GET', 'gift_cards/search', '--paginate', '--slurp', '-F', 'limit=3']);
    expect(slurped.code, slurped.stderr).toBe(0);
    expect((await log.take()).filter((l) => l.path.includes('/gift_cards/search'))).toHaveLength(3);
    expect(slurped.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect([...slurped.stdout.matchAll(/"id":(\d+)/g)].map((m) => m[1])).toEqual(DEMO_IDS);

    const counted = await api(['GET', 'gift_cards/search', '--paginate', '--slurp', '-F', 'limit=3', '--jq', 'length, (map(.id) == (map(.id) | sort))']);
    expect(counted.stdout).toBe('8\ntrue\n');
  });

  it('--paginate --jq failing on the data: its error once, the first page only, nothing on stdout', async () => {
    log.clear();
    const r = await api(['GET', 'gift_cards/search', '--paginate', '-F', 'limit=3', '--jq', '.[] | .balance + 1']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.match(/cannot be added/g)).toHaveLength(1);
    expect((await log.take()).filter((l) => l.path.includes('/gift_cards/search'))).toHaveLength(1);
  });

  it('--slurp without --paginate is exit 2, nothing sent', async () => {
    log.clear();
    expectUsageError(await api(['GET', 'gift_cards/search', '--slurp']), '--slurp');
    expect(await log.take()).toEqual([]);
  });

  it('a --jq that does not compile is exit 2 before the request', async () => {
    log.clear();
    expectUsageError(await api(['GET', 'gift_cards/count', '--jq', '.count |']), "--jq '.count |'");
    expect(await log.take()).toEqual([]);
  });
});
