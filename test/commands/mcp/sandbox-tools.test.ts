// The sandbox toolset: an agent rehearses on a sandbox the server starts, with no store at
// risk. Once started, every tool goes to it and its plans apply unapproved; its logs, faults and
// reset act on it alone; stopped, the store is served again. The store here is a real sandbox
// named "Live Shop", whose request log shows it received no write.
import { describe, expect, it } from 'vitest';
import { mcpClient, textOf, type McpRun } from '../../helpers/mcp-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';

describe('the sandbox tools', () => {
  const log = requestLog();
  const live = useSandbox({ seed: 'demo', onRequest: log.hook, shopName: 'Live Shop', shopDomain: 'live.example.com' });

  const shop = async (run: McpRun) => (JSON.parse(textOf(await run.client.callTool({ name: 'shop_info', arguments: {} }))) as { shopName: string }).shopName;
  const count = async (run: McpRun) =>
    Number(((await run.client.callTool({ name: 'giftcard_count', arguments: {} })).structuredContent as { count?: unknown } | undefined)?.count);
  const json = (result: Awaited<ReturnType<McpRun['client']['callTool']>>) => {
    expect(result.isError, textOf(result)).toBeFalsy();
    return JSON.parse(textOf(result)) as Record<string, unknown>;
  };

  it('are only in the sandbox toolset, and act on no sandbox until one is started', async () => {
    expect((await (await mcpClient(['mcp'], { env: live.env })).client.listTools()).tools.map((t) => t.name)).not.toContain('sandbox_start');
    const run = await mcpClient(['mcp', '--toolsets', 'giftcard,sandbox'], { env: live.env });
    for (const name of ['sandbox_logs', 'sandbox_fault', 'sandbox_reset', 'sandbox_stop']) {
      const refused = await run.client.callTool({ name, arguments: name === 'sandbox_fault' ? { rule: 'GET ** 500' } : {} });
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused)).toContain('acts only on a sandbox this server started');
    }
  });

  it('rehearse a task: start, plan and apply unapproved, read its log, inject a fault, reset, stop; the store gets no write', async () => {
    const run = await mcpClient(['mcp', '--toolsets', 'giftcard,shop,sandbox'], { env: live.env });
    expect(await shop(run)).toBe('Live Shop');
    log.clear();

    expect(json(await run.client.callTool({ name: 'sandbox_start', arguments: {} }))).toMatchObject({ started: true, seed: 'demo' });
    const again = await run.client.callTool({ name: 'sandbox_start', arguments: {} });
    expect(textOf(again)).toMatch(/running already/);
    expect(await shop(run)).toBe('Sandbox Shop');
    const cards = await count(run);

    const plan = json(await run.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '15' } })) as {
      planId: string;
      next: string;
      store: string;
    };
    expect(plan.store).toMatch(/^the sandbox this server started/);
    expect(plan.next).toContain('The store is a sandbox');
    expect(json(await run.client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId } }))).toMatchObject({ sent: true });
    expect(await count(run)).toBe(cards + 1);

    const logs = JSON.parse(textOf(await run.client.callTool({ name: 'sandbox_logs', arguments: { method: 'POST' } }))) as Array<{
      method: string;
      path: string;
      status: number;
    }>;
    expect(logs).toEqual([expect.objectContaining({ method: 'POST', path: expect.stringMatching(/gift_cards$/) as string })]);

    json(await run.client.callTool({ name: 'sandbox_fault', arguments: { rule: 'GET /api/202412/gift_cards/count 404' } }));
    const faulted = await run.client.callTool({ name: 'giftcard_count', arguments: {} });
    expect(faulted.isError).toBe(true);
    json(await run.client.callTool({ name: 'sandbox_fault', arguments: { clear: true } }));

    const reset = await run.client.callTool({ name: 'sandbox_reset', arguments: {} });
    expect(reset.isError, textOf(reset)).toBeFalsy();
    expect(await count(run)).toBe(cards);

    expect(json(await run.client.callTool({ name: 'sandbox_stop', arguments: {} }))).toMatchObject({ stopped: true });
    expect(await shop(run)).toBe('Live Shop');
    // A plan the sandbox made goes nowhere now: it was for that sandbox.
    const late = json(await run.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '15' } })) as { planId: string; next: string };
    expect(late.next).toContain('store-cli mcp approve');
    expect((await log.take()).filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('a plan made for the sandbox is not applied once the store is served again', async () => {
    const run = await mcpClient(['mcp', '--toolsets', 'giftcard,sandbox'], { env: live.env });
    json(await run.client.callTool({ name: 'sandbox_start', arguments: { seed: 'empty' } }));
    expect(await count(run)).toBe(0);
    const plan = json(await run.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '15' } })) as { planId: string };
    json(await run.client.callTool({ name: 'sandbox_stop', arguments: {} }));
    log.clear();
    const refused = await run.client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/was made for the sandbox this server started .*: a plan goes only to its own store/);
    expect((await log.take()).filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
