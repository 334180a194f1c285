import { describe, expect, it } from 'vitest';
import { SandboxControlApi } from '../../src/api/sandbox-control/requests.js';
import { ApiError, RuntimeError } from '../../src/core/errors.js';
import type { RequestSpec } from '../../src/core/http.js';

/** A transport that answers the paths in `bodies` and 404 to every other. */
function store(bodies: Record<string, unknown>, sent: RequestSpec[] = []) {
  return {
    baseUrl: async () => 'http://store.example',
    request: async (spec: RequestSpec) => {
      sent.push(spec);
      if (!(spec.path in bodies)) throw new ApiError(`No endpoint matches ${spec.path}.`, { status: 404, code: 'not_found' });
      return { status: 200, headers: {}, body: bodies[spec.path] };
    },
  };
}

describe('SandboxControlApi', () => {
  it('calls below /_sandbox with the query and body given, as a request that may be resent', async () => {
    const sent: RequestSpec[] = [];
    const api = new SandboxControlApi(store({ '/_sandbox/faults': { rules: [] } }, sent));
    await expect(api.request('PUT', '/faults', { body: { rules: [] }, query: { a: '1' } })).resolves.toEqual({ rules: [] });
    expect(sent).toEqual([{ method: 'PUT', path: '/_sandbox/faults', body: { rules: [] }, query: { a: '1' }, idempotent: true }]);
  });

  it('says the target is not a sandbox when it has no control index', async () => {
    const api = new SandboxControlApi(store({}));
    const failure = await api.request('GET', '/logs').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RuntimeError);
    expect((failure as Error).message).toBe(
      'http://store.example is not a store-cli sandbox: it has no /_sandbox/ endpoints (start one with "store-cli sandbox serve").',
    );
  });

  it("passes a sandbox's own 404 through", async () => {
    const api = new SandboxControlApi(store({ '/_sandbox/': { endpoints: [] } }));
    const failure = await api.request('GET', '/snapshots/missing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
  });
});
