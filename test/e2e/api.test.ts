// `store-cli api` as a user runs it: the built binary, the embedded sandbox, exit codes,
// and a reader that closes the pipe during --paginate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, isolatedEnv, killLeftovers, removeScratch, requireBuild, run, serve, readFirstChunkThenClose, type ServeHandle } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('store-cli api (built binary)', () => {
  it('--sandbox: GET a count prints the body exactly; a 404 exits 1 with the body on stdout, the sentence on stderr', async () => {
    const env = isolatedEnv();
    const count = await run(['--sandbox', 'api', 'GET', 'gift_cards/count'], { env });
    expect(count.code, count.stderr).toBe(0);
    expect(count.stdout).toMatch(/^\{"count":"\d+"\}$/);
    expect(count.stderr).toBe('');
    const missing = await run(['--sandbox', 'api', 'GET', '/api/202412/gift_cards/4999999999999999999'], { env });
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout).code).toBe('not_found');
    expect(missing.stderr).not.toContain('not_found"');
    expect(missing.stderr).toMatch(/^error: The store found no such resource \(404 not_found\)/m);
    expect(missing.stderr).not.toMatch(STACK_LINE);
  });

  it('a POST from stdin with --input -; a bad method exits 2', async () => {
    const env = isolatedEnv();
    const created = await run(['--sandbox', 'api', 'post', 'gift_cards', '--input', '-', '--json', 'giftCard'], {
      env,
      input: '{"giftCard": {"code": "E2EAPICARD01", "initialValue": "5.00", "customerId": 7300000000000000999}}',
    });
    expect(created.code, created.stderr).toBe(0);
    const card = (JSON.parse(created.stdout) as { giftCard: { code: string; customerId: string } }).giftCard;
    expect(card).toMatchObject({ code: 'E2EAPICARD01', customerId: '7300000000000000999' });
    const bad = await run(['--sandbox', 'api', 'FETCH', 'gift_cards'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: <method> must be one of GET, POST, PUT, DELETE, PATCH/);
  });
});

describe('store-cli api --paginate | head', () => {
  let sandbox: ServeHandle;

  beforeAll(async () => {
    sandbox = await serve(['--json', '--token', 't']);
    const batch = Array.from({ length: 200 }, (_, i) =>
      api(sandbox, 'POST', '/gift_cards', { giftCard: { code: `E2EAPIPG${String(i).padStart(5, '0')}`, initialValue: '1.00', note: 'n'.repeat(300) } }),
    );
    expect((await Promise.all(batch)).filter((r) => r.status !== 200)).toEqual([]);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('stops fetching pages and exits 0 once stdout is closed', async () => {
    const { first, end, stderr } = await readFirstChunkThenClose(['api', 'GET', 'gift_cards/search', '--paginate', '-F', 'limit=2'], sandbox.env());
    expect(JSON.parse(first.split('\n')[0]!)).toHaveProperty('id');
    expect(end).toMatchObject({ code: 0, signal: null });
    expect(stderr).not.toMatch(STACK_LINE);
    const searches = sandbox
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('GET /api/202412/gift_cards/search'));
    expect(searches.length).toBeLessThan(100);
  });
});
