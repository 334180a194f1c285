// The MCP server's plan store: a plan 0600 in its own folder, pending until approved, taken
// once however many ask at the same moment, and nothing else of the folder named by an id.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlanStore, type Plan } from '../../src/commands/mcp/plan-store.js';
import { scratchDir } from '../helpers/scratch.js';

const planOf = (planId: string): Plan => ({
  planId,
  createdAt: '2026-11-28T10:00:00.000Z',
  globals: ['--sandbox', '--no-color'],
  store: 'the embedded sandbox',
  target: null,
  steps: [{ tool: 'giftcard_create', argv: ['giftcard', 'create', '--initial-value=50', '--json'], requests: [{ method: 'POST' }] }],
  objects: 1,
  money: '50',
  nouns: ['giftcard'],
});

describe('PlanStore', () => {
  it('keeps a plan 0600, pending until a person approves it', async () => {
    const dir = scratchDir();
    const plans = await PlanStore.at(dir);
    const id = PlanStore.newId();
    await plans.save(planOf(id));
    const files = readdirSync(join(dir, 'mcp-plans'));
    expect(files).toEqual([`${id}.plan.json`]);
    expect(statSync(join(dir, 'mcp-plans', files[0]!)).mode & 0o777).toBe(0o600);
    expect(await plans.state(id)).toBe('pending');
    expect(await plans.take(id)).toEqual({ refused: expect.stringContaining(`store-cli mcp approve ${id}`) as string });
    await plans.approve(id, new Date());
    expect(await plans.state(id)).toBe('approved');
  });

  it('gives an approved plan to one taker only, however many ask at once', async () => {
    const plans = await PlanStore.at(scratchDir());
    const id = PlanStore.newId();
    await plans.save(planOf(id));
    await plans.approve(id, new Date());
    const takers = await Promise.all(Array.from({ length: 8 }, () => plans.take(id)));
    expect(takers.filter((t) => 'plan' in t)).toHaveLength(1);
    expect(await plans.state(id)).toBe('used');
    expect(await plans.take(id)).toEqual({ refused: expect.stringContaining('applied already') as string });
    await expect(plans.approve(id, new Date())).rejects.toThrow(/applied already/);
  });

  it('names nothing but a plan: an id of another shape is unknown', async () => {
    const plans = await PlanStore.at(scratchDir());
    for (const id of ['../config', 'plan-', 'plan-XYZ', `${PlanStore.newId()}/../x`]) expect(await plans.state(id)).toBe('unknown');
    expect(await plans.take('../../etc/passwd')).toEqual({ refused: expect.stringContaining('names no plan') as string });
  });
});
