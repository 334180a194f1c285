// `store-cli mcp --policy FILE`: a plan outside the policy is refused when it is planned, with
// the reason, and nothing is kept or sent; a plan inside it is applied without `mcp approve`.
// A bad policy file stops the server before it serves: one sentence naming the file, the line
// and the key, exit 2. The store is a real sandbox whose request log says what reached it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { mcpClient, mcpRefused, textOf } from '../../helpers/mcp-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';

function policyFile(text: string): string {
  const path = join(scratchDir(), 'agent-policy.toml');
  writeFileSync(path, text);
  return path;
}

describe('mcp --policy', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const writes = async () => (await log.take()).filter((q) => q.method !== 'GET');

  it('a plan creating 21 cards under max_objects = 20 is refused when planned, with the reason; nothing is kept or sent', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const server = await mcpClient(['mcp', '--policy', policyFile('max_objects = 20\n')], { env });
    log.clear();
    const steps = Array.from({ length: 21 }, (_, i) => ({ tool: 'giftcard_create', arguments: { initialValue: String(i + 1) } }));
    const planned = await server.client.callTool({ name: 'plan_batch', arguments: { steps } });
    expect(planned.isError).toBe(true);
    expect(textOf(planned)).toMatch(
      /^The policy .*agent-policy\.toml does not allow this plan: it would write 21 objects, and max_objects is 20\. Nothing was planned or sent\.$/,
    );
    expect(await writes()).toEqual([]);
    const plans = await cli(['mcp', 'plans', '--json'], { env });
    expect(JSON.parse(plans.stdout)).toEqual([]);
    // 20 fit.
    const fits = await server.client.callTool({ name: 'plan_batch', arguments: { steps: steps.slice(0, 20) } });
    expect(fits.isError, textOf(fits)).toBeFalsy();
    expect(JSON.parse(textOf(fits))).toMatchObject({ objects: 20, next: expect.stringContaining('allows it') as string });
  });

  it('a plan inside the policy is applied without mcp approve, once', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const server = await mcpClient(['mcp', '--policy', policyFile('max_objects = 5\nmax_money_delta = "100.00"\nresources = ["giftcard"]\n')], { env });
    const planned = JSON.parse(textOf(await server.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '40', note: 'policy' } }))) as {
      planId: string;
    };
    log.clear();
    const applied = await server.client.callTool({ name: 'apply_plan', arguments: { planId: planned.planId } });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    expect((await writes()).map((q) => q.method)).toEqual(['POST']);
    expect(textOf(await server.client.callTool({ name: 'apply_plan', arguments: { planId: planned.planId } }))).toMatch(/applied already/);
    const plans = JSON.parse((await cli(['mcp', 'plans', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    expect(plans).toMatchObject([{ planId: planned.planId, state: 'applied', by: 'policy', approved: null }]);
  });

  it('refuses at planning what the money, the resources or the store would take outside the policy', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const server = await mcpClient(['mcp', '--policy', policyFile('max_money_delta = "100.00"\nresources = ["giftcard"]\n')], { env });
    log.clear();
    const money = await server.client.callTool({
      name: 'plan_batch',
      arguments: {
        steps: [
          { tool: 'giftcard_create', arguments: { initialValue: '60.50' } },
          { tool: 'giftcard_create', arguments: { initialValue: '39.51' } },
        ],
      },
    });
    expect(textOf(money)).toMatch(/its amounts add up to 100\.01, and max_money_delta is 100\.00/);
    const product = await server.client.callTool({ name: 'product_create', arguments: { title: 'Not a card' } });
    expect(textOf(product)).toMatch(/it writes product, and resources are giftcard/);
    expect(await writes()).toEqual([]);

    // The store is given by its base URL here (STORE_CLI_BASE_URL), which no envs entry can name.
    const byUrl = await mcpClient(['mcp', '--policy', policyFile('envs = ["staging"]\n')], { env });
    const card = await byUrl.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '1' } });
    expect(textOf(card)).toMatch(/it goes to a store given by its base URL, not by an environment or profile, and envs are staging/);
  });

  it('envs: the store.toml environment the server serves (named after mcp) is the one the policy allows, or the plan is refused', async () => {
    const root = scratchDir();
    const env = { STORE_CLI_CONFIG_DIR: join(root, 'config'), STORE_CLI_DATA_DIR: join(root, 'data'), STORE_CLI_BRAND: s.env.STORE_CLI_BRAND };
    mkdirSync(env.STORE_CLI_CONFIG_DIR, { recursive: true });
    writeFileSync(
      join(env.STORE_CLI_CONFIG_DIR, 'config.json'),
      JSON.stringify({ profiles: { stage: { baseUrl: s.sandbox.baseUrl, token: s.sandbox.token } } }),
    );
    const cwd = join(root, 'shop');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'store.toml'), '[environments.staging]\nprofile = "stage"\n\n[environments.production]\nprofile = "prod"\n');
    const policy = policyFile('envs = ["staging"]\n');
    const staging = await mcpClient(['mcp', '--env', 'staging', '--policy', policy], { env, cwd });
    const allowed = await staging.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '2' } });
    expect(allowed.isError, textOf(allowed)).toBeFalsy();
    expect(JSON.parse(textOf(allowed))).toMatchObject({ store: 'environment staging (profile stage)' });

    writeFileSync(
      join(env.STORE_CLI_CONFIG_DIR, 'config.json'),
      JSON.stringify({
        profiles: { stage: { baseUrl: s.sandbox.baseUrl, token: s.sandbox.token }, prod: { baseUrl: s.sandbox.baseUrl, token: s.sandbox.token } },
      }),
    );
    const production = await mcpClient(['mcp', '--env', 'production', '--policy', policy], { env, cwd });
    const refused = await production.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '2' } });
    expect(textOf(refused)).toMatch(/it goes to 'production', 'prod', and envs are staging/);
  });

  it('a bad policy file is one sentence naming the file, the line and the key, exit 2, before serving', async () => {
    const cases: Array<[string, RegExp]> = [
      [
        'max_objects = 20\nmax_objcts = 3\n',
        /agent-policy\.toml, line 2: max_objcts is not a setting of a policy \(it holds max_objects, max_money_delta, resources, envs\)\.$/,
      ],
      ['max_objects = "20"\n', /agent-policy\.toml, line 1: max_objects must be a whole number from 1 to 100000 \(got "20"\)\.$/],
      ['max_money_delta = 100.5\n', /line 1: max_money_delta must be an amount as text, such as "100\.00"/],
      ['resources = ["giftcard", "cards"]\n', /line 1: resources holds "cards", which is not one of the nouns giftcard, metafield/],
      ['max_objects = [\n', /agent-policy\.toml, line \d+: /],
      ['', /sets no bound: give at least one of max_objects, max_money_delta, resources, envs/],
    ];
    for (const [text, expected] of cases) {
      const refused = await mcpRefused(['--sandbox', 'mcp', '--policy', policyFile(text)]);
      expect(refused.code, text).toBe(2);
      const lines = refused.stderr.trim().split('\n');
      expect(lines, refused.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(expected);
    }
    const missing = await mcpRefused(['--sandbox', 'mcp', '--policy', join(scratchDir(), 'none.toml')]);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/--policy: cannot read .*none\.toml \(ENOENT\)/) as string });
  });
});
