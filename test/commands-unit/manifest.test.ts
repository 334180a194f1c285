// The command manifest walked from the real command tree: every command that runs something
// is in it and says whether it mutates (a verb that declares nothing fails the walk, by
// path), the CRUD kit's verbs by their kind, scopes where documented, exit 3 on bulk verbs,
// and the whole validates against schemas/commands.schema.json.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { buildManifest, type CommandEntry, type Manifest } from '../../src/commands/commands/manifest.js';
import type { Noun } from '../../src/commands/types.js';
import { createIO } from '../../src/core/io.js';

function program(of: readonly Noun[] = nouns): Command {
  const quiet = () => new PassThrough();
  return buildProgram(
    createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false),
    of,
    async () => undefined,
  );
}

const schema = JSON.parse(readFileSync(new URL('../../schemas/commands.schema.json', import.meta.url), 'utf8')) as object;

/** Every command of the tree that runs something (no commands below it, or an action of its own: `mcp`), found without the manifest. */
function leaves(command: Command, words: string[] = []): string[] {
  return command.commands.flatMap((sub) => {
    const path = [...words, sub.name()];
    // commander keeps a command's action in _actionHandler; a group of commands has none.
    const acts = sub.commands.length === 0 || (sub as unknown as { _actionHandler: unknown })._actionHandler != null;
    return [...(acts ? [path.join(' ')] : []), ...leaves(sub, path)];
  });
}

const entry = (manifest: Manifest, path: string): CommandEntry => {
  const found = manifest.commands.find((c) => c.path === path);
  if (!found) throw new Error(`no ${path} in the manifest`);
  return found;
};

describe('command manifest', () => {
  const tree = program();
  const manifest = buildManifest(tree, '1.2.3');

  it('validates against its schema', () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
  });

  it('lists every command of the tree that runs something, each saying whether it mutates', () => {
    expect(manifest.commands.map((c) => c.path).sort()).toEqual(leaves(tree).sort());
    for (const command of manifest.commands) expect(typeof command.mutates, command.path).toBe('boolean');
  });

  it('fails the walk on a command whose verb declares nothing, naming it', () => {
    // A verb written by hand, not with defineVerb: nothing says what it changes.
    const bare: Noun = {
      name: 'widget',
      summary: 'Widgets',
      verbs: [{ register: (noun) => noun.command('spin').description('Spin a widget'), execute: async () => undefined }],
    };
    expect(() => buildManifest(program([...nouns, bare]), '1.2.3')).toThrow(/^widget spin: no verb declared it/);
  });

  it("marks the CRUD kit's verbs by their kind", () => {
    expect(entry(manifest, 'location list')).toMatchObject({ mutates: false, destructive: false, mayPrompt: false, dryRun: false });
    expect(entry(manifest, 'location create')).toMatchObject({ mutates: true, local: false, destructive: false, dryRun: true, mayPrompt: true });
    expect(entry(manifest, 'location update')).toMatchObject({ mutates: true, destructive: true });
    expect(entry(manifest, 'location delete')).toMatchObject({ mutates: true, destructive: true, mayPrompt: true });
  });

  it("tells a change of this machine's state from a store's", () => {
    expect(entry(manifest, 'config set')).toMatchObject({ mutates: true, local: true, mayPrompt: false });
    expect(entry(manifest, 'sandbox reset')).toMatchObject({ mutates: true, local: true, destructive: true, mayPrompt: true });
  });

  it('gives the documented scopes, by what the command does, and null where none are documented', () => {
    expect(entry(manifest, 'giftcard search').scopes).toEqual(['read_gift_card']);
    expect(entry(manifest, 'giftcard create').scopes).toEqual(['write_gift_card']);
    expect(entry(manifest, 'metafield set').scopes).toEqual(['write_metafields']);
    expect(entry(manifest, 'metafield definition list').scopes).toBeNull();
    expect(entry(manifest, 'product create').scopes).toBeNull();
  });

  it('gives exit 3 to bulk verbs only', () => {
    expect(entry(manifest, 'giftcard import').exitCodes).toContain(3);
    expect(entry(manifest, 'giftcard get').exitCodes).not.toContain(3);
    expect(Object.keys(manifest.exitCodes)).toEqual(['0', '1', '2', '3', '4', '130']);
  });

  it('lists flags, arguments and --json fields as the commands declare them', () => {
    const create = entry(manifest, 'giftcard create');
    expect(create.flags.find((f) => f.name === '--initial-value')).toMatchObject({ value: 'required', placeholder: expect.any(String) as string });
    expect(create.json?.fields).toContain('id');
    const get = entry(manifest, 'giftcard get');
    expect(get.args[0]).toMatchObject({ required: true, variadic: false });
    expect(entry(manifest, 'api').json?.fields).toBe('any');
    // The program's own flags once, not under each command.
    expect(manifest.globalFlags.map((f) => f.name)).toContain('--profile');
    expect(create.flags.map((f) => f.name)).not.toContain('--profile');
  });
});
