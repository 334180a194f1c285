// The completion model read from the real command tree: every enum the scripts offer, file
// values, profile names, and a hint that names nothing fails loudly.
import { Command } from 'commander';
import { PassThrough } from 'node:stream';
import { SAMPLE_TOPICS } from '../../src/webhooks/wire.js';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { completionModel, type CommandModel, type CompletionModel } from '../../src/completion/model.js';
import { createIO } from '../../src/core/io.js';

function program(): Command {
  const quiet = () => new PassThrough();
  return buildProgram(
    createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false),
    nouns,
    async () => undefined,
  );
}

function find(model: CompletionModel, path: string): CommandModel {
  const walk = (command: CommandModel): CommandModel | undefined => (command.path === path ? command : command.commands.map(walk).find(Boolean));
  const found = walk(model.root);
  if (!found) throw new Error(`no command ${path}`);
  return found;
}

const flag = (command: CommandModel, long: string) => {
  const found = command.flags.find((f) => f.long === long);
  if (!found) throw new Error(`${command.path} has no ${long}`);
  return found;
};

describe('completion model', () => {
  const model = completionModel(program());

  it('lists every noun and, under each, its verbs', () => {
    expect(model.root.commands.map((c) => c.name)).toEqual(
      expect.arrayContaining(['auth', 'giftcard', 'metafield', 'product', 'category', 'collection', 'webhook', 'sandbox', 'completion']),
    );
    expect(find(model, 'giftcard').commands.map((c) => c.name)).toEqual(expect.arrayContaining(['create', 'update', 'disable', 'get', 'search', 'count']));
    expect(find(model, 'completion').commands.map((c) => c.name)).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
  });

  it("offers a discount's documented values as the short words its flags take (checked by the command, so no .choices())", () => {
    for (const path of ['discount list', 'discount count']) {
      expect(flag(find(model, path), '--status').values).toEqual({ kind: 'words', words: ['enabled', 'disabled'] });
      expect(flag(find(model, path), '--discount-method').values).toEqual({ kind: 'words', words: ['code', 'automatic'] });
    }
    expect(flag(find(model, 'discount create'), '--discount-type').values).toEqual({ kind: 'words', words: ['product', 'order', 'shipping'] });
    expect(flag(find(model, 'discount update'), '--value-type').values).toEqual({ kind: 'words', words: ['fixed', 'percentage'] });
    expect(flag(find(model, 'discount update'), '--eligibility').values).toEqual({ kind: 'words', words: ['all', 'segment'] });
  });

  it('offers the field names of --json that the command declared, and none for the api command', () => {
    expect(flag(find(model, 'giftcard search'), '--json').values).toEqual({
      kind: 'fields',
      fields: expect.arrayContaining(['id', 'balance', 'lastCharacters']),
    });
    expect(flag(find(model, 'giftcard count'), '--json').values).toEqual({ kind: 'fields', fields: ['count'] });
    expect(flag(find(model, 'auth status'), '--json').values).toEqual({
      kind: 'fields',
      fields: [
        'profile',
        'profileSource',
        'environment',
        'storeFile',
        'baseUrl',
        'baseUrlSource',
        'token',
        'tokenSource',
        'tokenStatus',
        'scopes',
        'shopName',
        'shopDomain',
        'shopUnknown',
      ],
    });
    expect(flag(find(model, 'api'), '--json').values).toEqual({ kind: 'none' });
    expect(flag(find(model, 'sandbox serve'), '--json')).toMatchObject({ value: 'none', values: { kind: 'none' } });
  });

  it('offers the values of commander choices', () => {
    expect(flag(find(model, 'giftcard search'), '--status').values).toEqual({ kind: 'words', words: ['enabled', 'disabled', 'expired'] });
    expect(flag(find(model, 'product create'), '--status').values).toEqual({ kind: 'words', words: ['active', 'draft', 'archived'] });
    expect(flag(find(model, 'product edit'), '--weight-unit').values).toEqual({ kind: 'words', words: ['g', 'kg', 'lb', 'oz'] });
    expect(flag(find(model, 'collection list'), '--collection-type').values).toEqual({ kind: 'words', words: ['custom', 'smart', 'manual'] });
    expect(flag(find(model, 'sandbox serve'), '--ids-as').values).toEqual({ kind: 'words', words: ['string', 'number'] });
  });

  it('offers the enums commands check themselves, from the hints', () => {
    const type = flag(find(model, 'metafield set'), '--type').values;
    expect(type.kind === 'words' && type.words).toHaveLength(20);
    expect(type.kind === 'words' && type.words).toEqual(expect.arrayContaining(['SingleLineText', 'Weight', 'Money', 'Boolean']));
    for (const verb of ['set', 'get', 'list', 'count', 'delete']) {
      expect(find(model, `metafield ${verb}`).args[0]).toMatchObject({
        name: 'domain',
        values: { kind: 'words', words: expect.arrayContaining(['products', 'shop']) },
      });
    }
    expect(flag(find(model, 'metafield import'), '--domain').values).toMatchObject({ kind: 'words', words: expect.arrayContaining(['variants']) });
    expect(find(model, 'webhook trigger').args[0]!.values).toEqual({ kind: 'words', words: [...SAMPLE_TOPICS] });
    expect(SAMPLE_TOPICS).toEqual(expect.arrayContaining(['products/create', 'orders/paid', 'customers/create', 'discounts/delete']));
  });

  it('completes file values as files, and --profile with the saved profile names', () => {
    expect(flag(find(model, 'product create'), '--file').values).toEqual({ kind: 'files' });
    expect(flag(find(model, 'sandbox serve'), '--data').values).toEqual({ kind: 'files' });
    expect(flag(find(model, 'sandbox serve'), '--definitions').values).toEqual({ kind: 'files' });
    expect(flag(find(model, 'metafield import'), '--rejects').values).toEqual({ kind: 'files' });
    expect(find(model, 'metafield import').args[0]!.values).toEqual({ kind: 'files' });
    expect(model.globals.find((f) => f.long === '--profile')!.values).toEqual({ kind: 'profiles' });
    expect(flag(find(model, 'giftcard create'), '--note').values).toEqual({ kind: 'none' });
  });

  it('keeps short and long names, value kinds, and the global options apart from --help and --version', () => {
    expect(flag(find(model, 'giftcard disable'), '--yes')).toMatchObject({ short: '-y', value: 'none' });
    expect(flag(find(model, 'giftcard search'), '--json').value).toBe('optional');
    expect(flag(find(model, 'giftcard search'), '--limit').value).toBe('required');
    expect(model.globals.map((f) => f.long)).toEqual(expect.arrayContaining(['--profile', '--base-url', '--sandbox', '--verbose', '--no-color', '--timeout']));
    expect(model.globals.map((f) => f.long)).not.toContain('--help');
    expect(model.globals.map((f) => f.long)).not.toContain('--version');
  });

  it('fails on a hint that names no flag or argument of the tree', () => {
    expect(() => completionModel(new Command('store-cli'))).toThrow(
      /completion hints name no flag or argument of the command tree: --profile; auth switch <name>; metafield set <domain>/,
    );
  });
});
