// What `store-cli mcp` serves and where: --tools and --exclude-tools (names checked, exit 2
// naming the unknown one), the store named by --env or --profile given after `mcp` (checked at
// start; a read_only environment serves no write tool), and the read tools' output schemas with
// their structuredContent, ids exact.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../helpers/cli-in-process.js';
import { mcpClient, mcpRefused, textOf } from '../../helpers/mcp-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call } from '../_support.js';

const names = async (run: Awaited<ReturnType<typeof mcpClient>>) => (await run.client.listTools()).tools.map((tool) => tool.name);

describe('mcp --tools and --exclude-tools', () => {
  it('--tools alone serves those tools, and the gate with a write among them', async () => {
    expect((await names(await mcpClient(['--sandbox', 'mcp', '--tools', 'giftcard_search,giftcard_get']))).sort()).toEqual(['giftcard_get', 'giftcard_search']);
    expect((await names(await mcpClient(['--sandbox', 'mcp', '--tools', 'giftcard_create,discount_list']))).sort()).toEqual([
      'apply_plan',
      'discount_list',
      'giftcard_create',
      'plan_batch',
      'undo_run',
    ]);
  });

  it('--tools adds to --toolsets; --exclude-tools leaves out, the gate too', async () => {
    const served = await names(
      await mcpClient(['--sandbox', 'mcp', '--toolsets', 'shop', '--tools', 'giftcard_create', '--exclude-tools', 'apply_plan,shop_languages']),
    );
    expect(served.sort()).toEqual(['giftcard_create', 'plan_batch', 'shop_info', 'undo_run']);
    const without = await mcpClient(['--sandbox', 'mcp', '--exclude-tools', 'giftcard_search']);
    expect(await names(without)).not.toContain('giftcard_search');
    await expect(without.client.callTool({ name: 'giftcard_search', arguments: {} })).rejects.toThrow(/Tool giftcard_search not found/);
  });

  it('an unknown tool name is exit 2 naming it, before serving; a write named under --read-only too', async () => {
    const typo = await mcpRefused(['--sandbox', 'mcp', '--tools', 'giftcard_search,giftcard_creat']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^error: --tools: 'giftcard_creat' is no tool \(did you mean giftcard_create\?\)/);
    const excluded = await mcpRefused(['--sandbox', 'mcp', '--exclude-tools', 'nosuch_tool']);
    expect(excluded).toMatchObject({ code: 2, stderr: expect.stringContaining("--exclude-tools: 'nosuch_tool' is no tool") as string });
    const readOnly = await mcpRefused(['--sandbox', 'mcp', '--read-only', '--tools', 'giftcard_create']);
    expect(readOnly).toMatchObject({ code: 2, stderr: expect.stringContaining('--tools names giftcard_create, which writes') as string });
  });
});

