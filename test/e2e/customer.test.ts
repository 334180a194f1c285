// The built CLI against `sandbox serve` in both dialects: every customer verb, a token without
// protected-field access, giftcard create --customer EMAIL, and webhook trigger of the new
// topics (to the sandbox's neighbour, a tiny receiver). Exit codes and streams as a script sees them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectArgs, DIALECTS } from '../helpers/dialects.js';
import { run, useServed } from '../helpers/cli-spawn.js';

const ADA = '7300000000000000101';
const PLAIN = 'plain-token-000000001';
const FULL = 'full-token-0000000001';

describe.each(DIALECTS)('customer, spawned (%s dialect)', (dialect) => {
  const served = useServed(['--json', '--quiet', '--demo', ...dialectArgs(dialect), '--token', FULL, '--token', `${PLAIN}:read_customers,write_customers,read_gift_card,write_gift_card`]);
  const env = (token = FULL) => served.sandbox.env({ STORE_CLI_TOKEN: token });

  it('list, search, get and count', async () => {
    const listed = await run(['customer', 'list', '--json', 'email'], { env: env() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([{ email: 'ada@example.com' }, { email: 'grace@example.com' }, { email: 'linus@example.com' }, { email: null }]);
    const found = await run(['customer', 'search', '--email', 'linus@example.com'], { env: env() });
    expect(found.stdout.split('\t')[3]).toBe('linus@example.com');
    const got = await run(['customer', 'get', ADA, '--json', 'firstName,totalSpent'], { env: env() });
    expect(JSON.parse(got.stdout)).toEqual({ firstName: 'Ada', totalSpent: '842.50' });
    const counted = await run(['customer', 'count'], { env: env() });
    expect(counted.stdout).toBe('4\n');
  });

  it('create, update, delete; a bad flag exits 2 and a missing customer 1', async () => {
    const made = await run(['customer', 'create', '--email', `e2e-${dialect}@example.com`, '--json', 'id'], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    const { id } = JSON.parse(made.stdout) as { id: string };
    const updated = await run(['customer', 'update', id, '--first-name', 'Edsger', '--json', 'firstName'], { env: env() });
    expect(JSON.parse(updated.stdout)).toEqual({ firstName: 'Edsger' });
    const deleted = await run(['customer', 'delete', id], { env: env() });
    expect(deleted.code).toBe(2);
    expect(deleted.stderr).toContain('--yes');
    expect((await run(['customer', 'delete', id, '--yes'], { env: env() })).code).toBe(0);
    const gone = await run(['customer', 'get', id], { env: env() });
    expect(gone.code).toBe(1);
    expect(gone.stderr).not.toMatch(/\n\s+at /);
    const bad = await run(['customer', 'create', '--email', 'nope'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email must be an email address');
  });

  it('without protected-field access: (withheld), never empty, and withheld in --json', async () => {
    const piped = await run(['customer', 'get', ADA], { env: env(PLAIN) });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('EMAIL\t(withheld)\n');
    expect(piped.stdout).toContain('ADDRESSES\t(withheld)\n');
    const json = JSON.parse((await run(['customer', 'get', ADA, '--json'], { env: env(PLAIN) })).stdout) as Record<string, unknown>;
    expect(json).not.toHaveProperty('email');
    expect(json.withheld).toEqual(['firstName', 'lastName', 'email', 'phone', 'addresses']);
    const doctor = await run(['doctor', '--json'], { env: env(PLAIN), timeoutMs: 30_000 });
    const line = (JSON.parse(doctor.stdout) as Array<{ check: string; status: string; detail: string }>).find((l) => l.check === 'protected fields');
    expect(line).toMatchObject({ status: 'warn', detail: 'not granted: the store withheld the names, emails, phones and addresses of customers' });
  });

  it('giftcard create --customer EMAIL: the id sent, found by a token without protected-field access', async () => {
    const r = await run(['giftcard', 'create', '--initial-value', '15', '--customer', 'ada@example.com', '--json', 'customerId'], { env: env(PLAIN) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ customerId: ADA });
  });
});

describe('webhook trigger of the new topics, spawned', () => {
  let server: Server;
  let url = '';
  const bodies: Array<{ topic: string; body: unknown }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        bodies.push({ topic: String(req.headers['x-service-topic']), body: JSON.parse(text) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(['orders/fulfilled', 'customers/delete', 'discounts/update'])('%s reaches the handler', async (topic) => {
    const r = await run(['webhook', 'trigger', topic, '--to', url, '--secret', 'e2e-secret', '--json', 'topic,status']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ topic, status: 200 });
    expect(bodies.at(-1)?.topic).toBe(topic);
  });
});
