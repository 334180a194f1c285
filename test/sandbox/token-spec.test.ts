import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, parseTokenSpec, SandboxRuntimeError, SandboxUsageError, startSandbox } from '../../src/sandbox/index.js';

describe('parseTokenSpec', () => {
  it('grants every scope to a bare token', () => {
    expect(parseTokenSpec('abc123')).toEqual({ token: 'abc123', scopes: ALL_SCOPES });
    expect(ALL_SCOPES).toHaveLength(30);
    for (const scope of [
      'read_markets',
      'write_markets',
      'read_content',
      'write_content',
      'write_fulfillments',
      'read_materials',
      'write_materials',
      'read_themes',
      'write_themes',
      'read_payments',
    ])
      expect(ALL_SCOPES).toContain(scope);
    expect(ALL_SCOPES).toContain('read_customer_protected_data');
    expect(ALL_SCOPES).toContain('read_all_orders');
  });

  it('takes the protected-data approval as a scope of its own, which a spec without it lacks', () => {
    expect(parseTokenSpec('T:read_customers,read_customer_protected_data').scopes).toEqual(['read_customers', 'read_customer_protected_data']);
    expect(parseTokenSpec('T:read_customers').scopes).not.toContain('read_customer_protected_data');
  });

  it('grants the listed scopes, trimmed and without duplicates', () => {
    expect(parseTokenSpec('T:read_gift_card, write_gift_card,read_gift_card')).toEqual({
      token: 'T',
      scopes: ['read_gift_card', 'write_gift_card'],
    });
  });

  it('names a bad scope and lists the valid ones, without echoing the token', () => {
    let error: unknown;
    try {
      parseTokenSpec('secret-token:read_gift_card,write_giftcard');
    } catch (failure) {
      error = failure;
    }
    expect(error).toBeInstanceOf(SandboxUsageError);
    const message = (error as Error).message;
    expect(message).toContain('"write_giftcard"');
    for (const scope of ALL_SCOPES) expect(message).toContain(scope);
    expect(message).not.toContain('secret-token');
    expect(message.trim().split(/\.\s/)).toHaveLength(1);
  });

  it.each(['', ':read_gift_card', 'T:', 'T: , ', 'a b'])('rejects %j', (spec) => {
    expect(() => parseTokenSpec(spec)).toThrow(SandboxUsageError);
  });
});

describe('startSandbox options', () => {
  it.each([[{ port: 70000 }], [{ failRate: 2 }], [{ failKinds: [] }], [{ currency: 'usd' }], [{ failKinds: ['404' as never] }]])(
    'rejects %j with a usage error',
    async (options) => {
      await expect(startSandbox(options)).rejects.toBeInstanceOf(SandboxUsageError);
    },
  );

  it('reports a port in use as a runtime condition, not a usage error', async () => {
    const first = await startSandbox();
    try {
      const port = Number(new URL(first.baseUrl).port);
      const refused = startSandbox({ port });
      await expect(refused).rejects.toThrow(/port is in use/);
      await expect(refused).rejects.toBeInstanceOf(SandboxRuntimeError);
    } finally {
      await first.close();
    }
  });
});
