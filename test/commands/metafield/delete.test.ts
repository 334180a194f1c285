import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { expectUsageError, requestLog, stripAnsi } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { freshBizId, seed, stored } from './_metafields.js';

describe('metafield delete', () => {
  const log = requestLog();
  const s = useSandbox({
    seed: 'demo',
    tokens: [parseTokenSpec('full-access-token-0001'), parseTokenSpec('reader-token-0002:read_metafields')],
    onRequest: log.hook,
  });
  const args = (bizId: string, ...rest: string[]) => ['metafield', 'delete', 'products', bizId, '--namespace', 'custom', '--code', 'color', ...rest];

  async function withColor(): Promise<string> {
    const bizId = freshBizId();
    await seed(s.sandbox, 'products', bizId, [{ namespace: 'custom', code: 'color', value: '#1A2B3C' }]);
    return bizId;
  }

  it('--yes deletes and prints the removed value', async () => {
    const bizId = await withColor();
    log.clear();
    const r = await cli(args(bizId, '--yes', '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ namespace: 'custom', code: 'color', value: '#1A2B3C' });
    expect(await log.take()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/api/202412/metafields/products/${bizId}?namespace=custom&code=color`, status: 200 }),
    ]);
    expect(await stored(s.sandbox, 'products', bizId, 'custom', 'color')).toBeUndefined();
  });

  it('without --yes and without a terminal exits 2 naming --yes, and sends nothing', async () => {
    const bizId = await withColor();
    log.clear();
    expectUsageError(await cli(args(bizId), { env: s.env }), '--yes');
    expect(await log.take()).toEqual([]);
    expect(await stored(s.sandbox, 'products', bizId, 'custom', 'color')).toBeDefined();
  });

  it('asks in a terminal: declined sends nothing, accepted deletes', async () => {
    const bizId = await withColor();
    log.clear();
    const declined = await liveCli(args(bizId), { env: s.env, tty: true, stdin: 'n\n' }).done;
    expect(declined.code).toBe(2);
    expect(stripAnsi(declined.stderr)).toContain(`Delete the value custom.color of products ${bizId}?`);
    expect(stripAnsi(declined.stderr)).toMatch(/\(y\/N\)/);
    expect(stripAnsi(declined.stderr)).toMatch(/nothing was sent/);
    expect(await log.take()).toEqual([]);
    const accepted = await liveCli(args(bizId), { env: s.env, tty: true, stdin: 'y\n' }).done;
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(stripAnsi(accepted.stdout)).toMatch(/^VALUE\s+#1A2B3C$/m);
    expect(await stored(s.sandbox, 'products', bizId, 'custom', 'color')).toBeUndefined();
  });

  it('an absent value exits 1 mentioning 404', async () => {
    const r = await cli(args(freshBizId(), '--yes'), { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(r.stderr);
  });

  it('a bad domain or code exits 2 before asking, nothing sent', async () => {
    log.clear();
    expectUsageError(await cli(['metafield', 'delete', 'page', '1', '--namespace', 'a', '--code', 'b', '--yes'], { env: s.env }), '<domain>');
    expectUsageError(await cli(['metafield', 'delete', 'pages', '1', '--namespace', 'a', '--code', 'b/c', '--yes'], { env: s.env }), '--code');
    expect(await log.take()).toEqual([]);
  });

  it('a token without write_metafields: exit 4, the value stays', async () => {
    const bizId = await withColor();
    const r = await cli(args(bizId, '--yes'), { env: { ...s.env, STORE_CLI_TOKEN: 'reader-token-0002' } });
    expect(r.code).toBe(4);
    expect(await stored(s.sandbox, 'products', bizId, 'custom', 'color')).toBeDefined();
  });
});
