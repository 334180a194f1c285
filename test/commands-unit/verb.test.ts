// defineVerb: the flags and arguments of a declaration become commander's options under
// the same keys, and the type of run()'s options follows from the declaration (checked by
// tsc: a renamed flag's old name no longer type-checks where it is read).
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { jsonDeclaration } from '../../src/core/output-options.js';
import { repeatable } from '../../src/commands/types.js';
import { arg, boolean, choiceArg, defineVerb, list, negatable, oneOf, optionalArg, text, variadicArg, type OptionsOf } from '../../src/commands/verb.js';

const verb = defineVerb({
  name: 'try',
  summary: 'try the declaration',
  args: { thingId: arg('the id'), kind: choiceArg('a kind', ['a', 'b']), extra: optionalArg('more') },
  flags: {
    initialValue: text('<amount>', 'required amount', { required: true }),
    note: text('<text>', 'a note'),
    port: text('<n>', 'a port', { default: '80' }),
    status: oneOf('<status>', 'a status', ['on', 'off']),
    mode: oneOf('<mode>', 'a mode', ['x', 'y'], { default: 'x' }),
    header: list('<name:value>', 'a header', { short: '-H' }),
    token: list('<token>', 'a token', { orEmpty: true }),
    yes: boolean('no questions', { short: '-y' }),
    rateLimitHeader: negatable('no header'),
  },
  json: { fields: ['id', 'name'], list: true, columns: ['id', 'name'] },
  examples: ['store-cli thing try 1 a --initial-value 5'],
});

type Options = OptionsOf<typeof verb>;

function parse(...argv: string[]): Record<string, unknown> {
  const noun = new Command('thing').exitOverride();
  const command = verb.register(noun).exitOverride();
  let seen: Record<string, unknown> = {};
  command.action(() => {
    seen = { ...command.opts() };
    command.registeredArguments.forEach((argument, index) => (seen[argument.name()] = command.processedArgs[index]));
  });
  noun.parse(['try', ...argv], { from: 'user' });
  return seen;
}

describe('defineVerb', () => {
  it('types the options from the declaration', () => {
    expectTypeOf<Options['thingId']>().toEqualTypeOf<string>();
    expectTypeOf<Options['kind']>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<Options['extra']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Options['initialValue']>().toEqualTypeOf<string>();
    expectTypeOf<Options['note']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Options['port']>().toEqualTypeOf<string>();
    expectTypeOf<Options['status']>().toEqualTypeOf<'on' | 'off' | undefined>();
    expectTypeOf<Options['mode']>().toEqualTypeOf<'x' | 'y'>();
    expectTypeOf<Options['header']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<Options['token']>().toEqualTypeOf<string[]>();
    expectTypeOf<Options['yes']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Options['rateLimitHeader']>().toEqualTypeOf<boolean>();
    expectTypeOf<Options['json']>().toEqualTypeOf<string | boolean | undefined>();
    expectTypeOf<Options>().not.toHaveProperty('initial-value');
    expectTypeOf<Options>().not.toHaveProperty('noRateLimitHeader');
    expectTypeOf<OptionsOf<typeof verb>>().toHaveProperty('initialValue');
  });

  it('declares each key as its kebab-case flag, so commander stores the value under that key', () => {
    const options = parse('7', 'b', '--initial-value', '5', '-H', 'A:1', '-H', 'B:2', '-y', '--no-rate-limit-header', '--status', 'on', '--json', 'id');
    expect(options).toEqual({
      thingId: '7',
      kind: 'b',
      extra: undefined,
      initialValue: '5',
      port: '80',
      mode: 'x',
      status: 'on',
      header: ['A:1', 'B:2'],
      token: [],
      yes: true,
      rateLimitHeader: false,
      json: 'id',
    });
    const command = verb.register(new Command('thing'));
    expect(command.options.find((o) => o.long === '--header')?.parseArg).toBe(repeatable);
  });

  it('holds commander to the declaration: required flags, choices', () => {
    expect(() => parse('7', 'a')).toThrow(/required option '--initial-value <amount>' not specified/);
    expect(() => parse('7', 'c', '--initial-value', '5')).toThrow(/Allowed choices are a, b/);
    expect(() => parse('7', 'a', '--initial-value', '5', '--mode', 'z')).toThrow(/Allowed choices are x, y/);
  });

  it('records the --json declaration and lists its fields and columns in --help', () => {
    const command = verb.register(new Command('thing'));
    expect(jsonDeclaration(command)?.fields).toEqual(['id', 'name']);
    expect(command.options.map((o) => o.long)).toEqual(expect.arrayContaining(['--json', '--jsonl']));
    let help = '';
    command.configureOutput({ writeOut: (text) => (help += text) }).outputHelp();
    expect(help).toContain(
      '\nExamples:\n  $ store-cli thing try 1 a --initial-value 5\n\nPiped without --json, rows are tab-separated in this column order:\n  id, name\n\nJSON fields:\n  id, name\n',
    );
  });

  it('declares a verb without a name on the noun itself (the api command)', () => {
    const noun = new Command('api').description('the noun');
    const direct = defineVerb({ args: { method: arg('the method') }, flags: { paginate: boolean('all pages') }, examples: ['store-cli api GET x'] });
    expect(direct.register(noun)).toBe(noun);
    expect(noun.description()).toBe('the noun');
    expect(noun.registeredArguments.map((a) => a.name())).toEqual(['method']);
    expectTypeOf<OptionsOf<typeof direct>>().toEqualTypeOf<{ method: string; paginate: boolean | undefined }>();
  });

  it('types a variadic argument as a list', () => {
    const many = defineVerb({ name: 'many', args: { files: variadicArg('files') } });
    expectTypeOf<OptionsOf<typeof many>['files']>().toEqualTypeOf<string[]>();
    expect(many.register(new Command('n')).registeredArguments[0]?.variadic).toBe(true);
  });
});