describe('the store mcp serves', () => {
  const staging = useSandbox({ seed: 'demo', shopName: 'Staging Shop', shopDomain: 'staging.example.com' });
  const other = useSandbox({ seed: 'demo', shopName: 'Other Shop', shopDomain: 'other.example.com' });

  function folder(): { cwd: string; env: Record<string, string> } {
    const root = scratchDir();
    const env = { STORE_CLI_CONFIG_DIR: join(root, 'config'), STORE_CLI_DATA_DIR: join(root, 'data'), STORE_CLI_BRAND: staging.env.STORE_CLI_BRAND! };
    mkdirSync(env.STORE_CLI_CONFIG_DIR, { recursive: true });
    const profile = (s: typeof staging) => ({ baseUrl: s.sandbox.baseUrl, token: s.sandbox.token });
    writeFileSync(
      join(env.STORE_CLI_CONFIG_DIR, 'config.json'),
      JSON.stringify({ profiles: { stage: profile(staging), other: profile(other), default: profile(other) } }),
    );
    const cwd = join(root, 'shop');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'store.toml'), '[environments.staging]\nprofile = "stage"\n\n[environments.locked]\nprofile = "other"\nread_only = true\n');
    return { cwd, env };
  }

  const shopOf = async (run: Awaited<ReturnType<typeof mcpClient>>) =>
    (JSON.parse(textOf(await run.client.callTool({ name: 'shop_info', arguments: { fields: ['shopName'] } }))) as { shopName: string }).shopName;

  it('--env and --profile given after mcp choose the store, named in the start notice and each plan', async () => {
    const { cwd, env } = folder();
    const byEnv = await mcpClient(['mcp', '--env', 'staging'], { env, cwd });
    expect(await shopOf(byEnv)).toBe('Staging Shop');
    expect(byEnv.stderr()).toContain('for environment staging (profile stage)');
    const plan = JSON.parse(textOf(await byEnv.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '5' } }))) as Record<string, unknown>;
    expect(plan).toMatchObject({ store: 'environment staging (profile stage)', target: { shopName: 'Staging Shop', domain: 'staging.example.com' } });
    const byProfile = await mcpClient(['mcp', '--profile', 'stage'], { env, cwd });
    expect(await shopOf(byProfile)).toBe('Staging Shop');
    expect(await shopOf(await mcpClient(['mcp'], { env, cwd }))).toBe('Other Shop');
  });

  it('--writes sandbox without --sandbox is refused before serving: a --base-url may be any store', async () => {
    const result = await mcpRefused(['--base-url', 'http://127.0.0.1:9', 'mcp', '--writes', 'sandbox'], { env: { STORE_CLI_TOKEN: 'x' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--writes sandbox needs --sandbox');
  });

  it('--writes plan-only: write tools give plans and there is no apply_plan', async () => {
    const server = await mcpClient(['--sandbox', 'mcp', '--writes', 'plan-only']);
    const served = await names(server);
    expect(served).toContain('giftcard_create');
    expect(served).not.toContain('apply_plan');
    await expect(server.client.callTool({ name: 'apply_plan', arguments: { planId: 'plan-000000000000000000000000' } })).rejects.toThrow(
      /Tool apply_plan not found/,
    );
  });

  it('a store that is not set up is exit 2 at start, not at each call', async () => {
    const { cwd, env } = folder();
    const env2 = await mcpRefused(['mcp', '--env', 'nosuch'], { env, cwd });
    expect(env2.code).toBe(2);
    expect(env2.stderr).toMatch(/--env names environment 'nosuch', which .*store\.toml does not define \(it defines staging, locked\)/);
    const profile = await mcpRefused(['mcp', '--profile', 'nosuch'], { env, cwd });
    expect(profile).toMatchObject({ code: 2, stderr: expect.stringContaining("No store is set up for profile 'nosuch'") as string });
    const several = await mcpRefused(['mcp', '--env', 'staging,locked'], { env, cwd });
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('store-cli mcp serves one store');
  });

  it('a read_only environment serves no write tool', async () => {
    const { cwd, env } = folder();
    const locked = await mcpClient(['mcp', '--env', 'locked'], { env, cwd });
    const { tools } = await locked.client.listTools();
    expect(tools.length).toBeGreaterThan(5);
    expect(tools.filter((tool) => tool.annotations?.readOnlyHint !== true).map((tool) => tool.name)).toEqual([]);
    expect(locked.stderr()).toMatch(/\(read-only: environment 'locked' is read_only in .*store\.toml\)/);
  });
});

describe('output schemas', () => {
  // Ids as bare JSON numbers past 2^53: the structured answer keeps their digits as text.
  const s = useSandbox({ seed: 'demo', idsAs: 'number' });

  it('every read tool has one, and its structuredContent is what the client validates against it', async () => {
    const run = await mcpClient(['mcp'], { env: s.env });
    const { tools } = await run.client.listTools();
    const reads = tools.filter((tool) => tool.annotations?.readOnlyHint === true);
    expect(reads.filter((tool) => tool.outputSchema === undefined).map((tool) => tool.name)).toEqual([]);
    expect(tools.filter((tool) => tool.annotations?.readOnlyHint !== true && tool.outputSchema !== undefined).map((tool) => tool.name)).toEqual([]);

    const search = await run.client.callTool({ name: 'giftcard_search', arguments: { fields: ['id', 'balance', 'code'] } });
    const { records } = search.structuredContent as { records: Array<{ id: unknown; balance: unknown; code: string }> };
    expect(records.length).toBeGreaterThan(0);
    const first = records[0]!;
    // Its digits as sent: the text content says the same id.
    expect(first.id).toEqual(expect.stringMatching(/^\d{19}$/));
    expect(textOf(search)).toContain(`"id":${String(first.id)}`);
    expect(first.code).toMatch(/^\*+/);

    const get = await run.client.callTool({ name: 'giftcard_get', arguments: { giftCardId: String(first.id) } });
    expect(get.structuredContent).toMatchObject({ id: first.id, balance: first.balance });
    expect((await run.client.callTool({ name: 'giftcard_count', arguments: {} })).structuredContent).toEqual({ count: expect.any(Number) as number });
  });

  it('a listing cut to the byte cap gives its pageToken in structuredContent too, and the token gives the rest', async () => {
    // Notes of 500 characters: 40 cards are more than one answer holds.
    for (let i = 0; i < 40; i++)
      await call(s.sandbox, 'POST', '/gift_cards', { giftCard: { code: `PAGED${String(i).padStart(6, '0')}`, initialValue: '1.00', note: 'n'.repeat(500) } });
    const run = await mcpClient(['mcp'], { env: s.env });
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    for (; pages < 20; pages++) {
      const answer = await run.client.callTool({ name: 'giftcard_search', arguments: { limit: '250', ...(pageToken ? { pageToken } : {}) } });
      expect(Buffer.byteLength(textOf(answer))).toBeLessThanOrEqual(16_384);
      const content = answer.structuredContent as { records: Array<{ id: string }>; pageToken?: string };
      seen.push(...content.records.map((record) => String(record.id)));
      pageToken = content.pageToken;
      if (pageToken === undefined) break;
      expect(textOf(answer)).toContain(`"pageToken":"${pageToken}"`);
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.length).toBeGreaterThanOrEqual(40);
  });
});
