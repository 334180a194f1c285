import { describe, expect, it } from 'vitest';
import { GENERATED_CODE_LENGTH, generateGiftCardCode } from '../../src/api/gift-cards/code.js';
import { checkGiftCardCreate } from '../../src/api/gift-cards/schema.js';

const UNAMBIGUOUS = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]+$/;

describe('generateGiftCardCode', () => {
  it('makes a 16-character code', () => {
    expect(GENERATED_CODE_LENGTH).toBe(16);
    expect(generateGiftCardCode()).toHaveLength(16);
    expect(generateGiftCardCode(8)).toHaveLength(8);
  });

  it('uses only the unambiguous alphabet, no 0/O/1/I/L', () => {
    const codes = Array.from({ length: 1_000 }, () => generateGiftCardCode());
    for (const code of codes) expect(code).toMatch(UNAMBIGUOUS);
    const all = codes.join('');
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) expect(all).not.toContain(ambiguous);
  });

  it('draws from the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 1_000 }, () => generateGiftCardCode()).join(''));
    expect(seen.size).toBe(31);
  });

  it('makes 1000 distinct codes', () => {
    const codes = new Set(Array.from({ length: 1_000 }, () => generateGiftCardCode()));
    expect(codes.size).toBe(1_000);
  });

  it('makes codes the DESIGN rule (8..20 letters and digits) and the create check accept', () => {
    const code = generateGiftCardCode();
    expect(code).toMatch(/^[A-Za-z0-9]{8,20}$/);
    expect(checkGiftCardCreate({ code, initialValue: '10' }).code).toBe(code);
  });
});
