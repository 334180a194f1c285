import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../helpers/dialects.js';

describe.each(DIALECTS)('gift card commands without acceptable credentials (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    tokens: [parseTokenSpec('full-access-token-0001'), parseTokenSpec('readonly-token-0002:read_gift_card')],
    onRequest: log.hook,
  });

  it('no token at all (no env, no profile): exit 4 naming how to log in, nothing sent', async () => {
    log.clear();
    const r = await cli(['giftcard', 'count'], { env: { STORE_CLI_BASE_URL: s.env.STORE_CLI_BASE_URL } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: No access token .*auth login.*STORE_CLI_TOKEN/);
    expectNoStackTrace(r.stderr);
    expect(await log.take()).toEqual([]);
  });

  it('no base URL at all: exit 4, nothing sent', async () => {
    const r = await cli(['giftcard', 'search'], { env: { STORE_CLI_TOKEN: 'full-access-token-0001' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: No store is set up/);
    expect(r.stderr).toContain('--sandbox');
  });

  it('a wrong token: exit 4 with a sentence mentioning 401, the token never echoed', async () => {
    const wrong = 'not-a-valid-token-XYZW';
    for (const argv of [
      ['giftcard', 'count'],
      ['giftcard', 'get', '4000000000000000011'],
      ['giftcard', 'search', '--all'],
      ['giftcard', 'create', '--initial-value', '1'],
    ]) {
      const r = await cli(argv, { env: { ...s.env, STORE_CLI_TOKEN: wrong } });
      expect(r.code, argv.join(' ')).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: .*401/);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toContain(wrong);
      expectNoStackTrace(r.stderr);
    }
  });

  it('a 401 is not retried', async () => {
    log.clear();
    await cli(['giftcard', 'count'], { env: { ...s.env, STORE_CLI_TOKEN: 'not-a-valid-token-XYZW' } });
    expect(await log.take()).toEqual([{ method: 'GET', path: '/api/202412/gift_cards/count', status: 401 }]);
  });

  it('a read-only token may read', async () => {
    const r = await cli(['giftcard', 'count'], { env: { ...s.env, STORE_CLI_TOKEN: 'readonly-token-0002' } });
    expect(r).toEqual({ code: 0, stdout: '8\n', stderr: '' });
  });

  it('a read-only token creating, updating or disabling a card: exit 4 mentioning 403 and the scope', async () => {
    const env = { ...s.env, STORE_CLI_TOKEN: 'readonly-token-0002' };
    for (const argv of [
      ['giftcard', 'create', '--initial-value', '10'],
      ['giftcard', 'update', '4000000000000000011', '--balance', '1'],
      ['giftcard', 'disable', '4000000000000000011', '--yes'],
    ]) {
      log.clear();
      const r = await cli(argv, { env });
      expect(r.code, argv.join(' ')).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: .*403/);
      expect(r.stderr).toContain('write_gift_card');
      expectNoStackTrace(r.stderr);
      // update reads the card first (its currency gives the balance its decimals): that read is allowed.
      expect((await log.take()).map((q) => q.status)).toEqual(argv[1] === 'update' ? [200, 403] : [403]);
    }
  });

  it('a token with surrounding whitespace in STORE_CLI_TOKEN is trimmed', async () => {
    const r = await cli(['giftcard', 'count'], { env: { ...s.env, STORE_CLI_TOKEN: '  full-access-token-0001\n' } });
    expect(r.code, r.stderr).toBe(0);
  });
});
