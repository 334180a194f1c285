import { describe, expect, it } from 'vitest';
import { PERCENT_SAMPLE, parseRejectLimit, passesLimit } from '../../src/bulk/engine/run-import.js';

describe('--max-rejects', () => {
  it('reads a count or a percentage, and nothing else', () => {
    expect(parseRejectLimit('10')).toEqual({ count: 10 });
    expect(parseRejectLimit(' 0 ')).toEqual({ count: 0 });
    expect(parseRejectLimit('2.5%')).toEqual({ percent: 2.5, text: '2.5%' });
    for (const bad of ['', '-1', '1.5', '101%', 'ten', '5 %x', '%']) expect(parseRejectLimit(bad), bad).toBeUndefined();
  });

  it('a count passes at one more than it; a share only once enough rows are read', () => {
    expect(passesLimit({ count: 3 }, 3, 10)).toBe(false);
    expect(passesLimit({ count: 3 }, 4, 10)).toBe(true);
    expect(passesLimit({ count: 0 }, 1, 1)).toBe(true);
    const fivePercent = { percent: 5, text: '5%' };
    expect(passesLimit(fivePercent, 50, PERCENT_SAMPLE - 1)).toBe(false);
    expect(passesLimit(fivePercent, 5, PERCENT_SAMPLE)).toBe(false);
    expect(passesLimit(fivePercent, 6, PERCENT_SAMPLE)).toBe(true);
  });
});
