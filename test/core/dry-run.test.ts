import { describe, expect, it } from 'vitest';
import { DryRun } from '../../src/core/dry-run.js';
import { FakeTransport } from '../helpers/fake-transport.js';

describe('DryRun', () => {
  it('lets reads through, records the first write with its query and shown body, and sends it not', async () => {
    const inner = new FakeTransport([{ body: '{"ok":true}' }]);
    const dryRun = new DryRun();
    const transport = dryRun.wrap(inner);
    let after = false;
    const planned = await dryRun.capture(async () => {
      expect((await transport.request({ method: 'GET', path: '/things', query: { a: 'x y', b: undefined } })).body).toEqual({ ok: true });
      await transport.request({ method: 'POST', path: '/things', body: { secret: 'S3CRET' } }, { shownBody: { secret: '****' } });
      after = true;
    });
    expect(after).toBe(false);
    expect(planned).toEqual([{ method: 'POST', path: '/things', body: { secret: '****' } }]);
    expect(dryRun.reads).toEqual(['GET /things?a=x+y']);
    expect(inner.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('a request without a body is shown with body null; work that writes nothing plans nothing', async () => {
    const dryRun = new DryRun();
    const transport = dryRun.wrap(new FakeTransport([]));
    expect(await dryRun.capture(async () => undefined)).toEqual([]);
    expect(await dryRun.capture(() => transport.request({ method: 'DELETE', path: '/things/1', query: { code: 'c' } }))).toEqual([
      { method: 'DELETE', path: '/things/1?code=c', body: null },
    ]);
  });

  it('a raw write is withheld too, its body shown as the text it is; a raw read goes through', async () => {
    const sent: string[] = [];
    const inner = {
      request: async () => ({ status: 200, headers: {}, body: {} }),
      requestRaw: async (spec: { method: string; path: string }) => {
        sent.push(`${spec.method} ${spec.path}`);
        return { status: 200, headers: {}, text: '{"n":1}' };
      },
    };
    const dryRun = new DryRun();
    const transport = dryRun.wrap(inner);
    const planned = await dryRun.capture(async () => {
      expect((await transport.requestRaw!({ method: 'GET', path: '/things', query: { a: 'b' } })).text).toBe('{"n":1}');
      await transport.requestRaw!({ method: 'PUT', path: '/things/1', bodyText: '{"x": 1}' });
    });
    expect(planned).toEqual([{ method: 'PUT', path: '/things/1', body: '{"x": 1}' }]);
    expect(sent).toEqual(['GET /things']);
  });

  it('any other error of the work goes through', async () => {
    const dryRun = new DryRun();
    await expect(dryRun.capture(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
