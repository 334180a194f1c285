import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec, type RunningSandbox } from '../../../src/sandbox/index.js';
import { launchSandbox } from '../../../src/sandbox/sandbox.js';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, createCardDirect, expectUsageError, freshCode, requestLog, waitFor } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { SimClock } from '../../bulk/sim-clock.js';

const dir = scratchDir('store-cli-api-test-');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** -i output: the status line and headers up to the blank line, and the body after it. */
function splitHead(stdout: string): [string, string] {
  const at = stdout.indexOf('\n\n');
  expect(at, stdout).toBeGreaterThan(0);
  return [stdout.slice(0, at + 1), stdout.slice(at + 2)];
}

/** `"key": digits` pairs of raw JSON text (any spacing): numbers exactly as written. */
function bareNumbers(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`"${key}":\\s*(\\d+)`, 'g'))].map((m) => m[1]!);
}

describe('api METHOD PATH', () => {
  const log = requestLog();
  const s = useSandbox({
    seed: 'demo',
    tokens: [parseTokenSpec('full-access-token-0001'), parseTokenSpec('readonly-token-0002:read_gift_card')],
    onRequest: log.hook,
  });
  const env = () => ({ ...s.env, STORE_CLI_TOKEN: 'full-access-token-0001' });

  it('GET a count: piped, the body exactly as the store sent it', async () => {
    const raw = await call(s.sandbox, 'GET', '/gift_cards/count', undefined, 'full-access-token-0001');
    log.clear();
    const r = await cli(['api', 'get', 'gift_cards/count'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(raw.text);
    expect(r.stderr).toBe('');
    expect(await log.take()).toEqual([{ method: 'GET', path: '/api/202412/gift_cards/count', status: 200 }]);
  });

  it("-X/--method names the method as gh api's does, PATH alone following; with the METHOD word too, or unknown, exit 2 and nothing sent", async () => {
    log.clear();
    const r = await cli(['api', '-X', 'GET', 'gift_cards/count'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ count: expect.any(String) });
    const code = freshCode('APIX');
    const post = await cli(['api', '--method', 'post', 'gift_cards', '-f', `giftCard[code]=${code}`, '-f', 'giftCard[initialValue]=5.00'], { env: env() });
    expect(post.code, post.stderr).toBe(0);
    expect((await log.take()).map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/202412/gift_cards/count', 'POST /api/202412/gift_cards']);
    expectUsageError(await cli(['api', '-X', 'GET', 'GET', 'gift_cards/count'], { env: env() }), '--method GET names the method, so only PATH follows');
    expectUsageError(
      await cli(['api', '-X', 'FETCH', 'gift_cards/count'], { env: env() }),
      "--method must be one of GET, POST, PUT, DELETE, PATCH (got 'FETCH')",
    );
    expectUsageError(await cli(['api', '-X', 'DELETE'], { env: env() }), 'needs a PATH after --method DELETE');
    expect(await log.take()).toEqual([]);
  });

  it('the path may carry the API prefix, with or without the leading slash; a terminal gets pretty JSON', async () => {
    for (const path of ['/api/202412/gift_cards/count', 'api/202412/gift_cards/count', '/gift_cards/count']) {
      log.clear();
      const r = await cli(['api', 'GET', path], { env: env(), tty: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^\{\n {2}"count": "\d+"\n\}\n$/);
      expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/gift_cards/count']);
    }
  });

  it('GET search with a query in the path and as fields; --json selects top-level fields', async () => {
    log.clear();
    const r = await cli(['api', 'GET', 'gift_cards/search?status=enabled', '-F', 'limit=2', '--json', 'giftCards'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { giftCards: Array<{ id: string }> };
    expect(Object.keys(body)).toEqual(['giftCards']);
    expect(body.giftCards).toHaveLength(2);
    const [request] = await log.take();
    expect(request!.path).toBe('/api/202412/gift_cards/search?status=enabled&limit=2');
  });

  it('POST with typed fields: an id beyond 2^53 reaches the store and comes back exact; amounts as raw strings', async () => {
    const code = freshCode('API');
    const r = await cli(
      [
        'api',
        'post',
        'gift_cards',
        '-f',
        `giftCard[code]=${code}`,
        '-f',
        'giftCard[initialValue]=12.50',
        '-F',
        'giftCard[customerId]=7300000000000000999',
        '-F',
        'giftCard[expireTime]=null',
      ],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`"customerId":"7300000000000000999"`);
    expect(r.stdout).toContain(`"code":"${code}"`);
    expect(r.stdout).toContain('"initialValue":"12.50"');
    const id = /"id":"(\d+)"/.exec(r.stdout)![1]!;
    const stored = await call(s.sandbox, 'GET', `/gift_cards/${id}`, undefined, 'full-access-token-0001');
    expect(stored.text).toContain('"customerId":"7300000000000000999"');
  });

  it('a POST is sent once (not retried) and its answer is printed losslessly with --json', async () => {
    log.clear();
    const r = await cli(
      [
        'api',
        'POST',
        'gift_cards',
        '-f',
        `giftCard[code]=${freshCode('API')}`,
        '-f',
        'giftCard[initialValue]=1.00',
        '-F',
        'giftCard[customerId]=9007199254740993',
        '--json',
      ],
      {
        env: env(),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"customerId":"9007199254740993"'); // piped: one compact line
    expect(await log.take()).toEqual([{ method: 'POST', path: '/api/202412/gift_cards', status: 200 }]);
  });

  it('PUT with --input FILE sends the file as the body', async () => {
    const card = await createCardDirect(s.sandbox);
    const body = file('update.json', '{"giftCard": {"balance": "7.25", "note": "from a file"}}\n');
    const r = await cli(['api', 'PUT', `gift_cards/${card.id}`, '--input', body], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"note":"from a file"');
    expect(r.stdout).toContain('"balance":"7.25"');
  });

  it('PUT with --input - reads the body from stdin', async () => {
    const card = await createCardDirect(s.sandbox);
    const r = await cli(['api', 'PUT', `gift_cards/${card.id}`, '--input', '-'], {
      env: env(),
      stdin: '{"giftCard": {"balance": "1.00", "note": "from stdin"}}',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"note":"from stdin"');
  });

  it('a POST from stdin with --input -: an id beyond 2^53 written as a bare number reaches the store exact; --json picks the card', async () => {
    const code = freshCode('APISTDIN');
    const r = await cli(['api', 'post', 'gift_cards', '--input', '-', '--json', 'giftCard'], {
      env: env(),
      stdin: `{"giftCard": {"code": "${code}", "initialValue": "5.00", "customerId": 7300000000000000999}}`,
    });
    expect(r.code, r.stderr).toBe(0);
    const card = (JSON.parse(r.stdout) as { giftCard: { code: string; customerId: string } }).giftCard;
    expect(card).toMatchObject({ code, customerId: '7300000000000000999' });
  });

  it("--field key=@FILE sends the file's text", async () => {
    const card = await createCardDirect(s.sandbox);
    const note = file('note.txt', 'a note, 42 characters, from a text file!!');
    const r = await cli(['api', 'PUT', `gift_cards/${card.id}`, '-f', 'giftCard[balance]=2.00', '-F', `giftCard[note]=@${note}`, '--json', 'giftCard'], {
      env: env(),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).giftCard.note).toBe('a note, 42 characters, from a text file!!');
  });

  it('DELETE with fields as its query; an empty answer prints nothing', async () => {
    const set = await call(
      s.sandbox,
      'POST',
      '/metafields/products/4000000000000000401',
      { metaFieldDataList: [{ namespace: 'apitest', code: 'gone', value: 'x' }] },
      'full-access-token-0001',
    );
    expect(set.status).toBe(200);
    log.clear();
    const r = await cli(['api', 'DELETE', 'metafields/products/4000000000000000401', '-F', 'namespace=apitest', '-F', 'code=gone'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ metafields: { namespace: 'apitest', code: 'gone', value: 'x' } });
    expect(await log.take()).toEqual([
      { method: 'DELETE', path: '/api/202412/metafields/products/4000000000000000401?namespace=apitest&code=gone', status: 200 },
    ]);
    const again = await call(s.sandbox, 'GET', '/metafields/count/products/4000000000000000401?namespace=apitest', undefined, 'full-access-token-0001');
    expect(again.text).toBe('{"count":"0"}');
  });

  it('--include prints the status and headers on stdout, then the body; stderr stays empty', async () => {
    const r = await cli(['api', 'GET', 'gift_cards/search', '-F', 'limit=1', '-i'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const [head, body] = splitHead(r.stdout);
    expect(head).toMatch(/^HTTP 200\n/);
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(head).toMatch(/^link: <.*pageToken=.*>; rel="next"$/m);
    expect(JSON.parse(body).giftCards).toHaveLength(1);
  });

  it("404: exit 1; the body exactly as sent on stdout, the one-sentence error with the store's message on stderr", async () => {
    const raw = await call(s.sandbox, 'GET', '/gift_cards/4999999999999999999', undefined, 'full-access-token-0001');
    const r = await cli(['api', 'GET', 'gift_cards/4999999999999999999'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(raw.text);
    expect(JSON.parse(r.stdout).code).toBe('not_found');
    expect(r.stderr).toMatch(/^error: The store found no such resource \(404 not_found\): .+\n$/);
    expect(r.stderr).toContain(JSON.parse(r.stdout).message.replace(/\.$/, ''));
    expect(r.stderr).not.toContain('{');
    expectNoStackTrace(r.stderr);
  });

  it('404 in a terminal: the body as sent (not pretty-printed), ended by a newline, on stdout', async () => {
    const raw = await call(s.sandbox, 'GET', '/gift_cards/4999999999999999999', undefined, 'full-access-token-0001');
    const r = await cli(['api', 'GET', 'gift_cards/4999999999999999999', '--no-color'], { env: env(), tty: true });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(raw.text.endsWith('\n') ? raw.text : `${raw.text}\n`);
    expect(r.stderr).toContain('error: The store found no such resource (404 not_found)');
  });

  it('404 with -i: the status line and headers, then the body, on stdout', async () => {
    const r = await cli(['api', 'GET', 'gift_cards/4999999999999999999', '-i'], { env: env() });
    expect(r.code).toBe(1);
    const [head, body] = splitHead(r.stdout);
    expect(head).toMatch(/^HTTP 404\n/);
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(body).code).toBe('not_found');
    expect(r.stderr).toMatch(/^error: The store found no such resource \(404 not_found\)/);
    expect(r.stderr).not.toContain('HTTP 404');
  });

  it('401 (a wrong token) exits 4 and is not retried; 403 (a missing scope) exits 4, its body on stdout', async () => {
    log.clear();
    const wrong = await cli(['api', 'GET', 'gift_cards/count'], { env: { ...env(), STORE_CLI_TOKEN: 'not-a-valid-token-XYZW' } });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toMatch(/^error: .*401/m);
    expect(wrong.stderr).not.toContain('not-a-valid-token-XYZW');
    expect(wrong.stdout).not.toContain('not-a-valid-token-XYZW');
    expect(await log.take()).toHaveLength(1);
    const readOnly = await cli(['api', 'POST', 'gift_cards', '-f', 'giftCard[initialValue]=1.00'], {
      env: { ...env(), STORE_CLI_TOKEN: 'readonly-token-0002' },
    });
    expect(readOnly.code).toBe(4);
    expect(JSON.parse(readOnly.stdout).code).toBe('forbidden');
    expect(readOnly.stderr).toMatch(/^error: .*403/m);
  });

  it('PATCH is sent (the store answers 405 here: exit 1)', async () => {
    log.clear();
    const r = await cli(['api', 'patch', 'gift_cards/4000000000000000011', '-F', 'giftCard[note]=x'], { env: env() });
    expect(r.code).toBe(1);
    expect(await log.take()).toEqual([{ method: 'PATCH', path: '/api/202412/gift_cards/4000000000000000011', status: 405 }]);
  });

  it.each([
    [['api', 'FETCH', 'gift_cards/count'], '<method>', 'GET, POST, PUT, DELETE, PATCH'],
    [['api', 'GET', 'gift_cards/count', '-F', 'limit'], '--field', 'key=value'],
    [['api', 'GET', 'gift_cards/count', '-f', '=1'], '--raw-field', 'key=value'],
    [['api', 'POST', 'gift_cards', '-F', 'a[b=1'], '--field', '[sub]'],
    [['api', 'POST', 'gift_cards', '-F', 'a=1', '-F', 'a[b]=2'], '--field a[b]', 'already given'],
    [['api', 'POST', 'gift_cards', '-F', 'a=1', '-f', 'a=2'], '--raw-field a', 'twice'],
    [['api', 'POST', 'gift_cards', '-F', `n=@${join(dir, 'missing.txt')}`], '--field', 'no such file'],
    [['api', 'POST', 'gift_cards', '--input', join(dir, 'missing.json')], '--input', 'no such file'],
    [['api', 'POST', 'gift_cards', '--input', '-', '-F', 'a=1'], '--input', 'cannot be combined'],
    [['api', 'GET', 'gift_cards/count', '--input', '-'], '--input', 'GET'],
    [['api', 'POST', 'gift_cards', '--paginate'], '--paginate', 'GET'],
    [['api', 'GET', 'gift_cards/count', '-H', `X-Service-Access-Token: stolen`], '--header', 'token'],
    [['api', 'GET', 'gift_cards/count', '-H', 'no colon'], '--header', 'NAME:VALUE'],
    [['api', 'GET', 'https://evil.example.com/api/202412/gift_cards/count'], '<path>', 'only sent to the store'],
    [['api', 'GET', '//evil.example.com/api/202412/gift_cards/count'], '<path>', 'only sent to the store'],
  ])('%j exits 2 naming %s, and sends nothing', async (argv, flag, words) => {
    log.clear();
    const r = await cli(argv, { env: env(), stdin: '{}' });
    expectUsageError(r, flag);
    expect(r.stderr.split('\n')[0]).toContain(words);
    expect(await log.take()).toEqual([]);
  });

  it('api PATH without a METHOD is a GET, and a POST when -f, -F or --input give a body (as gh api)', async () => {
    log.clear();
    const got = await cli(['api', 'gift_cards/count'], { env: env() });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toHaveProperty('count');
    const code = freshCode('API');
    const posted = await cli(['api', 'gift_cards', '-f', `giftCard[code]=${code}`, '-f', 'giftCard[initialValue]=5.00'], { env: env() });
    expect(posted.code, posted.stderr).toBe(0);
    const input = await cli(['api', 'gift_cards', '--input', '-'], {
      env: env(),
      stdin: JSON.stringify({ giftCard: { code: freshCode('API'), initialValue: '6.00' } }),
    });
    expect(input.code, input.stderr).toBe(0);
    expect((await log.take()).map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /api/202412/gift_cards/count',
      'POST /api/202412/gift_cards',
      'POST /api/202412/gift_cards',
    ]);
  });

  it.each([
    [['api'], 'store-cli api needs a PATH, such as gift_cards/count'],
    [['api', 'get'], 'store-cli api needs a PATH after GET, such as gift_cards/count'],
    [['api', '-F', 'a=1'], 'store-cli api needs a PATH, such as gift_cards/count'],
  ])('%j: exit 2 saying a PATH is needed (not "missing required argument"), nothing sent', async (argv, words) => {
    log.clear();
    const r = await cli(argv, { env: env() });
    expectUsageError(r, words);
    expect(r.stderr).toContain('store-cli api [METHOD] PATH');
    expect(r.stderr).not.toContain('missing required argument');
    expect(await log.take()).toEqual([]);
  });

  it('-q is short for --jq', async () => {
    const r = await cli(['api', 'gift_cards/count', '-q', '.count'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n$/);
    const listing = await cli(['giftcard', 'search', '-q', '.[0].id'], { env: env() });
    expect(listing.code, listing.stderr).toBe(0);
    expect(listing.stdout).toBe('4000000000000000011\n');
  });

  it('--input that is not JSON exits 2 naming the file, line and column; nothing sent', async () => {
    const bad = file('bad.json', '{\n  "giftCard": {"note": "x",}\n}\n');
    log.clear();
    const r = await cli(['api', 'POST', 'gift_cards', '--input', bad], { env: env() });
    expectUsageError(r, `--input ${bad}`);
    expect(r.stderr).toMatch(/is not valid JSON at line 2, column \d+: /);
    const empty = await cli(['api', 'POST', 'gift_cards', '--input', '-'], { env: env(), stdin: '' });
    expectUsageError(empty, '--input stdin is empty');
    expect(await log.take()).toEqual([]);
  });

  it('an absolute URL of the store itself is accepted; the token is sent only there', async () => {
    log.clear();
    const r = await cli(['api', 'GET', `${s.sandbox.baseUrl}/api/202412/gift_cards/count?x=1`], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('count');
    expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/gift_cards/count?x=1']);
  });

  it('--sandbox works too (the embedded sandbox, no credentials)', async () => {
    const r = await cli(['--sandbox', 'api', 'GET', 'gift_cards/4000000000000000011', '--json', 'giftCard']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).giftCard.id).toBe('4000000000000000011');
  });
});

describe('api --paginate', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'none', onRequest: log.hook, idsAs: 'number' });

  it('yields every gift card once as JSONL over pages of 2, ids exact', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createCardDirect(s.sandbox)).id);
    log.clear();
    const r = await cli(['api', 'GET', 'gift_cards/search', '--paginate', '-F', 'limit=2'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.flatMap((line) => bareNumbers(line, 'id'))).toEqual(ids);
    const requests = await log.take();
    expect(requests).toHaveLength(3);
    for (const q of requests) expect(new URL(q.path, 'http://x').searchParams.get('limit')).toBe('2');
    const fields = await cli(['api', 'GET', 'gift_cards/search', '--paginate', '-F', 'limit=2', '--json', 'id'], { env: s.env });
    expect(fields.stdout).toBe(ids.map((id) => `{"id":${id}}\n`).join(''));
  });

  it('a body that is not a list is one line', async () => {
    const r = await cli(['api', 'GET', 'gift_cards/count', '--paginate'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\{"count":\d+\}\n$/);
  });
});

describe('api: a 429 once the retries are spent', () => {
  // Every request is refused with 429 (Retry-After: 0, so the five tries take only the
  // client's backoff, on a simulated clock); the bucket header rides on every answer.
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await launchSandbox({ seed: 'demo', failRate: 1, failKinds: ['429'], rateLimit: { rps: 1000, burst: 1000 } }, { retryAfterSeconds: 0 });
  });
  afterAll(() => sandbox?.close());
  const env = () => ({ STORE_CLI_BASE_URL: sandbox!.baseUrl, STORE_CLI_TOKEN: sandbox!.token });
  const clock = new SimClock().autoAdvance();

  it('without -i: the body on stdout, the sentence on stderr, exit 1', async () => {
    const r = await cli(['api', 'GET', 'gift_cards/count'], { env: env(), clock });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).code).toBe('rate_limited');
    expect(r.stdout).not.toMatch(/^HTTP/);
    expect(r.stderr).toMatch(/^error: The store kept rate-limiting the request \(429 rate_limited\)/);
    expect(r.stderr).not.toContain('{');
  });

  it("with -i: the 429's status, Retry-After and rate-limit header, then the body, on stdout", async () => {
    const r = await cli(['api', 'GET', 'gift_cards/count', '--include'], { env: env(), clock });
    expect(r.code).toBe(1);
    const [head, body] = splitHead(r.stdout);
    expect(head).toMatch(/^HTTP 429\n/);
    expect(head).toMatch(/^retry-after: 0$/m);
    expect(head).toMatch(/^x-service-shop-api-rate-limit: \d+\/1000$/m);
    expect(head.match(/^HTTP /gm)).toHaveLength(1); // the final answer's, not each retry's
    expect(JSON.parse(body).code).toBe('rate_limited');
    expect(r.stderr).toMatch(/^error: .*429/);
  });
});

describe('api --paginate stopping early', () => {
  // One request a second: the second page meets a 429 and its Retry-After wait, which is
  // where Ctrl-C lands.
  const s = useSandbox({ seed: 'demo', rateLimit: { rps: 1, burst: 1 } });

  it('Ctrl-C between pages: exit 130, the lines already printed stay', async () => {
    const controller = new AbortController();
    const run = liveCli(['api', 'GET', 'gift_cards/search', '--paginate', '-F', 'limit=2'], { env: s.env, signal: controller.signal });
    await waitFor(() => (run.stdout().split('\n').length > 2 ? true : undefined), 5000, 'the first page');
    controller.abort();
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/^error: Interrupted\.$/m);
    expectNoStackTrace(r.stderr);
  });
});
