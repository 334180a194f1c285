import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, freshCode, requestLog, tsvRows, waitFor } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { loseFirst, useLossyProxy } from '../../helpers/lossy-proxy.js';
import { SimClock } from '../../bulk/sim-clock.js';

const GENERATED = /[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{16}/;
const CREATE = '/api/202412/gift_cards';

// The backoffs between tries go by a simulated clock: five tries take no real time.
const clock = new SimClock().autoAdvance();

/** Occurrences of `needle` in `text`, ignoring case (the store compares codes so). */
function occurrences(text: string, needle: string): number {
  return text.toLowerCase().split(needle.toLowerCase()).length - 1;
}

describe('giftcard create when the store applied it but the answer was lost', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'none', onRequest: log.hook });
  const proxy = useLossyProxy(() => s.sandbox);
  const cardCount = async () => Number(JSON.parse((await call(s.sandbox, 'GET', '/gift_cards/count')).text).count);

  it('the first answer lost: resent with the same code, the card is read back and shown once; one card made', async () => {
    proxy.use(loseFirst('POST', CREATE, 1));
    const before = await cardCount();
    log.clear();
    const r = await cli(['giftcard', 'create', '--initial-value', '25', '--note', 'Lost answer'], { env: proxy.env, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.lost).toBe(1);
    const rows = new Map(tsvRows(r.stdout).map(([k, v]) => [k!, v ?? '']));
    const code = rows.get('CODE')!;
    expect(code).toMatch(new RegExp(`^${GENERATED.source}$`));
    expect(occurrences(r.stdout, code)).toBe(1);
    expect(occurrences(r.stderr, code)).toBe(0);
    expect(rows.get('INITIAL')).toBe('25.00');
    expect(rows.get('NOTE')).toBe('Lost answer');
    expect(r.stderr).toContain("The store's first answer was lost, but the card was created");
    // The sandbox made it once, refused the resend as a taken code, then was read.
    const requests = await log.take();
    expect(requests.map((q) => `${q.method} ${q.path.split('?')[0]} ${q.status}`)).toEqual([
      `POST ${CREATE} 200`,
      `POST ${CREATE} 409`,
      `GET ${CREATE}/search 200`,
    ]);
    expect(requests[2]!.path).toContain(`lastCharacters=${code.slice(-4)}`);
    expect(await cardCount()).toBe(before + 1);
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${rows.get('ID')}`)).text).giftCard;
    expect(stored.lastCharacters).toBe(code.slice(-4));
  });

  it('every answer lost: exit 1 with the code once and how to check; a re-run with --code makes no second card', async () => {
    proxy.use(loseFirst('POST', CREATE, Infinity));
    const before = await cardCount();
    log.clear();
    const r = await cli(['giftcard', 'create', '--initial-value', '30'], { env: proxy.env, clock });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expectNoStackTrace(r.stderr);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    const code = GENERATED.exec(r.stderr)?.[0];
    expect(code, r.stderr).toBeDefined();
    expect(occurrences(r.stderr, code!)).toBe(1);
    expect(r.stderr).toMatch(/^error: Could not complete the POST request .*The gift card may have been created anyway\./);
    expect(r.stderr).toContain(
      `Check with 'store-cli giftcard search --last-characters ${code!.slice(-4)}', or run this create again adding --code ${code}: that is safe`,
    );
    // Five tries, all with the same code: the first made the card, the rest found it taken.
    expect((await log.take()).map((q) => q.status)).toEqual([200, 409, 409, 409, 409]);
    expect(await cardCount()).toBe(before + 1);

    proxy.use(() => false);
    log.clear();
    const again = await cli(['giftcard', 'create', '--initial-value', '30', '--code', code!, '--json'], { env: proxy.env, clock });
    expect(again.code, again.stderr).toBe(0);
    const card = JSON.parse(again.stdout);
    expect(card).toMatchObject({ code, lastCharacters: code!.slice(-4), initialValue: '30.00', balance: '30.00' });
    expect(again.stderr).toMatch(/^A gift card with this code exists already, as asked \(created .+\): no second card was made\.\n$/);
    expect((await log.take()).map((q) => `${q.method} ${q.status}`)).toEqual(['POST 409', 'GET 200']);
    expect(await cardCount()).toBe(before + 1);
  });

  it('--verbose logs every try but never the code; it appears once, in the error', async () => {
    proxy.use(loseFirst('POST', CREATE, Infinity));
    const r = await cli(['--verbose', 'giftcard', 'create', '--initial-value', '5'], { env: proxy.env, clock });
    expect(r.code).toBe(1);
    expect((r.stderr.match(/^> POST /gm) ?? []).length).toBe(5);
    expect(r.stderr).toMatch(/\n\s+at /); // the stack, as --verbose promises
    const code = GENERATED.exec(r.stderr)?.[0];
    expect(code, r.stderr).toBeDefined();
    expect(occurrences(r.stderr, code!)).toBe(1);
  });

  it('a code given with --code is not echoed when the outcome stays unknown', async () => {
    proxy.use(loseFirst('POST', CREATE, Infinity));
    const code = freshCode('MINE');
    const r = await cli(['giftcard', 'create', '--initial-value', '5', '--code', code], { env: proxy.env, clock });
    expect(r.code).toBe(1);
    expect(occurrences(r.stderr, code)).toBe(0);
    expect(r.stderr).toContain(`--last-characters ${code.slice(-4)}', or run the same command again: that is safe`);
  });

  it('interrupted (Ctrl-C) while waiting for the answer: exit 130 with the code and how to check', async () => {
    proxy.use((request) => request.method === 'POST' && request.path === CREATE && 'hold');
    const before = await cardCount();
    log.clear();
    const lostBefore = proxy.lost;
    const controller = new AbortController();
    const run = liveCli(['giftcard', 'create', '--initial-value', '8'], { env: proxy.env, signal: controller.signal, clock });
    await waitFor(() => (proxy.lost === lostBefore + 1 ? true : undefined), 5000, 'the create to reach the sandbox');
    controller.abort();
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    const code = GENERATED.exec(r.stderr)?.[0];
    expect(code, r.stderr).toBeDefined();
    expect(occurrences(r.stderr, code!)).toBe(1);
    expect(r.stderr).toMatch(
      /^error: Interrupted\. The gift card may have been created anyway\. Check with 'store-cli giftcard search --last-characters \w{4}', or run this create again adding --code /,
    );
    expect((await log.take()).map((q) => `${q.method} ${q.status}`)).toEqual(['POST 200']);
    expect(await cardCount()).toBe(before + 1);
  });

  it('a code taken on the first try (no answer lost) by a card with other values stays an error', async () => {
    proxy.use(() => false);
    const code = freshCode('TAKEN');
    expect((await cli(['giftcard', 'create', '--code', code, '--initial-value', '10'], { env: proxy.env, clock })).code).toBe(0);
    const before = await cardCount();
    const r = await cli(['giftcard', 'create', '--code', code, '--initial-value', '20'], { env: proxy.env, clock });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*409/);
    expect(r.stderr).not.toContain('may have been created');
    expect(await cardCount()).toBe(before);
  });
});
