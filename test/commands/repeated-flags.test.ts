// A flag that takes one value may be given once: a second use is an error (exit 2, nothing
// sent), not a silent "last wins". Repeatable flags still collect every use.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { expectUsageError, requestLog } from './_support.js';
import { useSandbox } from '../helpers/sandbox.js';

describe('a single-value flag given twice', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  const cases: Array<[string, string[]]> = [
    ['--status', ['giftcard', 'search', '--status', 'enabled', '--status', 'disabled']],
    ['--limit', ['giftcard', 'search', '--limit', '1', '--limit', '2']],
    ['--json', ['giftcard', 'search', '--json', 'id', '--json', 'balance']],
    ['--namespace', ['metafield', 'list', 'products', '1', '--namespace', 'a', '--namespace', 'b']],
    ['--timeout', ['--timeout', '5000', 'giftcard', 'count', '--timeout', '6000']],
    ['--profile', ['--profile', 'a', '--profile', 'b', 'giftcard', 'count']],
  ];
  for (const [flag, argv] of cases) {
    it(`${flag} is refused, naming the flag, and nothing is sent`, async () => {
      log.clear();
      const r = await cli(argv, { env: s.env });
      expectUsageError(r, flag);
      expect(r.stderr).toContain(`${flag} was given more than once`);
      expect(await log.take()).toEqual([]);
    });
  }

  it('a repeated secret is not echoed', async () => {
    const r = await cli(['giftcard', 'create', '--initial-value', '5', '--code', 'FIRSTSECRET1', '--code', 'SECONDSECRET2'], { env: s.env });
    expectUsageError(r, '--code');
    expect(r.stderr).not.toMatch(/FIRSTSECRET1|SECONDSECRET2/);
  });

  it('repeatable flags keep collecting', async () => {
    log.clear();
    const r = await cli(['api', 'GET', 'gift_cards/search', '-f', 'limit=1', '-f', 'status=enabled', '-H', 'Accept:application/json', '-H', 'X-Extra:1'], {
      env: s.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect((await log.take())[0]?.path).toMatch(/limit=1&status=enabled/);
  });
});
