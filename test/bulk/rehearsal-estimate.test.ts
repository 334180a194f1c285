import { describe, expect, it } from 'vitest';
import { estimateLine, estimateMs, storeRate } from '../../src/bulk/engine/rehearsal-estimate.js';
import { readBucketHeader } from '../../src/core/store-bucket.js';

describe('the rehearsal estimate', () => {
  it('takes the refill of the published plan of the bucket size, the slower one for the two plans of 40', () => {
    expect(storeRate({ used: 0, size: 40 }).perSecond).toBe(2);
    expect(storeRate({ used: 0, size: 200 }).perSecond).toBe(20);
    expect(storeRate({ used: 0, size: 400 }).perSecond).toBe(40);
    // Any other size: refilled in 20 s.
    expect(storeRate({ used: 3, size: 100 })).toEqual({ used: 3, size: 100, perSecond: 5 });
  });

  it('lets what the bucket holds beyond the reserve go at once, the rest at the refill rate', () => {
    // 40, 2 in use, reserve 2: 36 at once; 1000 - 36 = 964 at 2 a second.
    expect(estimateMs(1000, { size: 40, used: 2, perSecond: 2 })).toBe(482_000);
    expect(estimateMs(30, { size: 40, used: 2, perSecond: 2 })).toBe(0);
    // A full bucket: every request waits for its token.
    expect(estimateMs(10, { size: 40, used: 40, perSecond: 2 })).toBe(5_000);
    // 200, reserve 10: 190 at once, 2,010 more at 20 a second.
    expect(estimateMs(2_200, { size: 200, used: 0, perSecond: 20 })).toBe(100_500);
  });

  it('says the cost, and that no duration is estimated for a store that announced no bucket', () => {
    expect(estimateLine(1000, { size: 40, used: 2, perSecond: 2 })).toBe(
      "The real run would send about 1,000 requests: about 8m02s at the store's rate (a bucket of 40, 2 in use, refilled at 2 a second).",
    );
    expect(estimateLine(1, undefined)).toBe(
      'The real run would send about 1 request; the store announced no rate limit in its answers, so no duration is estimated.',
    );
  });

  it("reads Genstore's documented header: 30/40 is the policy of 40 refilled at 2 a second", () => {
    // partners.genstore.ai/docs/api-rest/api-rate-limit: "X-Genstore-Shop-Api-Rate-Limit: 30/40", a bucket of 40 tokens replenished at 2/s.
    const reading = readBucketHeader({ 'x-genstore-shop-api-rate-limit': '30/40' });
    expect(reading).toEqual({ used: 30, size: 40 });
    const rate = storeRate(reading!);
    expect(rate.perSecond).toBe(2);
    // 10 tokens left, 2 kept back: 8 at once, 92 at 2 a second.
    expect(estimateMs(100, rate)).toBe(46_000);
    expect(estimateLine(100, rate)).toBe(
      "The real run would send about 100 requests: about 46s at the store's rate (a bucket of 40, 30 in use, refilled at 2 a second).",
    );
  });
});
