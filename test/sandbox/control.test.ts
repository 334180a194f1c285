import { describe, expect, it } from 'vitest';
import { call, withSandbox } from './helpers.js';

const control = (path: string) => (baseUrl: string) => `${baseUrl}/_sandbox${path}`;

describe('the /_sandbox/ control root', () => {
  it('lists its endpoints to any valid token, and to no one else', async () => {
    await withSandbox({ tokens: [{ token: 'narrow', scopes: ['read_products'] }] }, async (sandbox) => {
      for (const path of ['', '/']) {
        const reply = await call(sandbox, 'GET', control(path)(sandbox.baseUrl));
        expect(reply.status).toBe(200);
        expect(reply.json.endpoints).toContainEqual({ method: 'GET', path: '/_sandbox/', summary: 'this list of control endpoints' });
      }
      expect((await call(sandbox, 'GET', control('/')(sandbox.baseUrl), { token: null })).status).toBe(401);
      expect((await call(sandbox, 'GET', control('/')(sandbox.baseUrl), { token: 'wrong' })).status).toBe(401);
    });
  });

  it('answers 404 and 405 like the API, and never serves an API path', async () => {
    await withSandbox({}, async (sandbox) => {
      expect((await call(sandbox, 'GET', control('/nothing-here')(sandbox.baseUrl))).status).toBe(404);
      const wrongMethod = await call(sandbox, 'POST', control('/')(sandbox.baseUrl), { body: {} });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('GET');
      expect((await call(sandbox, 'GET', `${sandbox.baseUrl}/_sandboxes`)).status).toBe(404);
      expect((await call(sandbox, 'GET', `${sandbox.baseUrl}/api/202412/_sandbox/`)).status).toBe(404);
    });
  });

  it('is neither rate-limited, faulted nor written to the request log', async () => {
    const logged: string[] = [];
    await withSandbox({ failRate: 1, failKinds: ['503'], rateLimit: { rps: 1, burst: 1 }, onRequest: (line) => logged.push(line.path) }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).not.toBe(200);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await call(sandbox, 'GET', control('/')(sandbox.baseUrl))).status).toBe(200);
      }
    });
    expect(logged).toEqual(['/api/202412/gift_cards/count']);
  });
});
