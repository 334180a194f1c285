// defineVerb: the flags and arguments of a declaration become commander's options under
// the same keys, each read back by its own kind, and the type of run()'s options follows
// from the declaration (checked by tsc: a renamed flag's old name no longer type-checks
// where it is read, and the @ts-expect-error lines below fail the typecheck if run()'s
// options were loose).
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Context } from '../../src/root/context.js';
import { FieldError, UsageError } from '../../src/core/errors.js';
import { jsonDeclaration } from '../../src/core/output-options.js';
import { repeatable } from '../../src/commands/types.js';
import { arg, boolean, choiceArg, defineVerb, list, negatable, oneOf, optionalArg, text, variadicArg, whole, type OptionsOf } from '../../src/commands/verb.js';

const nothing = async () => undefined;

const verb = defineVerb({
  mutates: false,
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
  run: nothing,
});

type Options = OptionsOf<typeof verb>;

/** The options run() would get from this command line. */
function parse(...argv: string[]): Options {
  return parsed(verb, argv);
}

/** What commander would have printed: kept here, so a refusal the test expects is no stray `error:` line in the run's own stderr. */
let commanderSaid = '';

/** A noun whose commander messages go to `commanderSaid` (its verbs inherit that when registered). */
function quietNoun(name: string): Command {
  const write = (text: string) => void (commanderSaid += text);
  return new Command(name).exitOverride().configureOutput({ writeOut: write, writeErr: write });
}

function parsed<V extends { register(noun: Command): Command; options(command: Command): O }, O>(declared: V, argv: string[]): O {
  const noun = quietNoun('thing');
  const command = declared.register(noun).exitOverride();
  let seen: O | undefined;
  command.action(() => {
    seen = declared.options(command);
  });
  noun.parse([command.name(), ...argv], { from: 'user' });
  return seen!;
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
    commanderSaid = '';
    expect(() => parse('7', 'a')).toThrow(/required option '--initial-value <amount>' not specified/);
    expect(() => parse('7', 'c', '--initial-value', '5')).toThrow(/Allowed choices are a, b/);
    expect(() => parse('7', 'a', '--initial-value', '5', '--mode', 'z')).toThrow(/Allowed choices are x, y/);
    // Said to the command's own output, as runCli's streams take it: never to the test run's stderr.
    expect(commanderSaid.match(/^error: /gm)).toHaveLength(3);
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
    const direct = defineVerb({
      mutates: false,
      args: { method: arg('the method') },
      flags: { paginate: boolean('all pages') },
      examples: ['store-cli api GET x'],
      run: nothing,
    });
    expect(direct.register(noun)).toBe(noun);
    expect(noun.description()).toBe('the noun');
    expect(noun.registeredArguments.map((a) => a.name())).toEqual(['method']);
    expectTypeOf<OptionsOf<typeof direct>>().toEqualTypeOf<{ method: string; paginate: boolean | undefined }>();
  });

  it('types a variadic argument as a list', () => {
    const many = defineVerb({
      mutates: false,
      name: 'many',
      args: { files: variadicArg('files') },
      run: nothing,
    });
    expectTypeOf<OptionsOf<typeof many>['files']>().toEqualTypeOf<string[]>();
    expect(many.register(new Command('n')).registeredArguments[0]?.variadic).toBe(true);
  });

  it("types run()'s options from the declaration it is part of: an undeclared or misread key does not compile", () => {
    const typed = defineVerb({
      mutates: false,
      name: 'typed',
      args: { cardId: arg('the card') },
      flags: { limit: whole('<n>', 'a page size', { min: 1, max: 250 }), note: text('<text>', 'a note') },
      json: { fields: ['id'] },
      async run(options, ctx) {
        expectTypeOf(options.cardId).toEqualTypeOf<string>();
        expectTypeOf(options.limit).toEqualTypeOf<number | undefined>();
        expectTypeOf(options.json).toEqualTypeOf<string | boolean | undefined>();
        // @ts-expect-error: no flag of that name is declared (loose options would take it).
        void options.limt;
        // @ts-expect-error: --limit is a number, not text.
        options.limit?.toUpperCase();
        // @ts-expect-error: an optional flag may be absent.
        void options.note.length;
        await ctx.output();
      },
    });
    expectTypeOf(typed.spec.run).parameter(0).toEqualTypeOf<OptionsOf<typeof typed>>();
    expect(typed.spec.name).toBe('typed');
  });
});

