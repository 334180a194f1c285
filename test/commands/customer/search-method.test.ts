// Customer search by GET or by POST: the store's docs list `GET /customers/search` in one copy
// and `POST` in the other. The client asks with the profile's method (GET unless it says
// otherwise); refused with 404 or 405 it tries the other once, and remembers the one that
// answered in the profile's config (customer-search) when the profile holds the store, or says
// how to when it does not. The real dialect of the sandbox answers GET with 405; ours, POST.
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';

const sent = (lines: Array<{ method: string; path: string; status: number }>) =>
  lines.filter((q) => q.path.includes('/customers/search')).map((q) => `${q.method} ${q.status}`);

describe('customer search against a store that answers POST only (the real dialect)', () => {
  const log = requestLog();
  const s = useSandbox({ dialect: 'real', seed: 'demo', onRequest: log.hook });

  it('falls back to POST once on 405, saves customer-search post in the profile, and asks by POST from then on', async () => {
    const dirs = { ...scratchDirs(), STORE_CLI_BRAND: 'genstore' };
    const login = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: s.sandbox.token });
    expect(login.code, login.stderr).toBe(0);
    log.clear();
    const first = await cli(['customer', 'search', '--email', 'ada@example.com', '--json', 'id'], { env: dirs });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual([{ id: '7300000000000000101' }]);
    expect(sent(await log.take())).toEqual(['GET 405', 'POST 200']);
    expect(first.stderr).toContain("The store refused customer search by GET and answered it by POST: saved customer-search post for profile 'default'.");
    const saved = await cli(['config', 'get', 'customer-search', '--json'], { env: dirs });
    expect(JSON.parse(saved.stdout)).toEqual({ key: 'customer-search', value: 'post', source: 'profile' });

    // Remembered: one POST, no GET, nothing said; giftcard create --customer goes the same way.
    const again = await cli(['customer', 'search', '--name', 'hopper', '--json', 'email'], { env: dirs });
    expect(JSON.parse(again.stdout)).toEqual([{ email: 'grace@example.com' }]);
    expect(again.stderr).toBe('');
    const card = await cli(['giftcard', 'create', '--initial-value', '5', '--customer', 'grace@example.com', '--json', 'customerId'], { env: dirs });
    expect(JSON.parse(card.stdout)).toEqual({ customerId: '7300000000000000215' });
    expect(sent(await log.take())).toEqual(['POST 200', 'POST 200']);
  });

  it('a store given by the environment, not a profile: the fallback is said, with how to save it, and nothing is written', async () => {
    const env = { ...scratchDirs(), ...s.env };
    const r = await cli(['customer', 'search', '--phone', '+1 212 555 0215', '--json', 'email'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ email: 'grace@example.com' }]);
    expect(r.stderr).toContain(
      'The store refused customer search by GET and answered it by POST; to ask it so first next time: store-cli config set customer-search post.',
    );
    expect(JSON.parse((await cli(['config', 'get', 'customer-search', '--json'], { env })).stdout)).toMatchObject({ value: 'get', source: 'default' });
  });

  it('a page after the first goes by POST too, its token and limit in the body', async () => {
    const env = { ...scratchDirs(), ...s.env };
    log.clear();
    const r = await cli(['customer', 'search', '--name', 'a', '--limit', '1', '--all', '--json', 'id'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(1);
    const asked = sent(await log.take());
    expect(asked.slice(0, 2)).toEqual(['GET 405', 'POST 200']);
    expect(asked.slice(2).every((line) => line === 'POST 200')).toBe(true);
  });
});

describe('customer search against a store that answers GET only (our dialect)', () => {
  const log = requestLog();
  const s = useSandbox({ dialect: 'service', seed: 'demo', onRequest: log.hook });

  it('a profile that remembers POST is refused (405), goes back to GET once, and remembers GET', async () => {
    const dirs = { ...scratchDirs(), STORE_CLI_BRAND: 'service' };
    expect((await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: s.sandbox.token })).code).toBe(0);
    expect((await cli(['config', 'set', 'customer-search', 'post'], { env: dirs })).code).toBe(0);
    log.clear();
    const r = await cli(['customer', 'search', '--email', 'ada@example.com', '--json', 'id'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(sent(await log.take())).toEqual(['POST 405', 'GET 200']);
    expect(JSON.parse((await cli(['config', 'get', 'customer-search', '--json'], { env: dirs })).stdout)).toMatchObject({ value: 'get', source: 'profile' });
  });
});

describe('customer search against a store that has no search route (404 by GET, 405 by POST)', () => {
  const s = useSandbox({ dialect: 'service', seed: 'demo', faults: ['GET /api/202412/customers/search 404'] });

  it('the first refusal is the answer, and nothing is remembered', async () => {
    const env = { ...scratchDirs(), ...s.env };
    const r = await cli(['customer', 'search', '--email', 'ada@example.com'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('(404');
    expect(r.stderr).not.toContain('customer-search');
  });
});
