// Every customer verb against a demo sandbox started here, in both dialects: a token without
// protected-field access, giftcard create --customer EMAIL. Exit codes and streams as a script
// sees them. They ran as spawned processes before; test/e2e/smoke.test.ts keeps one run of
// the bundle.
import { describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useLogged } from '../../helpers/logged-sandbox.js';
import { SimClock } from '../../bulk/sim-clock.js';

const ADA = '7300000000000000101';
const PLAIN = 'plain-token-000000001';
const FULL = 'full-token-0000000001';

describe.each(DIALECTS)('customer verbs (%s dialect)', (dialect) => {
  const served = useLogged({
    seed: 'demo',
    dialect,
    tokens: [FULL, `${PLAIN}:read_customers,write_customers,read_gift_card,write_gift_card`].map(parseTokenSpec),
  });
  const env = (token = FULL) => served.store.env({ STORE_CLI_TOKEN: token });

  it('list, search, get and count', async () => {
    const listed = await cli(['customer', 'list', '--json', 'email'], { env: env() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([{ email: 'ada@example.com' }, { email: 'grace@example.com' }, { email: 'linus@example.com' }, { email: null }]);
    const found = await cli(['customer', 'search', '--email', 'linus@example.com'], { env: env() });
    expect(found.stdout.split('\t')[3]).toBe('linus@example.com');
    const got = await cli(['customer', 'get', ADA, '--json', 'firstName,totalSpent'], { env: env() });
    expect(JSON.parse(got.stdout)).toEqual({ firstName: 'Ada', totalSpent: '842.50' });
    const counted = await cli(['customer', 'count'], { env: env() });
    expect(counted.stdout).toBe('4\n');
  });

  it('create, update, delete; a bad flag exits 2 and a missing customer 1', async () => {
    const made = await cli(['customer', 'create', '--email', `e2e-${dialect}@example.com`, '--json', 'id'], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    const { id } = JSON.parse(made.stdout) as { id: string };
    const updated = await cli(['customer', 'update', id, '--first-name', 'Edsger', '--json', 'firstName'], { env: env() });
    expect(JSON.parse(updated.stdout)).toEqual({ firstName: 'Edsger' });
    const deleted = await cli(['customer', 'delete', id], { env: env() });
    expect(deleted.code).toBe(2);
    expect(deleted.stderr).toContain('--yes');
    expect((await cli(['customer', 'delete', id, '--yes'], { env: env() })).code).toBe(0);
    const gone = await cli(['customer', 'get', id], { env: env() });
    expect(gone.code).toBe(1);
    expect(gone.stderr).not.toMatch(/\n\s+at /);
    const bad = await cli(['customer', 'create', '--email', 'nope'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email must be an email address');
  });

  it('without protected-field access: (withheld), never empty, and withheld in --json', async () => {
    const piped = await cli(['customer', 'get', ADA], { env: env(PLAIN) });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('EMAIL\t(withheld)\n');
    expect(piped.stdout).toContain('ADDRESSES\t(withheld)\n');
    const json = JSON.parse((await cli(['customer', 'get', ADA, '--json'], { env: env(PLAIN) })).stdout) as Record<string, unknown>;
    expect(json).not.toHaveProperty('email');
    expect(json.withheld).toEqual(['firstName', 'lastName', 'email', 'phone', 'addresses']);
    // doctor's pause goes by a simulated clock.
    const doctor = await cli(['doctor', '--json'], { env: env(PLAIN), clock: new SimClock().autoAdvance() });
    const line = (JSON.parse(doctor.stdout) as Array<{ check: string; status: string; detail: string }>).find((l) => l.check === 'protected fields');
    expect(line).toMatchObject({ status: 'warn', detail: 'not granted: the store withheld the names, emails, phones and addresses of customers' });
  });

  it('giftcard create --customer EMAIL: the id sent, found by a token without protected-field access', async () => {
    const r = await cli(['giftcard', 'create', '--initial-value', '15', '--customer', 'ada@example.com', '--json', 'customerId'], { env: env(PLAIN) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ customerId: ADA });
  });
});
