// The shape of a command: one verb a file, its default export a defineVerb declaration
// (verb.ts) whose register() declares its flags and whose run() does the work through the
// context. Nouns list their verbs; cli.ts wires them.
import type { Command } from 'commander';
import type { Context } from '../root/context.js';

export interface Verb {
  /** Declares the verb on its noun: name, summary, arguments, flags, examples (see verb.ts). */
  register(noun: Command): Command;
  /**
   * Runs the verb on `command`, the one its register() declared, once commander parsed it:
   * the verb reads its own flags and arguments out of it, typed by its declaration.
   */
  execute(command: Command, ctx: Context): Promise<void>;
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
