// The shape of a command: one verb a file, with register() declaring its flags (from a
// defineVerb declaration, verb.ts) and run() doing the work through the context. Nouns list their verbs; cli.ts wires them.
import type { Command } from 'commander';
import type { Context } from '../root/context.js';

export interface Verb {
  /** Declares the verb on its noun: name, summary, arguments, flags, examples (see verb.ts). */
  register(noun: Command): Command;
  /**
   * Options carry the flags and, under their declared names, the positional arguments. Each
   * verb types them as `OptionsOf` its declaration; a noun lists verbs of any options, so
   * here they are `never`: only cli.ts calls run, with what commander parsed from that
   * very declaration.
   */
  run(options: never, ctx: Context): Promise<void>;
}

export interface Noun {
  name: string;
  summary: string;
  verbs: readonly Verb[];
  /** Nouns below this one, each with its own verbs, after its verbs (`sandbox fault add`, `metafield definition list`). */
  nouns?: readonly Noun[];
  /**
   * A noun that is itself the command (`store-cli api METHOD PATH`): its register()
   * declares arguments and flags on the noun's own command. Such a noun lists no verbs.
   */
  action?: Verb;
}

/** Help text listing examples, appended after a command's options. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/**
 * The parser of every repeatable flag: each use adds its value to the list. It is also how
 * src/cli.ts knows a flag is repeatable: any other flag that takes a value may be given once.
 */
export function repeatable(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
