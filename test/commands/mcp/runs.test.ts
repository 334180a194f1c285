// An applied MCP plan is a run: journaled (each write's before-image first), listed by
// `store-cli runs`, undone by `store-cli undo` or by undo_run under the same gate. The store
// is read back over HTTP or by export, never through the server under test.
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { mcpClient, textOf, type McpRun } from '../../helpers/mcp-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, requestLog } from '../_support.js';

describe('an applied MCP plan is a run', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  /** The server and the CLI sharing one data directory (the plans and runs are there). */
  async function serving(flags: string[] = []) {
    const env = { ...s.env, ...scratchDirs() };
    const server = await mcpClient(['mcp', ...flags], { env });
    const run = (argv: string[]) => cli(argv, { env });
    return { server, run, env };
  }

  /** A write tool's plan, approved by a person, then applied: its answer. */
  async function approvedAndApplied(server: McpRun, run: (argv: string[]) => ReturnType<typeof cli>, tool: string, args: Record<string, unknown>) {
    const planned = await server.client.callTool({ name: tool, arguments: args });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    const { planId } = JSON.parse(textOf(planned)) as { planId: string };
    const approval = await run(['mcp', 'approve', planId]);
    expect(approval.code, approval.stderr).toBe(0);
    const applied = await server.client.callTool({ name: 'apply_plan', arguments: { planId } });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    return JSON.parse(textOf(applied)) as { runId: string | null; result: Record<string, unknown>; undo: string | null };
  }

  it('undo_run, approved, returns the store to its state before: the product export is the same', async () => {
    const { server, run } = await serving();
    const before = await run(['product', 'export']);
    expect(before.code, before.stderr).toBe(0);
    const applied = await approvedAndApplied(server, run, 'product_create', { title: 'Made by the agent', price: '12.50' });
    expect(applied.runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/);
    expect(applied.undo).toContain(`undo_run {"runId": "${applied.runId}"}`);
    expect((await run(['product', 'export'])).stdout).not.toBe(before.stdout);

    const runs = JSON.parse((await run(['runs', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(runs[0]).toMatchObject({ runId: applied.runId, command: 'product create', created: 1, undoable: true });

    log.clear();
    const undoPlan = await server.client.callTool({ name: 'undo_run', arguments: { runId: applied.runId } });
    expect(undoPlan.isError, textOf(undoPlan)).toBeFalsy();
    const planned = JSON.parse(textOf(undoPlan)) as { planId: string; sent: boolean; undoes: string; undo: string[]; objects: number };
    expect(planned).toMatchObject({ sent: false, undoes: applied.runId, objects: 1 });
    expect(planned.undo.join('\n')).toMatch(/to delete/);
    // Planning the undo wrote nothing, and without a person's approval it is not applied.
    const refused = await server.client.callTool({ name: 'apply_plan', arguments: { planId: planned.planId } });
    expect(refused.isError).toBe(true);
    expect((await log.take()).filter((q) => q.method !== 'GET')).toEqual([]);

    expect((await run(['mcp', 'approve', planned.planId])).code).toBe(0);
    const undone = await server.client.callTool({ name: 'apply_plan', arguments: { planId: planned.planId } });
    expect(undone.isError, textOf(undone)).toBeFalsy();
    expect(JSON.parse(textOf(undone))).toMatchObject({ sent: true, undid: applied.runId, counts: { deleted: 1 } });
    expect((await run(['product', 'export'])).stdout).toBe(before.stdout);
  });

  it('store-cli undo puts back a gift card an applied plan changed', async () => {
    const { server, run } = await serving();
    const card = (await call(s.sandbox, 'GET', '/gift_cards/search?status=enabled&limit=1').then((r) => JSON.parse(r.text))) as {
      giftCards: Array<{ id: string; balance: string; note: string | null }>;
    };
    const { id, balance } = card.giftCards[0]!;
    const applied = await approvedAndApplied(server, run, 'giftcard_update', { giftCardId: id, balance: '1.00', note: 'changed by the agent' });
    const read = async () =>
      (JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${id}`)).text) as { giftCard: { balance: string; note: string | null } }).giftCard;
    expect(await read()).toMatchObject({ balance: '1.00', note: 'changed by the agent' });
    const undo = await run(['undo', applied.runId!, '--yes', '--json']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(JSON.parse(undo.stdout)).toMatchObject({ restored: 1 });
    expect(await read()).toMatchObject({ balance, note: card.giftCards[0]!.note ?? '' });
  });

  it('a gift card an applied plan created is disabled by its undo (the API deletes no card)', async () => {
    const { server, run } = await serving();
    const applied = await approvedAndApplied(server, run, 'giftcard_create', { initialValue: '5', note: 'to undo' });
    const id = String(applied.result.id);
    const undo = await run(['undo', applied.runId!, '--yes', '--json']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(JSON.parse(undo.stdout)).toMatchObject({ disabled: 1 });
    const card = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${id}`)).text) as { giftCard: { disableTime: string | null } };
    expect(card.giftCard.disableTime).toEqual(expect.any(String));
  });

  it('a write store-cli keeps no before-image of is sent, and its run says it cannot be undone', async () => {
    const { server, run } = await serving();
    const applied = await approvedAndApplied(server, run, 'customer_create', { email: 'agent-made@example.com', firstName: 'Agent' });
    expect(applied.runId).not.toBeNull();
    expect(applied.undo).toMatch(/cannot be undone: its step 1 \(customer_create\) sent POST .*customers?/);
    const runs = JSON.parse((await run(['runs', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(runs.find((r) => r.runId === applied.runId)).toMatchObject({ command: 'customer create', undoable: false });
    const undoPlan = await server.client.callTool({ name: 'undo_run', arguments: { runId: applied.runId } });
    expect(undoPlan.isError).toBe(true);
    expect(textOf(undoPlan)).toMatch(/cannot be undone/);
  });

  it('plan_batch: one approval, one run; a step that fails stops the rest and the run keeps what went before', async () => {
    const { server, run } = await serving();
    const count = async () => Number((JSON.parse((await call(s.sandbox, 'GET', '/gift_cards/count')).text) as { count: string }).count);
    const cards = await count();
    const planned = await server.client.callTool({
      name: 'plan_batch',
      arguments: {
        steps: [
          { tool: 'giftcard_create', arguments: { initialValue: '3' } },
          { tool: 'giftcard_update', arguments: { giftCardId: '999999999', note: 'no such card' } },
        ],
      },
    });
    // The dry run of the update reads the card: a card that is not there refuses the whole plan.
    expect(planned.isError).toBe(true);
    expect(textOf(planned)).toMatch(/steps\[1\] \(giftcard_update\)/);

    const batch = await server.client.callTool({
      name: 'plan_batch',
      arguments: {
        steps: [
          { tool: 'giftcard_create', arguments: { initialValue: '3' } },
          { tool: 'giftcard_create', arguments: { initialValue: '4' } },
        ],
      },
    });
    const plan = JSON.parse(textOf(batch)) as { planId: string; objects: number; steps: Array<{ tool: string }> };
    expect(plan.objects).toBe(2);
    expect(plan.steps.map((step) => step.tool)).toEqual(['giftcard_create', 'giftcard_create']);
    expect((await run(['mcp', 'approve', plan.planId])).code).toBe(0);
    const applied = JSON.parse(textOf(await server.client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId } }))) as {
      runId: string;
      results: unknown[];
    };
    expect(applied.results).toHaveLength(2);
    expect(await count()).toBe(cards + 2);
    const runs = JSON.parse((await run(['runs', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(runs.find((r) => r.runId === applied.runId)).toMatchObject({ command: 'giftcard create (2 times)', file: plan.planId, rows: 2, created: 2 });
  });

  it('a batch whose second step the store refuses: the first was sent, as a run undo takes back', async () => {
    const { server, run } = await serving();
    const card = await call(s.sandbox, 'POST', '/gift_cards', { giftCard: { code: 'BATCHSTEP0001', initialValue: '10.00' } });
    const id = String((JSON.parse(card.text) as { giftCard: { id: string } }).giftCard.id);
    const batch = await server.client.callTool({
      name: 'plan_batch',
      arguments: {
        steps: [
          { tool: 'giftcard_create', arguments: { initialValue: '6' } },
          { tool: 'giftcard_update', arguments: { giftCardId: id, note: 'later' } },
        ],
      },
    });
    const plan = JSON.parse(textOf(batch)) as { planId: string };
    expect((await run(['mcp', 'approve', plan.planId])).code).toBe(0);
    // Between approval and apply, the card goes away from under the plan: the store refuses its update.
    await call(s.sandbox, 'POST', `/gift_cards/${id}/disable`, {});
    const applied = await server.client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId } });
    expect(applied.isError).toBe(true);
    const message = textOf(applied);
    expect(message).toMatch(/^Step 2 of 2 \(giftcard_update\) failed: /);
    const runId = /as run (\S+):/.exec(message)?.[1];
    expect(runId).toBeDefined();
    const plans = JSON.parse((await run(['mcp', 'plans', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(plans.find((p) => p.planId === plan.planId)).toMatchObject({ state: 'failed', runId, by: 'approval' });
    // The card it made is disabled; the card changed from under the plan is someone else's change, left alone (exit 3).
    const undo = await run(['undo', runId!, '--yes', '--json']);
    expect(undo.code, undo.stderr).toBe(3);
    expect(JSON.parse(undo.stdout)).toMatchObject({ disabled: 1, leftAlone: 1 });
  });
});
