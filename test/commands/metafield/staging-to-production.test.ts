// README's "Copy staging to production" recipe, as written, between two sandboxes: staging
// holds the demo data (definitions and values), production the same objects and nothing else.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { demoDocument } from '../../../src/sandbox/state/seed.js';
import { scratchDir } from '../../helpers/scratch.js';

const demo = demoDocument();
const { metafields: _values, metafieldDefinitions: _definitions, ...objectsOnly } = demo;

describe("README's staging -> production recipe", () => {
  const staging = useSandbox({
    seed: 'demo',
    tokens: [{ token: 'staging-token-0001', scopes: ['read_products', 'read_metafields', 'write_metafields', 'read_gift_card'] }],
  });
  const production = useSandbox({
    seed: objectsOnly as never,
    tokens: [{ token: 'production-token-01', scopes: ['read_products', 'read_metafields', 'write_metafields', 'read_gift_card'] }],
  });

  it('copies the demo definitions and values, and the export of production then equals the staging file', { timeout: 60_000 }, async () => {
    const env = scratchDirs();
    const dir = scratchDir('store-cli-recipe-');
    const at = (name: string) => join(dir, name);
    for (const [profile, sandbox, token] of [
      ['staging', staging, 'staging-token-0001'],
      ['production', production, 'production-token-01'],
    ] as const) {
      const login = await cli(['--profile', profile, 'auth', 'login', '--base-url', sandbox.sandbox.baseUrl, '--with-token'], { env, stdin: token });
      expect(login.code, login.stderr).toBe(0);
    }
    const step = async (argv: string[]) => {
      const r = await cli(argv, { env });
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
      return r;
    };
    const defs = await step(['metafield', 'definition', 'export', '--all', '--profile', 'staging']);
    // The recipe redirects stdout to defs.json: the same bytes, through a file.
    writeFileSync(at('defs.json'), defs.stdout);
    await step(['metafield', 'definition', 'import', at('defs.json'), '--profile', 'production']);
    await step(['metafield', 'export', '--all', '--profile', 'staging', '--output', at('values.csv')]);
    const values = readFileSync(at('values.csv'), 'utf8');
    expect(values).toContain('custom,material');
    const dry = await step(['metafield', 'import', at('values.csv'), '--profile', 'production', '--dry-run']);
    expect(dry.stderr).toMatch(/\d+ to create/);
    const applied = await step([
      'metafield',
      'import',
      at('values.csv'),
      '--profile',
      'production',
      '--rejects',
      at('rejects.csv'),
      '--json',
      'created,failed',
    ]);
    // The demo's 22 values but the variant's: --all finds collections and their products, not variants.
    expect(JSON.parse(applied.stdout)).toEqual({ created: 21, failed: 0 });
    const back = await step(['metafield', 'export', '--objects', at('values.csv'), '--profile', 'production']);
    expect(back.stdout).toBe(values);
  });

  it('--sandbox: metafield list shows the demo values of a product, typed by their definitions', async () => {
    const r = await cli(['--sandbox', 'metafield', 'list', 'products', '4000000000000000401', '--json', 'namespace,code,value,fieldType'], {
      env: scratchDirs(),
    });
    expect(r.code, r.stderr).toBe(0);
    const listed = JSON.parse(r.stdout) as Array<{ namespace: string; code: string; value: string; fieldType: string }>;
    expect(listed).toContainEqual({ namespace: 'custom', code: 'material', value: 'Organic cotton', fieldType: 'SingleLineText' });
    expect(listed).toContainEqual({ namespace: 'specs', code: 'weight', value: '{"value":0.2,"unit":"kg"}', fieldType: 'Weight' });
    expect(listed).toHaveLength(10);
  });
});
