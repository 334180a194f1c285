// `metafield definition import` under faults: a create the store failed (5xx) or whose
// answer was lost is sent again, as the other imports send theirs, and the 409 a resend may
// meet is settled by reading the definition. A lossy proxy in front of a real sandbox
// loses answers after the sandbox applied the request, or fails a request it never passed on.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { loseFirst, useLossyProxy, type LosePolicy } from '../../helpers/lossy-proxy.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, requestLog } from '../_support.js';
import { scratchDir } from '../../helpers/scratch.js';
import { SimClock } from '../../bulk/sim-clock.js';

const DEFS = '/api/202412/metafields/definitions';

describe('metafield definition import: creates under faults', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'none', onRequest: log.hook });
  const proxy = useLossyProxy(() => s.sandbox);
  // The backoffs before each resend go by a simulated clock.
  const clock = new SimClock().autoAdvance();
  let dir: string;
  beforeAll(async () => {
    dir = scratchDir('store-cli-definition-retries-');
  });
  const file = async (name: string, definitions: object[]) => {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify({ definitions }));
    return path;
  };
  const stored = async (domain: string, namespace: string, code: string) => {
    const reply = await call(s.sandbox, 'GET', `/metafields/definitions/detail/${domain}?namespace=${namespace}&code=${code}`);
    return reply.status === 404 ? undefined : JSON.parse(reply.text).metafield;
  };

  it('a 503 on a create: sent again, created; exit 0', async () => {
    let failed = 0;
    proxy.use(((request) => request.method === 'POST' && request.path === `${DEFS}/products` && failed++ < 2 && 'fail') as LosePolicy);
    const path = await file('fail.json', [{ domain: 'products', namespace: 'retry', code: 'five', definitionName: 'Five', fieldType: 'Integer' }]);
    log.clear();
    const r = await cli(['metafield', 'definition', 'import', path, '--json'], { env: proxy.env, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 0 });
    expect(failed).toBe(3); // two failed by the proxy, the third passed on
    expect((await log.take()).filter((q) => q.method === 'POST').map((q) => q.status)).toEqual([200]);
    expect(await stored('products', 'retry', 'five')).toMatchObject({ definitionName: 'Five', fieldType: 'Integer' });
  });

  it('the answer to a create lost after the store made it: the resend meets a 409, the definition is read, equal: created once', async () => {
    proxy.use(loseFirst('POST', `${DEFS}/customers`, 1));
    const path = await file('lost.json', [{ domain: 'customers', namespace: 'retry', code: 'lost', definitionName: 'Lost', fieldType: 'SingleLineText' }]);
    log.clear();
    const r = await cli(['metafield', 'definition', 'import', path, '--json'], { env: proxy.env, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 0 });
    expect((await log.take()).map((q) => `${q.method} ${q.path.split('?')[0]} ${q.status}`)).toEqual([
      `GET ${DEFS}/customers 200`,
      `POST ${DEFS}/customers 200`,
      `POST ${DEFS}/customers 409`,
      `GET ${DEFS}/detail/customers 200`,
    ]);
  });

  it('a resend meets a definition someone else made meanwhile, otherwise: it is read and updated to the file', async () => {
    const path = await file('raced.json', [{ domain: 'orders', namespace: 'retry', code: 'raced', definitionName: 'Raced', fieldType: 'SingleLineText' }]);
    // The first create fails (never passed on), and meanwhile another writer makes the
    // definition: the resend, a backoff later (at least 125 ms), meets it.
    let first = true;
    proxy.use((request) => {
      if (!(first && request.method === 'POST' && request.path === `${DEFS}/orders`)) return false;
      first = false;
      void call(s.sandbox, 'POST', '/metafields/definitions/orders', {
        metafield: { namespace: 'retry', code: 'raced', definitionName: 'Someone else', fieldType: 'SingleLineText' },
      });
      return 'fail';
    });
    log.clear();
    const r = await cli(['metafield', 'definition', 'import', path, '--json'], { env: proxy.env, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ created: 0, updated: 1, unchanged: 0, failed: 0 });
    expect((await log.take()).map((q) => `${q.method} ${q.path.split('?')[0]} ${q.status}`)).toEqual([
      `GET ${DEFS}/orders 200`,
      `POST ${DEFS}/orders 200`,
      `POST ${DEFS}/orders 409`,
      `GET ${DEFS}/detail/orders 200`,
      `PUT ${DEFS}/orders 200`,
    ]);
    expect(await stored('orders', 'retry', 'raced')).toMatchObject({ definitionName: 'Raced' });
  });
});
