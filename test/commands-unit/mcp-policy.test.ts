// The policy's pieces without a server: its file checked key by key, a plan's weight (objects
// from its dry runs, money from its gift card amounts, as exact decimals) and the verdict.
import { describe, expect, it } from 'vitest';
import { addAmounts, checkPolicy, compareAmounts, moneyOf, objectsOf, outsidePolicy } from '../../src/commands/mcp/policy.js';

const weight = { objects: 3, money: '30.00', nouns: ['giftcard'], store: ['staging', 'stage'] as readonly string[] };

describe('the MCP policy', () => {
  it('adds and compares amounts as decimals, never floats', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('60.50', '39.51')).toBe('100.01');
    expect(addAmounts('99999999999999', '0.000001')).toBe('99999999999999.000001');
    expect(compareAmounts('100.01', '100.00')).toBe(1);
    expect(compareAmounts('100', '100.00')).toBe(0);
    expect(compareAmounts('9.99', '10')).toBe(-1);
  });

  it('counts the objects a dry run writes: its requests but reads, or one for a list of changes', () => {
    expect(objectsOf([{ method: 'POST' }, { method: 'PUT' }, { method: 'GET' }])).toBe(2);
    expect(
      objectsOf([
        { field: 'title', before: 'a', after: 'b' },
        { field: 'price', before: '1', after: '2' },
      ]),
    ).toBe(1);
    expect(objectsOf([])).toBe(0);
    expect(objectsOf(null)).toBe(0);
  });

  it('sums the gift card amounts of the steps, balances whole', () => {
    const commandOf = (tool: string) => tool.replace('_', ' ');
    const steps = [
      { tool: 'giftcard_create', argv: ['giftcard', 'create', '--initial-value=50', '--note=50', '--json'], requests: [] },
      { tool: 'giftcard_update', argv: ['giftcard', 'update', '1', '--balance=12.5', '--json'], requests: [] },
      { tool: 'product_create', argv: ['product', 'create', '--price=99', '--json'], requests: [] },
    ];
    expect(moneyOf(steps, commandOf)).toBe('62.5');
  });

  it('says why a plan is outside, the first bound it passes', () => {
    const policy = checkPolicy('p.toml', '', { max_objects: 2, max_money_delta: '100', resources: ['giftcard'], envs: ['staging'] });
    expect(outsidePolicy(policy, weight)).toBe('The policy p.toml does not allow this plan: it would write 3 objects, and max_objects is 2.');
    expect(outsidePolicy(policy, { ...weight, objects: 2 })).toBeUndefined();
    expect(outsidePolicy(policy, { ...weight, objects: 2, nouns: ['giftcard', 'product'] })).toMatch(/it writes product, and resources are giftcard/);
    expect(outsidePolicy(policy, { ...weight, objects: 2, store: ['production', 'prod'] })).toMatch(/it goes to 'production', 'prod', and envs are staging/);
    // A sandbox is no store at risk: envs do not bound it.
    expect(outsidePolicy(policy, { ...weight, objects: 2, store: 'sandbox' })).toBeUndefined();
  });

  it('refuses a policy that would bound nothing, or a key of the wrong kind, naming the line', () => {
    expect(() => checkPolicy('p.toml', '', {})).toThrow(/sets no bound/);
    expect(() => checkPolicy('p.toml', '# bounds\nenvs = []\n', { envs: [] })).toThrow(/^p\.toml, line 2: envs must be a list of environment or profile names/);
    expect(() => checkPolicy('p.toml', 'max_objects = 0\n', { max_objects: 0 })).toThrow(/line 1: max_objects must be a whole number from 1/);
    expect(() => checkPolicy('p.toml', 'max_money_delta = "1e3"\n', { max_money_delta: '1e3' })).toThrow(/never a float; got "1e3"/);
  });
});
