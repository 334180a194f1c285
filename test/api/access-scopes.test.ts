import { describe, expect, it } from 'vitest';
import { AccessScopesApi, parseAccessScopes } from '../../src/api/access-scopes/requests.js';
import { ApiError } from '../../src/core/errors.js';
import type { Transport } from '../../src/core/transport.js';

describe('parseAccessScopes', () => {
  it.each([
    [{ accessScopes: '[read_orders,write_orders]' }, ['read_orders', 'write_orders']],
    [{ accessScopes: '[read_orders, write_orders]' }, ['read_orders', 'write_orders']],
    [{ accessScopes: 'read_orders write_orders' }, ['read_orders', 'write_orders']],
    [{ accessScopes: '["read_orders","write_orders"]' }, ['read_orders', 'write_orders']],
    [{ accessScopes: '[]' }, []],
    [{ accessScopes: ['read_orders', 'write_orders'] }, ['read_orders', 'write_orders']],
    [{ access_scopes: [{ handle: 'read_orders' }, { handle: 'read_orders' }] }, ['read_orders']],
    [{ scopes: 'read_gift_card' }, ['read_gift_card']],
    [['read_products'], ['read_products']],
  ])('%j -> %j', (body, scopes) => {
    expect(parseAccessScopes(body)).toEqual(scopes);
  });

  it.each([[{}], [{ accessScopes: 42 }], [{ accessScopes: [1, 2] }], [null], ['text']])('%j: unknown', (body) => {
    expect(parseAccessScopes(body)).toBeUndefined();
  });
});

describe('AccessScopesApi.granted', () => {
  const answering = (answer: () => unknown): Transport => ({
    request: async () => ({ status: 200, headers: {}, body: answer() }),
  });
  const failing = (status: number): Transport => ({
    request: async () => {
      throw new ApiError(`status ${status}`, { status });
    },
  });

  it('asks GET /api/202412/oauth2/access_scopes', async () => {
    const paths: string[] = [];
    const api = new AccessScopesApi({
      request: async (spec) => {
        paths.push(`${spec.method} ${spec.path}`);
        return { status: 200, headers: {}, body: { accessScopes: '[read_products]' } };
      },
    });
    expect(await api.granted()).toEqual(['read_products']);
    expect(paths).toEqual(['GET /api/202412/oauth2/access_scopes']);
    expect(await new AccessScopesApi(answering(() => ({ accessScopes: '[a,b]' }))).granted()).toEqual(['a', 'b']);
  });

  it('404, 403, 405: unknown; 401 and 500 are errors', async () => {
    for (const status of [403, 404, 405]) expect(await new AccessScopesApi(failing(status)).granted()).toBeUndefined();
    for (const status of [401, 500]) await expect(new AccessScopesApi(failing(status)).granted()).rejects.toBeInstanceOf(ApiError);
  });
});
