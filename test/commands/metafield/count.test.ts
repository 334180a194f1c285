import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { freshBizId, seed } from './_metafields.js';

describe('metafield count', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('counts the values of an object, all or in one namespace; --json gives {"count": N}', async () => {
    const bizId = freshBizId();
    await seed(s.sandbox, 'customers', bizId, [
      { namespace: 'custom', code: 'vip', value: 'true' },
      { namespace: 'custom', code: 'birthday', value: '02-29' },
      { namespace: 'crm', code: 'segment', value: 'gold' },
    ]);
    const all = await cli(['metafield', 'count', 'customers', bizId], { env: s.env });
    expect(all).toMatchObject({ code: 0, stdout: '3\n', stderr: '' });
    const custom = await cli(['metafield', 'count', 'customers', bizId, '--namespace', 'custom', '--json'], { env: s.env });
    expect(custom.code, custom.stderr).toBe(0);
    expect(JSON.parse(custom.stdout)).toEqual({ count: 2 });
    const none = await cli(['metafield', 'count', 'customers', freshBizId(), '--json'], { env: s.env });
    expect(JSON.parse(none.stdout)).toEqual({ count: 0 });
  });

  it('a bad domain exits 2, nothing sent', async () => {
    log.clear();
    expectUsageError(await cli(['metafield', 'count', 'store', '1'], { env: s.env }), '<domain>');
    expect(await log.take()).toEqual([]);
  });
});