describe('whole', () => {
  const sized = defineVerb({
    mutates: false,
    name: 'sized',
    flags: {
      limit: whole('<n>', 'page size, 1..250', { min: 1, max: 250 }),
      port: whole('<n>', 'a port', { min: 0, max: 65535, default: 4000 }),
      seed: whole('<n>', 'a seed', { min: 0, max: 2 ** 32 - 1, required: true }),
    },
    run: nothing,
  });

  it('gives run() a number, the default when not given, and undefined for an optional flag not given', () => {
    expectTypeOf<OptionsOf<typeof sized>>().toEqualTypeOf<{ limit: number | undefined; port: number; seed: number }>();
    expect(parsed(sized, ['--seed', '0'])).toEqual({ limit: undefined, port: 4000, seed: 0 });
    expect(parsed(sized, ['--seed', '4294967295', '--limit', '250', '--port', '0'])).toEqual({ limit: 250, port: 0, seed: 4294967295 });
    expect(parsed(sized, ['--seed', '7', '--limit', '1'])).toMatchObject({ limit: 1 });
  });

  it('refuses anything but a decimal whole number in range, in one sentence naming the flag and the range', () => {
    const message = (...argv: string[]) => {
      try {
        parsed(sized, ['--seed', '1', ...argv]);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('expected a UsageError');
    };
    expect(message('--limit', '0')).toBe("--limit must be a whole number from 1 to 250 (got '0').");
    expect(message('--limit', '251')).toBe("--limit must be a whole number from 1 to 250 (got '251').");
    for (const bad of ['2.5', '1e2', ' 7', '-1', '', 'ten', '0x10'])
      expect(message('--limit', bad)).toBe(`--limit must be a whole number from 1 to 250 (got '${bad}').`);
    expect(message('--port', '65536')).toBe("--port must be a whole number from 0 to 65535 (got '65536').");
    expect(() => parsed(sized, [])).toThrow(/required option '--seed <n>' not specified/);
  });

  it('shows its default as typed in --help', () => {
    const command = sized.register(new Command('thing'));
    expect(command.options.find((o) => o.long === '--port')?.defaultValue).toBe(4000);
  });
});

describe('execute', () => {
  function fakeContext() {
    const output = vi.fn(async (..._args: unknown[]) => ({ isTable: false }));
    return { ctx: { output, say: () => undefined } as unknown as Context, output };
  }
  function commandFor(declared: { register(noun: Command): Command }, argv: string[]): Command {
    const noun = quietNoun('thing');
    const command = declared
      .register(noun)
      .exitOverride()
      .action(() => undefined);
    noun.parse([command.name(), ...argv], { from: 'user' });
    return command;
  }

  it("binds ctx.output() to the declaration's fields and this run's output flags", async () => {
    const listed = defineVerb({
      mutates: false,
      name: 'listed',
      json: { fields: ['id', 'name'], list: true },
      async run(_options, ctx) {
        await ctx.output();
        await ctx.output({ jsonl: true });
        await ctx.output({ json: true }, ['method']);
      },
    });
    const { ctx, output } = fakeContext();
    await listed.execute(commandFor(listed, ['--json', 'id']), ctx);
    expect(output.mock.calls).toEqual([
      [{ json: 'id' }, ['id', 'name']],
      [{ jsonl: true }, ['id', 'name']],
      [{ json: true }, ['method']],
    ]);
  });

  it("names a field error's input as the verb declared it: a flag by --kebab, an argument by <name>", async () => {
    const failing = (field: string) =>
      defineVerb({
        mutates: false,
        name: 'failing',
        args: { file: arg('a file') },
        flags: { image: list('<url>', 'an image'), codesOut: text('<file>', 'codes') },
        async run() {
          throw new FieldError(field, (name) => `${name()} must be an absolute http or https URL (got 'x'), not ${name('codesOut')}.`);
        },
      });
    const cases: Array<[string, string]> = [
      ['image[2]', "--image must be an absolute http or https URL (got 'x'), not --codes-out."],
      ['codesOut', "--codes-out must be an absolute http or https URL (got 'x'), not --codes-out."],
      ['file', "<file> must be an absolute http or https URL (got 'x'), not --codes-out."],
      // A field the verb did not declare keeps its path: still readable, never a wrong flag.
      ['rows[3].code', "rows[3].code must be an absolute http or https URL (got 'x'), not --codes-out."],
    ];
    for (const [field, expected] of cases) {
      const verb = failing(field);
      const error = await verb.execute(commandFor(verb, ['f.csv']), fakeContext().ctx).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe(expected);
    }
    // Unnamed (a module's own test, or a caller without the flag), the paths stand.
    expect(new FieldError('image[2]', (name) => `${name()} is not ${name('codesOut')}.`).message).toBe('image[2] is not codesOut.');
  });
});
