// unlessGone (core/errors.ts): a read the store answers 404 is an object gone, anything else
// it answers or fails with is the read's.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, unlessGone } from '../../src/core/errors.js';

describe('unlessGone', () => {
  it('gives what the read answered', async () => {
    await expect(unlessGone(Promise.resolve({ id: '7' }))).resolves.toEqual({ id: '7' });
  });

  it('gives undefined when the store answered 404', async () => {
    await expect(unlessGone(Promise.reject(new ApiError('The store found no such resource', { status: 404 })))).resolves.toBeUndefined();
  });

  it('passes on any other refusal or failure', async () => {
    const forbidden = new ApiError('forbidden', { status: 403 });
    await expect(unlessGone(Promise.reject(forbidden))).rejects.toBe(forbidden);
    const lost = new NetworkError('connection reset', 'ECONNRESET');
    await expect(unlessGone(Promise.reject(lost))).rejects.toBe(lost);
  });
});
