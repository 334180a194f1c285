// `store-cli mcp plans`: the plans of the data directory, newest first, as a table (a person
// reads it before approving), TSV piped, and --json: pending, approved, applied with what let it
// go and its run, and --state to choose.
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { mcpClient, textOf } from '../../helpers/mcp-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { stripAnsi } from '../_support.js';

describe('mcp plans', () => {
  const s = useSandbox({ seed: 'demo', shopDomain: 'plans.example.com' });

  it('lists pending, approved and applied plans, newest first, with the run an applied one was', async () => {
    const env = { ...s.env, ...scratchDirs() };
    expect(await cli(['mcp', 'plans'], { env })).toMatchObject({ code: 0, stdout: '' });
    const server = await mcpClient(['mcp'], { env });
    const plan = async (initialValue: string) =>
      (JSON.parse(textOf(await server.client.callTool({ name: 'giftcard_create', arguments: { initialValue } }))) as { planId: string }).planId;
    const pending = await plan('1');
    const approved = await plan('2');
    const applied = await plan('3');
    for (const id of [approved, applied]) expect((await cli(['mcp', 'approve', id], { env })).code).toBe(0);
    const answer = JSON.parse(textOf(await server.client.callTool({ name: 'apply_plan', arguments: { planId: applied } }))) as { runId: string };

    const listed = JSON.parse((await cli(['mcp', 'plans', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    expect(listed.map((row) => row.planId)).toEqual([applied, approved, pending]);
    expect(listed[0]).toMatchObject({
      state: 'applied',
      tools: 'giftcard_create',
      shop: 'plans.example.com',
      objects: 1,
      approved: expect.any(String) as string,
      by: 'approval',
      runId: answer.runId,
    });
    expect(listed[1]).toMatchObject({ state: 'approved', by: null, runId: null });
    expect(listed[2]).toMatchObject({ state: 'pending', approved: null });

    const onlyPending = await cli(['mcp', 'plans', '--state', 'pending', '--json', 'planId'], { env });
    expect(JSON.parse(onlyPending.stdout)).toEqual([{ planId: pending }]);
    const table = await cli(['mcp', 'plans'], { env, tty: true, columns: 160 });
    expect(stripAnsi(table.stdout)).toMatch(/PLAN ID\s+STATE\s+TOOLS/);
    expect(table.stdout).toContain(answer.runId);
    const piped = await cli(['mcp', 'plans', '--state', 'applied'], { env });
    expect(piped.stdout.trim().split('\t').slice(0, 3)).toEqual([applied, 'applied', 'giftcard_create']);
    expect(await cli(['mcp', 'plans', '--state', 'failed'], { env, tty: true })).toMatchObject({
      code: 0,
      stderr: expect.stringContaining('No plan is failed') as string,
    });
  });
});
