// The package API (`store-cli/sandbox`, src/sandbox/package.ts) in process: requests() reads the
// sandbox's request log from the last reset() on, and the options reach the sandbox.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxUsageError, startSandbox, type Sandbox } from '../../src/sandbox/package.js';
import { REPO_ROOT } from '../helpers/cli-spawn.js';
import { startReceiver } from './webhook-receiver.js';

async function api(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { 'X-Service-Access-Token': sandbox.token, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

const product = { product: { title: 'Mug', productType: 'normal', variants: [{ price: '9.00' }] } };

describe('startSandbox from store-cli/sandbox', () => {
  it("lists the log's requests since the last reset(), while the sandbox's own log keeps them all", async () => {
    const sandbox = await startSandbox({ seed: { giftCards: [{ id: '4100000000000000001', code: 'SEEDED000001', initialValue: '10.00' }] } });
    try {
      await api(sandbox, 'GET', '/api/202412/gift_cards/search?limit=5');
      expect(sandbox.requests().map((r) => [r.kind, r.method, r.path, r.query, r.status])).toEqual([
        ['request', 'GET', '/api/202412/gift_cards/search', 'limit=5', 200],
      ]);
      await sandbox.reset();
      expect(sandbox.requests()).toEqual([]);
      await api(sandbox, 'GET', '/api/202412/gift_cards/count');
      expect(sandbox.requests().map((r) => r.path)).toEqual(['/api/202412/gift_cards/count']);
      const log = await api(sandbox, 'GET', '/_sandbox/logs');
      expect(log.json.entries.map((entry: any) => entry.path)).toEqual(['/api/202412/gift_cards/search', '/api/202412/gift_cards/count']);
    } finally {
      await sandbox.stop();
    }
  });

  it("lists the deliveries to a seed's subscription, and takes targeted fault rules", async () => {
    const receiver = await startReceiver();
    const sandbox = await startSandbox({
      seed: { webhooks: [{ id: '4500000000000000001', address: receiver.url, topic: 'products/create' }] },
      faults: { rules: ['GET /api/202412/gift_cards/count 503'], seed: 1 },
    });
    try {
      expect((await api(sandbox, 'GET', '/api/202412/gift_cards/count')).status).toBe(503);
      expect((await api(sandbox, 'POST', '/api/202412/products', product)).status).toBe(200);
      await receiver.until((received) => received.length === 1);
      await expect
        .poll(() =>
          sandbox
            .requests()
            .filter((r) => r.kind === 'webhook')
            .map((r) => [r.topic, r.path, r.status]),
        )
        .toEqual([['products/create', receiver.url.replace(/\?.*$/, ''), 200]]);
    } finally {
      await sandbox.stop();
      await receiver.close();
    }
  });

  it.each([
    [
      { faults: ['POST /api/202412/metafields/** 503@0.3'] },
      'startSandbox() option faults must be an object {rate?, seed?, kinds?, rules?, header?}, not an array.',
    ],
    [{ failSeed: 7 }, 'startSandbox() has no option failSeed (did you mean faults.seed?).'],
    [{ bogus: 1 }, 'startSandbox() has no option bogus.'],
    [{ ratelimit: 'basic' }, 'startSandbox() has no option ratelimit (did you mean rateLimit?).'],
    [{ port: '8080' }, 'startSandbox() option port must be a number, not "8080".'],
    [{ faults: { rules: ['GET /x 302'] } }, `startSandbox() option faults.rules[0]: "GET /x 302": the status '302' must be an HTTP status 400..599`],
    [{ faults: { seed: 7, sead: 1 } }, 'startSandbox() has no option faults.sead.'],
    [{ tokens: [{ token: 't', scopes: ['nope'] }] }, 'startSandbox() option tokens[0].scopes[0] must be one of "read_gift_card"'],
    [{ webhooks: true }, 'startSandbox() option webhooks must be {urls?, secret?} or false, not boolean true.'],
  ])('refuses %j with SandboxUsageError naming the option, before listening', async (options, message) => {
    const error = await startSandbox(options as never).then(
      (sandbox) => sandbox.stop().then(() => undefined),
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toContain(message);
  });

  it('takes every documented option (docs/sandbox.md), codesInReads included', async () => {
    const sandbox = await startSandbox({
      seed: 'demo',
      dialect: 'service',
      rateLimit: { rps: 100, burst: 100 },
      faults: { rate: 0, seed: 7, kinds: ['503'], rules: ['GET /never 500'], header: false },
      tokens: [{ token: 'tok', scopes: ['read_gift_card'] }],
      idsAs: 'string',
      codesInReads: 'shown',
      webhooks: false,
      logSize: 10,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const cards = await api(sandbox, 'GET', '/api/202412/gift_cards/search?limit=1');
      expect(cards.status).toBe(200);
      expect(cards.json.giftCards[0].code).not.toMatch(/^\*/);
    } finally {
      await sandbox.stop();
    }
  });

  it('addFault() adds a targeted rule from the next request, removeFault() takes it away; a bad rule or an unknown id throws SandboxUsageError', async () => {
    const sandbox = await startSandbox({ seed: 'demo', faults: { rules: ['GET /never 500'] } });
    try {
      expect((await api(sandbox, 'GET', '/api/202412/gift_cards/count')).status).toBe(200);
      const fault = sandbox.addFault('get /api/202412/gift_cards/count 503');
      expect(fault).toEqual({
        id: '2',
        rule: 'GET /api/202412/gift_cards/count 503',
        method: 'GET',
        path: '/api/202412/gift_cards/count',
        status: 503,
        probability: 1,
        latencyMs: 0,
      });
      expect((await api(sandbox, 'GET', '/api/202412/gift_cards/count')).status).toBe(503);
      // The same rules as the control endpoint lists.
      expect((await api(sandbox, 'GET', '/_sandbox/faults')).json.faults.map((f: { id: string }) => f.id)).toEqual(['1', '2']);
      expect(sandbox.removeFault(fault.id)).toEqual(fault);
      expect((await api(sandbox, 'GET', '/api/202412/gift_cards/count')).status).toBe(200);
      expect(() => sandbox.addFault('GET /x 302')).toThrow(SandboxUsageError);
      expect(() => sandbox.addFault('GET /x 302')).toThrow(/^addFault\("GET \/x 302"\): .*302/);
      expect(() => sandbox.removeFault(fault.id)).toThrow(/^removeFault\("2"\): no fault rule has this id/);
      // @ts-expect-error: JavaScript may pass anything
      expect(() => sandbox.addFault({ rule: 'GET ** 503' })).toThrow(/addFault\(\) takes a fault rule as text/);
    } finally {
      await sandbox.stop();
    }
  });

  it('every option docs/sandbox.md names in code is one the package takes (faults.header, not allowFaultHeader)', async () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'sandbox.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Using the sandbox from a test suite'));
    const snippets = [
      ...[...doc.matchAll(/startSandbox\((\{[^`]*\})\)/g)].map((m) => m[1]!),
      ...[...doc.matchAll(/in code\s+`([^`]+)`/gi)].map((m) =>
        m[1]!.startsWith('{') || m[1]!.startsWith('startSandbox') ? m[1]!.replace(/^startSandbox\((.*)\)$/s, '$1') : `{${m[1]}}`,
      ),
      // The options table: each option, and the keys an object option lists as {a?, b?}.
      ...[...section.matchAll(/^\| `(\w+)`(?:, `(\w+)`)? \| (?:`(\{[^`]*\})`)?/gm)].flatMap((m) => [
        `{${m[1]}: 0}`,
        ...(m[2] ? [`{${m[2]}: 0}`] : []),
        ...(m[3] && !m[3].includes('token') ? [`{${m[1]}: ${m[3]}}`] : []),
      ]),
    ];
    const paths = new Set(snippets.flatMap(keyPaths).map((path) => path.join('.')));
    expect([...paths]).toEqual(expect.arrayContaining(['faults.header', 'faults.rules', 'webhooks.secret', 'codesInReads', 'dialect', 'logSize']));
    for (const path of paths) {
      const options = path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), undefined) as Record<string, unknown>;
      const started = await startSandbox(options).catch((error: Error) => error);
      if (started instanceof Error) expect(started.message, path).not.toMatch(/has no option/);
      else await started.stop();
    }
  });
});

/** The key paths of a JavaScript object literal as the docs write one (`{ faults: { header: true } }`, `{rate?, seed?}`): strings and arrays skipped. */
function keyPaths(text: string): string[][] {
  const paths: string[][] = [];
  const stack: string[] = [];
  let pending: string | undefined;
  const words = text.match(/'[^']*'|"[^"]*"|\[[^\]]*\]|[A-Za-z_$][\w$]*\??|[{}:,]/g) ?? [];
  for (const [index, word] of words.entries()) {
    if (word === '{') {
      if (pending !== undefined) stack.push(pending);
      pending = undefined;
    } else if (word === '}') stack.pop();
    else if (/^[A-Za-z_$]/.test(word)) {
      const next = words[index + 1];
      const previous = words[index - 1];
      // A key: before a colon, or alone between `{`/`,` and `,`/`}` (shorthand, or `name?` in a type).
      if (next === ':' || ((previous === '{' || previous === ',') && (next === ',' || next === '}'))) {
        const key = word.replace(/\?$/, '');
        paths.push([...stack, key]);
        pending = key;
      }
    }
  }
  return paths;
}
