// Copying metafield definitions from one store to another, in-process against two logged
// sandboxes in each dialect. Export from A, import into B, re-import (nothing changes), export
// from B: the same bytes as A's export. Then B checks values by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { methodAndPath } from '../../helpers/store-request.js';

describe.each(DIALECTS)('metafield definition export | import between two sandboxes (%s dialect)', (dialect) => {
  let a: LoggedSandbox;
  let b: LoggedSandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([startLogged({ dialect, seed: 'demo' }), startLogged({ dialect })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("B ends with A's definitions, byte for byte, and a re-import sends no write", async () => {
    // A has the demo set, plus one made through the API with a rule, options and a pin.
    const made = await cli(
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

    const fromA = await cli(['metafield', 'definition', 'export', '--all'], { env: a.env() });
    expect(fromA.code, fromA.stderr).toBe(0);
    const exported = JSON.parse(fromA.stdout).definitions as Array<{ domain: string }>;
    expect(exported).toHaveLength(24);
    expect(new Set(exported.map((d) => d.domain)).size).toBe(7);

    const before = await cli(['metafield', 'definition', 'export', '--all'], { env: b.env() });
    expect(JSON.parse(before.stdout)).toEqual({ definitions: [] });

    const imported = await runLogged(b, ['metafield', 'definition', 'import', '-', '--json'], { stdin: fromA.stdout });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ created: 24, updated: 0, unchanged: 0, failed: 0 });
    // One listing per domain in the file, then one create per definition.
    expect(imported.requests.map(methodAndPath).filter((line) => line.startsWith('GET '))).toHaveLength(7);
    expect(imported.requests.map(methodAndPath).filter((line) => line.startsWith('POST '))).toHaveLength(24);

    const again = await runLogged(b, ['metafield', 'definition', 'import', '-', '--json'], { stdin: fromA.stdout });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ created: 0, updated: 0, unchanged: 24, failed: 0 });
    expect(again.requests.map(methodAndPath).every((line) => line.startsWith('GET '))).toBe(true);

    const fromB = await cli(['metafield', 'definition', 'export', '--all'], { env: b.env() });
    expect(fromB.code, fromB.stderr).toBe(0);
    expect(fromB.stdout).toBe(fromA.stdout);

    // B now checks values as A does.
    const refused = await cli(['metafield', 'set', 'variants', '11', '--namespace', 'specs', '--code', 'depth', '--value', '2 mm', '--type', 'Size'], {
      env: b.env(),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('must be at least 0.5 cm');
    const accepted = await cli(['metafield', 'set', 'variants', '11', '--namespace', 'specs', '--code', 'depth', '--value', '2 cm', '--type', 'Size'], {
      env: b.env(),
    });
    expect(accepted.code, accepted.stderr).toBe(0);
  });
});
