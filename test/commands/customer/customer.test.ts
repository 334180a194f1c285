// Every customer verb against a real sandbox in both dialects, with a token approved for
// protected fields and one without (shown as withheld, never empty), and giftcard create
// --customer EMAIL resolving the customer's id.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../helpers/dialects.js';

const ADA = '7300000000000000101';

describe.each(DIALECTS)('customer (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [
      parseTokenSpec('full-token-0001'),
      parseTokenSpec('plain-token-0002:read_customers,write_customers,read_gift_card,write_gift_card'),
      parseTokenSpec('gift-token-0003:read_gift_card'),
    ],
  });
  const env = (token = 'full-token-0001') => ({ ...s.env, STORE_CLI_TOKEN: token });

  it('list: TSV rows in the declared columns, --json the customers as sent, one page with a hint', async () => {
    const r = await cli(['customer', 'list'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const rows = tsvRows(r.stdout);
    expect(rows[0]).toEqual([ADA, 'Ada', 'Lovelace', 'ada@example.com', '+44 20 7946 0101', 'ENABLED', '7', '842.50', 'vip, newsletter']);
    expect(rows.map((row) => row[3])).toContain('grace@example.com');
    const json = await cli(['customer', 'list', '--limit', '1', '--json', 'id,email'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual([{ id: ADA, email: 'ada@example.com' }]);
    expect(json.stderr).toContain('--page-token');
  });

  it('search by email, name and phone; none given is a usage error', async () => {
    log.clear();
    const byEmail = await cli(['customer', 'search', '--email', 'Grace@Example.com', '--json', 'id'], { env: env() });
    expect(JSON.parse(byEmail.stdout)).toEqual([{ id: '7300000000000000215' }]);
    // The real dialect plays the copy of the docs that says POST: GET is answered 405, and the one fallback goes by POST.
    expect((await log.take()).map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(
      dialect === 'real'
        ? ['GET /api/202412/customers/search?email=Grace%40Example.com 405', 'POST /api/202412/customers/search 200']
        : ['GET /api/202412/customers/search?email=Grace%40Example.com 200'],
    );
    const byName = await cli(['customer', 'search', '--name', 'torvalds'], { env: env() });
    expect(tsvRows(byName.stdout).map((row) => row[3])).toEqual(['linus@example.com']);
    const byPhone = await cli(['customer', 'search', '--phone', '+1 212 555 0215', '--json', 'email'], { env: env() });
    expect(JSON.parse(byPhone.stdout)).toEqual([{ email: 'grace@example.com' }]);
    // A US number as people write it: parentheses and dots are separators, sent as spaces.
    for (const written of ['+1 (212) 555-0215', '+1(212)555-0215', '+1 212.555.0215']) {
      log.clear();
      const r = await cli(['customer', 'search', '--phone', written, '--json', 'email'], { env: env() });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([{ email: 'grace@example.com' }]);
      const [request] = await log.take();
      expect(decodeURIComponent(request!.path.replace(/\+/g, ' '))).toMatch(/phone=\+1 212[ -]555[ -]0215$/);
    }
    log.clear();
    const bad = await cli(['customer', 'search', '--phone', '(212) CALL-NOW'], { env: env() });
    expectUsageError(bad, "--phone must be a phone number: digits, optionally a leading +, spaces or dashes (got '(212) CALL-NOW')");
    expect(await log.take()).toEqual([]);
    expectUsageError(await cli(['customer', 'search'], { env: env() }), '--email');
    expectUsageError(await cli(['customer', 'search', '--email', 'not-an-email'], { env: env() }), '--email');
  });

  it('get and count', async () => {
    const got = await cli(['customer', 'get', ADA], { env: env() });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('EMAIL\tada@example.com\n');
    expect(got.stdout).toContain("ADDRESSES\t12 St James's Square, London, SW1Y 4JH, GB\n");
    const count = await cli(['customer', 'count', '--json'], { env: env() });
    expect(JSON.parse(count.stdout)).toEqual({ count: 4 });
    const missing = await cli(['customer', 'get', '1'], { env: env() });
    expect(missing.code).toBe(1);
    expectUsageError(await cli(['customer', 'get', 'abc'], { env: env() }), '<customerId>');
  });

  it('create, update and delete; bad input exits 2 with nothing sent', async () => {
    const made = await cli(
      ['customer', 'create', '--email', `kj-${dialect}@example.com`, '--first-name', 'Katherine', '--tag', 'nasa', '--json', 'id,email,tags'],
      { env: env() },
    );
    expect(made.code, made.stderr).toBe(0);
    const created = JSON.parse(made.stdout) as { id: string; email: string; tags: unknown };
    expect(created).toMatchObject({ email: `kj-${dialect}@example.com`, tags: '["nasa"]' });
    const again = await cli(['customer', 'create', '--email', `KJ-${dialect}@example.com`], { env: env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/409|email/i);

    log.clear();
    expectUsageError(await cli(['customer', 'create', '--notes', 'nobody'], { env: env() }), '--first-name');
    expectUsageError(await cli(['customer', 'create', '--email', 'x@example.com', '--tag', ' '], { env: env() }), '--tag');
    expectUsageError(await cli(['customer', 'update', created.id], { env: env() }), '--notes');
    expect(await log.take()).toEqual([]);

    const updated = await cli(['customer', 'update', created.id, '--notes', 'Orbital mechanics', '--tax-exempt', 'true', '--json', 'notes,taxExempt'], {
      env: env(),
    });
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toEqual({ notes: 'Orbital mechanics', taxExempt: 'true' });

    const refused = await cli(['customer', 'delete', created.id], { env: env() });
    expectUsageError(refused, '--yes');
    const dry = await cli(['customer', 'delete', created.id, '--dry-run', '--json'], { env: env() });
    expect(JSON.parse(dry.stdout)).toEqual([expect.objectContaining({ method: 'DELETE' })]);
    expect(dry.stdout).toContain(`/api/202412/customers/${created.id}`);
    const deleted = await cli(['customer', 'delete', created.id, '--yes'], { env: env() });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe('');
    expect((await cli(['customer', 'get', created.id], { env: env() })).code).toBe(1);
  });

  it('a token without protected-field access: (withheld) in tables and TSV, left out of --json and named in withheld', async () => {
    const piped = await cli(['customer', 'list', '--limit', '1'], { env: env('plain-token-0002') });
    expect(piped.code, piped.stderr).toBe(0);
    expect(tsvRows(piped.stdout)[0]).toEqual([ADA, '(withheld)', '(withheld)', '(withheld)', '(withheld)', 'ENABLED', '7', '842.50', 'vip, newsletter']);
    const table = await cli(['customer', 'get', ADA], { env: env('plain-token-0002'), tty: true, columns: 120 });
    expect(stripAnsi(table.stdout)).toMatch(/EMAIL\s+\(withheld\)/);
    const json = await cli(['customer', 'get', ADA, '--json'], { env: env('plain-token-0002') });
    const customer = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(customer).not.toHaveProperty('email');
    expect(customer.withheld).toEqual(['firstName', 'lastName', 'email', 'phone', 'addresses']);
    expect(customer.totalSpent).toBe('842.50');
    const picked = await cli(['customer', 'list', '--limit', '1', '--json', 'email,withheld'], { env: env('plain-token-0002') });
    expect(JSON.parse(picked.stdout)).toEqual([{ email: null, withheld: ['firstName', 'lastName', 'email', 'phone', 'addresses'] }]);
    const approved = await cli(['customer', 'get', ADA, '--json', 'withheld'], { env: env() });
    expect(JSON.parse(approved.stdout)).toEqual({ withheld: null });
  });

  it('a token without read_customers is refused (exit 4)', async () => {
    const r = await cli(['customer', 'list'], { env: env('gift-token-0003') });
    expect(r.code).toBe(4);
  });

  it('giftcard create --customer EMAIL sends the customer id; an unknown email or both flags exit 2 before the card is sent', async () => {
    log.clear();
    const r = await cli(['giftcard', 'create', '--initial-value', '20', '--customer', 'grace@example.com', '--json', 'customerId'], {
      env: env('plain-token-0002'),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ customerId: '7300000000000000215' });
    const search = 'GET /api/202412/customers/search?email=grace%40example.com&limit=250';
    expect((await log.take()).map((q) => `${q.method} ${q.path}`)).toEqual(
      dialect === 'real' ? [search, 'POST /api/202412/customers/search', 'POST /api/202412/gift_cards'] : [search, 'POST /api/202412/gift_cards'],
    );
    const unknown = await cli(['giftcard', 'create', '--initial-value', '20', '--customer', 'nobody@example.com'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No customer has the email nobody@example.com');
    expectUsageError(
      await cli(['giftcard', 'create', '--initial-value', '20', '--customer', 'ada@example.com', '--customer-id', '1'], { env: env() }),
      '--customer-id',
    );
    expectUsageError(await cli(['giftcard', 'create', '--initial-value', '20', '--customer', 'ada'], { env: env() }), '--customer');
    const byId = await cli(['giftcard', 'create', '--initial-value', '20', '--customer-id', ADA, '--json', 'customerId'], { env: env() });
    expect(JSON.parse(byId.stdout)).toEqual({ customerId: ADA });
  });
});
