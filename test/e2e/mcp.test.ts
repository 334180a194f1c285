// `store-cli mcp` as an agent's client sees it: the SDK's own client over stdio, the server
// a spawned store-cli (only a process shows stdio), against a store hosted in the test whose
// request log tells what reached it. --read-only lists read-only tools alone, a write tool is
// not found and only GETs are sent; by default a write tool answers with its dry run, the
// exact POST and a planId, and sends nothing; apply_plan sends it once, only after a person ran
// `store-cli mcp approve` in another process, whatever the model claims. The policy, undo_run
// and the rest of the server are in-process: test/commands/mcp/.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, killLeftovers, methodAndPath, removeScratch, run } from '../helpers/cli-spawn.js';
import { useHosted, type HostedStore } from '../helpers/hosted-store.js';

const open: Client[] = [];

async function connect(env: Record<string, string>, flags: string[], globals: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...globals, 'mcp', ...flags], env, stderr: 'pipe' });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('');

/** The requests but GETs that reached the store while `work` ran, as `METHOD PATH` (a request is in its log before its answer is sent). */
async function writesDuring(store: HostedStore, work: () => Promise<void>): Promise<string[]> {
  const before = store.log().length;
  await work();
  return store
    .log()
    .slice(before)
    .map(methodAndPath)
    .filter((line) => !line.startsWith('GET '));
}

afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('store-cli mcp over stdio', () => {
  const served = useHosted({ seed: 'demo' });

  it('--read-only: only read-only tools are listed (no apply_plan), a write tool is not found, only GETs reach the store', async () => {
    const before = served.store.log().length;
    const client = await connect(served.store.env(), ['--read-only']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('giftcard_search');
    expect(tools.map((t) => t.name)).not.toContain('apply_plan');
    expect(tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).toEqual([]);
    await expect(client.callTool({ name: 'giftcard_create', arguments: { initialValue: '50' } })).rejects.toThrow(/Tool giftcard_create not found/);
    const search = await client.callTool({ name: 'giftcard_search', arguments: {} });
    expect(search.isError, textOf(search)).toBeFalsy();
    const cards = JSON.parse(textOf(search).split('\n')[0]!) as { id: unknown; code: string }[];
    expect(cards.length).toBeGreaterThan(0);
    // Masked as in the CLI.
    for (const card of cards) expect(card.code).toMatch(/^\*+/);
    const sent = served.store.log().slice(before).map(methodAndPath);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((line) => !line.startsWith('GET '))).toEqual([]);
  });

  it('by default a write tool answers with the exact POST of its dry run and sends nothing', async () => {
    const client = await connect(served.store.env(), []);
    const { tools } = await client.listTools();
    // The default toolsets' list fits an agent's context.
    expect(Buffer.byteLength(JSON.stringify(tools))).toBeLessThanOrEqual(30 * 1024);
    expect(tools.find((t) => t.name === 'giftcard_create')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    const sent = await writesDuring(served.store, async () => {
      const result = await client.callTool({ name: 'giftcard_create', arguments: { initialValue: '50' } });
      expect(result.isError, textOf(result)).toBeFalsy();
      const plan = JSON.parse(textOf(result)) as { sent: boolean; requests: { method: string; path: string; body: unknown }[] };
      expect(plan.sent).toBe(false);
      expect(plan.requests).toHaveLength(1);
      expect(plan.requests[0]).toMatchObject({
        method: 'POST',
        path: expect.stringMatching(/gift_cards$/) as string,
        body: { giftCard: { initialValue: '50.00' } },
      });
    });
    expect(sent).toEqual([]);
  });

  it('the gate: invented approval is refused, store-cli mcp approve in another process lets exactly one POST go, once', async () => {
    const env = served.store.env();
    const client = await connect(env, []);
    const sentBetween = (work: () => Promise<void>) => writesDuring(served.store, work);
    let planId = '';
    expect(
      await sentBetween(async () => {
        const result = await client.callTool({ name: 'giftcard_create', arguments: { initialValue: '50' } });
        const plan = JSON.parse(textOf(result)) as { planId: string; sent: boolean; requests: { method: string }[]; target: { domain: string } | null };
        expect(plan).toMatchObject({ sent: false, requests: [{ method: 'POST' }] });
        expect(plan.target?.domain).toEqual(expect.any(String));
        planId = plan.planId;
      }),
    ).toEqual([]);
    expect(planId).toMatch(/^plan-[0-9a-f]{24}$/);

    const refusals = await sentBetween(async () => {
      for (const invented of [{ approved: true }, { confirm: true }]) {
        const result = await client.callTool({ name: 'apply_plan', arguments: { planId, ...invented } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/takes no argument '(approved|confirm)'/);
      }
      const unapproved = await client.callTool({ name: 'apply_plan', arguments: { planId } });
      expect(unapproved.isError).toBe(true);
      expect(textOf(unapproved)).toContain(`store-cli mcp approve ${planId}`);
    });
    expect(refusals).toEqual([]);

    const approval = await run(['mcp', 'approve', planId], { env });
    expect(approval.code, approval.stderr).toBe(0);
    expect(approval.stderr).toContain(`Approved ${planId}: giftcard_create`);
    expect(approval.stdout).toContain('"method": "POST"');

    const applied = await sentBetween(async () => {
      const result = await client.callTool({ name: 'apply_plan', arguments: { planId } });
      expect(result.isError, textOf(result)).toBeFalsy();
    });
    expect(applied).toEqual(['POST /api/202412/gift_cards']);

    const replay = await sentBetween(async () => {
      const result = await client.callTool({ name: 'apply_plan', arguments: { planId } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/applied already/);
    });
    expect(replay).toEqual([]);
    // Approving a used plan is refused too.
    expect((await run(['mcp', 'approve', planId], { env })).code).toBe(2);
  });
});

describe('store-cli mcp --writes', () => {
  it('sandbox: on the embedded sandbox a plan is applied without approval, once', async () => {
    const env = isolatedEnv();
    const client = await connect(env, ['--writes', 'sandbox'], ['--sandbox']);
    const plan = JSON.parse(textOf(await client.callTool({ name: 'giftcard_create', arguments: { initialValue: '25', note: 'from the agent' } }))) as {
      planId: string;
    };
    const applied = await client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId } });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    expect(JSON.parse(textOf(applied))).toMatchObject({ sent: true, result: { note: 'from the agent' } });
    const replay = await client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId } });
    expect(textOf(replay)).toMatch(/applied already/);
    // The card is in the sandbox's state, as any command sees it.
    const search = await run(['--sandbox', 'giftcard', 'search', '--json'], { env });
    expect((JSON.parse(search.stdout) as { note: string | null }[]).filter((card) => card.note === 'from the agent')).toHaveLength(1);
  });
});
