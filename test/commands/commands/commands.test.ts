// `store-cli commands`: the manifest printed from the tree this process parses with (every
// noun, though the run names none of the store's), one line a command without --json.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';

describe('store-cli commands', () => {
  it('--json prints the manifest of the whole tree', async () => {
    const r = await cli(['commands', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const manifest = JSON.parse(r.stdout) as { commands: { path: string; mutates: boolean }[] };
    const paths = manifest.commands.map((c) => c.path);
    expect(paths).toContain('giftcard create');
    expect(paths).toContain('commands');
    expect(manifest.commands.find((c) => c.path === 'giftcard create')?.mutates).toBe(true);
  });

  it('--jq selects from it: the commands that change nothing', async () => {
    const r = await cli(['commands', '--jq', '[.commands[] | select(.mutates | not) | .path]']);
    expect(r.code, r.stderr).toBe(0);
    const reads = JSON.parse(r.stdout) as string[];
    expect(reads).toContain('giftcard search');
    expect(reads).not.toContain('giftcard create');
  });

  it('without --json, one line a command: its path and what it does', async () => {
    const r = await cli(['commands']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.find((l) => l.startsWith('giftcard search '))).toMatch(/ reads$/);
    expect(lines.find((l) => l.startsWith('product delete '))).toMatch(/ writes, destructive, --dry-run$/);
    expect(lines.find((l) => l.startsWith('config set '))).toMatch(/ changes local state, destructive$/);
  });
});
