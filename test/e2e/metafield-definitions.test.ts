// Copying metafield definitions from one store to another, end to end: the built binary
// against two `sandbox serve` children. Export from A, import into B, re-import (nothing
// changes), export from B: the same bytes as A's export. Then B checks values by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, methodAndPath, removeScratch, requireBuild, run, runLogged, serve, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe.each(DIALECTS)('metafield definition export | import between two sandboxes (%s dialect)', (dialect) => {
  let a: ServeHandle;
  let b: ServeHandle;
  beforeAll(async () => {
    [a, b] = await Promise.all([serve(['--json', ...dialectArgs(dialect), '--demo', '--token', 'ta']), serve(['--json', ...dialectArgs(dialect), '--token', 'tb'])]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("B ends with A's definitions, byte for byte, and a re-import sends no write", async () => {
    // A has the demo set, plus one made through the API with a rule, options and a pin.
    const made = await run(
      [
        'metafield',
        'definition',
        'create',
        'variants',
        '--namespace',
        'specs',
        '--code',
        'depth',
        '--definition-name',
        'Depth',
        '--field-type',
        'Size',
        '--schema-rule',
        '{"min":{"value":0.5,"unit":"cm"}}',
        '--option-map',
        '{"search":true}',
        '--pinned',
        'true',
      ],
      { env: a.env() },
    );
    expect(made.code, made.stderr).toBe(0);

    const fromA = await run(['metafield', 'definition', 'export', '--all'], { env: a.env() });
    expect(fromA.code, fromA.stderr).toBe(0);
    const exported = JSON.parse(fromA.stdout).definitions as Array<{ domain: string }>;
    expect(exported).toHaveLength(24);
    expect(new Set(exported.map((d) => d.domain)).size).toBe(7);

    const before = await run(['metafield', 'definition', 'export', '--all'], { env: b.env() });
    expect(JSON.parse(before.stdout)).toEqual({ definitions: [] });

    const imported = await runLogged(b, ['metafield', 'definition', 'import', '-', '--json'], { input: fromA.stdout });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ created: 24, updated: 0, unchanged: 0, failed: 0 });
    // One listing per domain in the file, then one create per definition.
    expect(imported.requests.map(methodAndPath).filter((line) => line.startsWith('GET '))).toHaveLength(7);
    expect(imported.requests.map(methodAndPath).filter((line) => line.startsWith('POST '))).toHaveLength(24);

    const again = await runLogged(b, ['metafield', 'definition', 'import', '-', '--json'], { input: fromA.stdout });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ created: 0, updated: 0, unchanged: 24, failed: 0 });
    expect(again.requests.map(methodAndPath).every((line) => line.startsWith('GET '))).toBe(true);

    const fromB = await run(['metafield', 'definition', 'export', '--all'], { env: b.env() });
    expect(fromB.code, fromB.stderr).toBe(0);
    expect(fromB.stdout).toBe(fromA.stdout);

    // B now checks values as A does.
    const refused = await run(['metafield', 'set', 'variants', '11', '--namespace', 'specs', '--code', 'depth', '--value', '2 mm', '--type', 'Size'], { env: b.env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('must be at least 0.5 cm');
    const accepted = await run(['metafield', 'set', 'variants', '11', '--namespace', 'specs', '--code', 'depth', '--value', '2 cm', '--type', 'Size'], { env: b.env() });
    expect(accepted.code, accepted.stderr).toBe(0);
  });
});
