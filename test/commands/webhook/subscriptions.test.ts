// `webhook subscribe`, `webhook subscriptions` and `webhook unsubscribe`, in-process against
// a real sandbox in each dialect (its /app/webhooks API).
import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';

const APP = 'https://app.example.com/webhooks';

describe.each(DIALECTS)('webhook subscriptions, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    onRequest: log.hook,
    tokens: [
      { token: 'all-scopes-token', scopes: ['read_apps', 'write_apps', 'read_products', 'write_products'] },
      { token: 'reader-token', scopes: ['read_apps'] },
      { token: 'products-token', scopes: ['read_products'] },
    ],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });

  async function subscribe(topic: string, address: string): Promise<{ id: string }> {
    const r = await cli(['webhook', 'subscribe', '--topic', topic, '--address', address, '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { id: string };
  }

  it('subscribe prints the subscription the store made; --json fields pick from it', async () => {
    const r = await cli(['webhook', 'subscribe', '--topic', 'products/create', '--address', `${APP}/a`, '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const made = JSON.parse(r.stdout);
    expect(made).toMatchObject({ id: expect.stringMatching(/^\d{19}$/), address: `${APP}/a`, topic: 'products/create', format: 'json' });
    expect(JSON.parse((await call(s.sandbox, 'GET', `/app/webhooks/${made.id}`)).text).webhook).toEqual(made);
    const picked = await cli(['webhook', 'subscribe', '--topic', 'products/delete', '--address', `${APP}/a`, '--json', 'topic,address'], { env: s.env });
    expect(JSON.parse(picked.stdout)).toEqual({ topic: 'products/delete', address: `${APP}/a` });
    // Piped without --json: one FIELD<TAB>value line each.
    const piped = await cli(['webhook', 'subscribe', '--topic', 'products/update', '--address', `${APP}/a`], { env: s.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(tsvRows(piped.stdout).slice(0, 3)).toEqual([
      ['ID', expect.stringMatching(/^\d+$/)],
      ['TOPIC', 'products/update'],
      ['ADDRESS', `${APP}/a`],
    ]);
  });

  it('subscriptions lists them as rows, JSON or filtered by topic and address', async () => {
    const first = await subscribe('products/create', `${APP}/list-1`);
    const second = await subscribe('products/delete', `${APP}/list-2`);
    const rows = tsvRows((await cli(['webhook', 'subscriptions'], { env: s.env })).stdout);
    expect(rows).toContainEqual([first.id, 'products/create', `${APP}/list-1`, expect.any(String)]);
    expect(rows).toContainEqual([second.id, 'products/delete', `${APP}/list-2`, expect.any(String)]);
    const json = await cli(['webhook', 'subscriptions', '--topic', 'products/delete', '--address', `${APP}/list-2`, '--json', 'id,topic'], {
      env: as('reader-token'),
    });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([{ id: second.id, topic: 'products/delete' }]);
    const none = await cli(['webhook', 'subscriptions', '--address', `${APP}/nobody`], { env: s.env });
    expect(none).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it("refuses a bad topic or address, or a duplicate: exit 2 with nothing sent, or the store's 409 with exit 1", async () => {
    log.clear();
    for (const topic of ['orders', 'orders/', '/create', 'orders/create/x', 'orders create', '1orders/create']) {
      expectUsageError(await cli(['webhook', 'subscribe', '--topic', topic, '--address', APP], { env: s.env }), '--topic must be a topic written noun/verb');
    }
    expectUsageError(
      await cli(['webhook', 'subscribe', '--topic', 'products/create', '--address', 'app.example.com/hooks'], { env: s.env }),
      '--address must be an absolute http or https URL',
    );
    expectUsageError(await cli(['webhook', 'subscribe', '--topic', 'products/create'], { env: s.env }), '--address');
    expectUsageError(await cli(['webhook', 'subscriptions', '--topic', 'nope'], { env: s.env }), '--topic');
    expect(await log.take()).toEqual([]);
    await subscribe('products/update', `${APP}/dup`);
    const again = await cli(['webhook', 'subscribe', '--topic', 'products/update', '--address', `${APP}/dup`], { env: s.env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: .*409.*already/);
    expectNoStackTrace(again.stderr);
  });

  it('subscribes to any documented topic without a word of warning; a near miss of one exits 2 naming it; another undocumented one is sent with a warning', async () => {
    log.clear();
    for (const topic of ['orders/create', 'customers/data_request', 'app/scopesUpdate', 'shop/redact']) {
      const r = await cli(['webhook', 'subscribe', '--topic', topic, '--address', `${APP}/any`, '--json', 'topic'], { env: s.env });
      expect({ ...r, stdout: JSON.parse(r.stdout) }, topic).toEqual({ code: 0, stdout: { topic }, stderr: '' });
    }
    for (const [typo, meant] of [
      ['order/create', 'orders/create'],
      ['orders/created', 'orders/create'],
      ['products/udpate', 'products/update'],
    ]) {
      const refused = await cli(['webhook', 'subscribe', '--topic', typo!, '--address', `${APP}/any`], { env: s.env });
      expectUsageError(refused, `--topic ${typo} is not a topic the store documents: did you mean ${meant}? Nothing was sent.`);
    }
    const count = await cli(['webhook', 'subscription', 'count', '--topic', 'order/create'], { env: s.env });
    expectUsageError(count, 'did you mean orders/create?');
    const odd = await cli(['webhook', 'subscribe', '--topic', 'orders/archived', '--address', `${APP}/any`], { env: s.env });
    expect(odd.stderr).toMatch(/^warning: --topic orders\/archived is not a topic the store documents/);
    // Sent all the same: the sandbox, as a store, refuses a topic it never sends.
    expect(odd.code).toBe(1);
    expect(odd.stderr).toMatch(/webhook\.topic/);
    expect((await log.take()).map((entry) => `${entry.method} ${entry.status}`)).toEqual(['POST 201', 'POST 201', 'POST 201', 'POST 201', 'POST 400']);
  });

  it('subscription update changes the address or the topic and prints the subscription; neither flag exits 2', async () => {
    const made = await subscribe('orders/create', `${APP}/before`);
    const moved = await cli(['webhook', 'subscription', 'update', made.id, '--address', `${APP}/after`, '--json', 'id,address,topic'], { env: s.env });
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout)).toEqual({ id: made.id, address: `${APP}/after`, topic: 'orders/create' });
    log.clear();
    const retopic = await cli(['webhook', 'subscription', 'update', made.id, '--topic', 'orders/cancelled'], { env: s.env });
    expect(retopic.code, retopic.stderr).toBe(0);
    expect(tsvRows(retopic.stdout).slice(0, 3)).toEqual([
      ['ID', made.id],
      ['TOPIC', 'orders/cancelled'],
      ['ADDRESS', `${APP}/after`],
    ]);
    expect(await log.take()).toEqual([{ method: 'PUT', path: `/api/202412/app/webhooks/${made.id}`, status: 200 }]);
    expect(JSON.parse((await call(s.sandbox, 'GET', `/app/webhooks/${made.id}`)).text).webhook).toMatchObject({
      topic: 'orders/cancelled',
      address: `${APP}/after`,
    });

    log.clear();
    const dry = await cli(['webhook', 'subscription', 'update', made.id, '--address', `${APP}/dry`, '--dry-run', '--json'], { env: s.env });
    expect(JSON.parse(dry.stdout)).toEqual([{ method: 'PUT', path: `/api/202412/app/webhooks/${made.id}`, body: { webhook: { address: `${APP}/dry` } } }]);
    expectUsageError(await cli(['webhook', 'subscription', 'update', made.id], { env: s.env }), '--address, --topic or both');
    expectUsageError(
      await cli(['webhook', 'subscription', 'update', made.id, '--topic', 'orders'], { env: s.env }),
      '--topic must be a topic written noun/verb',
    );
    expectUsageError(await cli(['webhook', 'subscription', 'update', made.id, '--address', 'ftp://x'], { env: s.env }), '--address');
    expectUsageError(await cli(['webhook', 'subscription', 'update', '12ab', '--address', APP], { env: s.env }), '<webhookId>');
    expect(await log.take()).toEqual([]);
    const unknown = await cli(['webhook', 'subscription', 'update', '999', '--address', APP], { env: s.env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/404/);
  });

  it('subscription count counts them, all or of one topic or address, as {"count": N} with --json', async () => {
    const before = await cli(['webhook', 'subscription', 'count', '--json'], { env: s.env });
    expect(before.code, before.stderr).toBe(0);
    const { count } = JSON.parse(before.stdout) as { count: number };
    await subscribe('discounts/create', `${APP}/count-1`);
    await subscribe('discounts/create', `${APP}/count-2`);
    await subscribe('collections/update', `${APP}/count-1`);
    log.clear();
    expect(await cli(['webhook', 'subscription', 'count'], { env: as('reader-token') })).toEqual({ code: 0, stdout: `${count + 3}\n`, stderr: '' });
    expect((await cli(['webhook', 'subscription', 'count', '--topic', 'discounts/create'], { env: s.env })).stdout).toBe('2\n');
    expect(JSON.parse((await cli(['webhook', 'subscription', 'count', '--address', `${APP}/count-1`, '--json'], { env: s.env })).stdout)).toEqual({ count: 2 });
    expect((await log.take()).map((entry) => `${entry.method} ${entry.path.replace(/\?.*/, '')}`)).toEqual(Array(3).fill('GET /api/202412/app/webhooks/count'));
    expectUsageError(await cli(['webhook', 'subscription', 'count', '--topic', 'discounts'], { env: s.env }), '--topic');
  });

  it('a token without write_apps: exit 4 naming the scope; one without read_apps cannot list', async () => {
    const refused = await cli(['webhook', 'subscribe', '--topic', 'products/create', '--address', `${APP}/nope`], { env: as('reader-token') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('write_apps');
    expect((await cli(['webhook', 'subscriptions'], { env: as('products-token') })).code).toBe(4);
  });

  it('unsubscribe --yes deletes; without a terminal it needs --yes; an unknown id exits 1', async () => {
    const made = await subscribe('products/create', `${APP}/gone`);
    log.clear();
    expectUsageError(await cli(['webhook', 'unsubscribe', made.id], { env: s.env }), '--yes');
    expect(await log.take()).toEqual([]);
    const r = await cli(['webhook', 'unsubscribe', made.id, '--yes'], { env: s.env });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await log.take()).toEqual([{ method: 'DELETE', path: `/api/202412/app/webhooks/${made.id}`, status: 200 }]);
    expect((await call(s.sandbox, 'GET', `/app/webhooks/${made.id}`)).status).toBe(404);
    const unknown = await cli(['webhook', 'unsubscribe', made.id, '--yes'], { env: s.env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/404/);
    expectUsageError(await cli(['webhook', 'unsubscribe', '../x', '--yes'], { env: s.env }), '<webhookId>');
  });

  it('unsubscribe in a terminal asks, naming topic and address; declined: exit 2, kept; accepted: deleted', async () => {
    const made = await subscribe('products/delete', `${APP}/asked`);
    const declined = await liveCli(['webhook', 'unsubscribe', made.id], { env: s.env, tty: true, stdin: 'n\n' }).done;
    expect(declined.code).toBe(2);
    // The prompt wraps at the terminal's width.
    const asked = stripAnsi(declined.stderr).replace(/\s+/g, ' ');
    expect(asked).toContain(`Delete webhook subscription ${made.id} (products/delete to ${APP}/asked)?`);
    expect((await call(s.sandbox, 'GET', `/app/webhooks/${made.id}`)).status).toBe(200);
    const accepted = await liveCli(['webhook', 'unsubscribe', made.id], { env: s.env, tty: true, stdin: 'y\n' }).done;
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(stripAnsi(accepted.stderr).replace(/\s+/g, ' ')).toContain(`Deleted webhook subscription ${made.id} (products/delete to ${APP}/asked).`);
    expect((await call(s.sandbox, 'GET', `/app/webhooks/${made.id}`)).status).toBe(404);
  });

  it('--dry-run prints the write and sends nothing', async () => {
    const made = await subscribe('products/create', `${APP}/dry`);
    log.clear();
    const sub = await cli(['webhook', 'subscribe', '--topic', 'products/update', '--address', `${APP}/dry`, '--dry-run', '--json'], { env: s.env });
    expect(sub.code, sub.stderr).toBe(0);
    expect(JSON.parse(sub.stdout)).toEqual([
      { method: 'POST', path: '/api/202412/app/webhooks', body: { webhook: { address: `${APP}/dry`, topic: 'products/update' } } },
    ]);
    const unsub = await cli(['webhook', 'unsubscribe', made.id, '--dry-run'], { env: s.env });
    expect(unsub.code, unsub.stderr).toBe(0);
    expect(unsub.stdout).toBe(`DELETE\t/api/202412/app/webhooks/${made.id}\t\n`);
    expect(await log.take()).toEqual([]);
  });
});

describe.each(DIALECTS)('webhook subscriptions over several pages, %s dialect', (dialect) => {
  const s = useSandbox({ dialect });

  it('follows the next-page links to the end: every subscription once, in order', async () => {
    const made: string[] = [];
    for (let index = 0; index < 55; index += 1) {
      const reply = await call(s.sandbox, 'POST', '/app/webhooks', { webhook: { address: `${APP}/page-${index}`, topic: 'products/create' } });
      expect(reply.status).toBe(201);
      made.push(JSON.parse(reply.text).webhook.id);
    }
    const r = await cli(['webhook', 'subscriptions', '--jsonl', 'id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual(made);
  });
});
