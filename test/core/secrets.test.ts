import { describe, expect, it } from 'vitest';
import { maskCode, redactToken } from '../../src/core/secrets.js';

describe('secrets', () => {
  it('shows a token only by its last four characters', () => {
    expect(redactToken('secret-token-abcd')).toBe('****abcd');
    expect(redactToken('short')).toBe('****');
    expect(redactToken('')).toBe('****');
  });

  it('masks a gift card code to its last characters', () => {
    expect(maskCode('WXYZ')).toBe('****WXYZ');
  });
});
