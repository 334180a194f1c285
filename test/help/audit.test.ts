// Help that teaches: every command says what it does, every leaf shows one to three
// examples that really parse, and every option that takes a value names its constraint or
// format. Walks the live tree, so a command added later is held to the same rules.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import type { Noun } from '../../src/commands/types.js';
import { createIO } from '../../src/core/io.js';
import { describeTree } from '../../scripts/help-model.js';
import { argvOf } from '../helpers/shell-words.js';

function program(action: (command: Command) => Promise<void> = async () => undefined, declared: readonly Noun[] = nouns): Command {
  const quiet = () => {
    const stream = new PassThrough();
    stream.resume();
    return stream;
  };
  const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);
  return buildProgram(io, declared, action);
}

const docs = describeTree(program());
const leaves = docs.filter((d) => d.leaf);

/**
 * Words that name a constraint or a format: a range (1..250), an enum (a|b, "one of",
 * commander's choices), a default, or the kind of value (a URL, a file, a date...).
 */
const CONSTRAINT = new RegExp(
  [
    String.raw`\S\.\.\S`,
    String.raw`\d+ to \d+|\bat (most|least) \d`,
    String.raw`\be\.g\.|\bsuch as\b|\bwhole number\b`,
    String.raw`\|`,
    String.raw`\bone of\b`,
    String.raw`\(choices: `,
    String.raw`\bdefault`,
    String.raw`\b(URL|file|path|stdin|ids?|YYYY-MM-DD|date|JSON|seconds|milliseconds|ms|decimal|number|characters|digits|comma-separated|text|secret|address)\b`,
  ].join('|'),
  'i',
);

/** Options whose value has no shape worth naming, each with the reason. Keep it short. */
const ALLOWED: Record<string, string> = {};

describe('every command --help', () => {
  it('the tree has commands (the walk sees them)', () => {
    expect(leaves.length).toBeGreaterThan(10);
  });

  it.each(docs.map((d) => [d.path || '(program)', d] as const))('%s: a one-line summary', (_path, doc) => {
    expect(doc.summary.trim()).not.toBe('');
    expect(doc.summary).not.toMatch(/\n/);
  });

  it('every command of the tree, nouns and verbs alike, starts its summary upper-case, as gh does', () => {
    const lower = docs.filter((d) => !/^[A-Z]/.test(d.summary)).map((d) => `${d.path || '(program)'}: ${d.summary}`);
    expect(lower).toEqual([]);
  });

  it("no option line shows commander's (default: []) or a default or choice in JSON quotes", () => {
    const noisy = docs.flatMap((d) =>
      d.options.filter((o) => /\(default: \[\]\)|default: "|choices: "/.test(o.description)).map((o) => `${d.path} ${o.flags}: ${o.description}`),
    );
    expect(noisy).toEqual([]);
    const serve = docs.find((d) => d.path === 'sandbox serve')!;
    expect(serve.options.find((o) => o.flags === '--port <n>')?.description).toMatch(/\(default: 12412\)$/);
    expect(serve.options.find((o) => o.flags === '--token <token[:scope,...]>')?.description).not.toMatch(/\(default/);
  });

  it('"null where the store sent none" only where --json prints what a store sent; the commands that ask no store never say it', () => {
    const jsonLines = docs.flatMap((d) => d.options.filter((o) => o.flags.startsWith('--json ')).map((o) => ({ path: d.path, description: o.description })));
    for (const { path, description } of jsonLines.filter((line) => /store sent none/.test(line.description)))
      expect(description, path).toMatch(/^print JSON exactly as the store sent it /);
    const storeless = ['config get', 'config list', 'auth list', 'runs', 'report merge', 'version', 'webhook listen', 'webhook trigger', 'webhook resend'];
    const asked = jsonLines.filter((line) => storeless.includes(line.path));
    expect(asked.map((line) => line.path).sort()).toEqual([...storeless].sort());
    for (const { path, description } of asked) expect(description, path).not.toMatch(/store sent/);
  });

  it('no text points to a README section that is in docs/sandbox.md', () => {
    const misdirected = docs
      .filter((d) => [d.summary, ...d.options.map((o) => o.description)].some((text) => /README "Dialects"/.test(text)))
      .map((d) => d.path);
    expect(misdirected).toEqual([]);
  });

  it.each(leaves.map((d) => [d.path, d] as const))('%s: one to three examples of itself', (path, doc) => {
    expect(doc.examples.length, `${path} --help needs an Examples section: addHelpText('after', examples(...))`).toBeGreaterThanOrEqual(1);
    expect(doc.examples.length, `${path} --help shows more than three examples`).toBeLessThanOrEqual(3);
    for (const example of doc.examples) expect(example, 'each example runs the command it documents').toContain(`store-cli ${path}`.replace(/^store-cli /, ''));
  });

  it.each(docs.flatMap((d) => d.options.map((o) => [`${d.path || '(program)'} ${o.flags}`, o] as const)))('%s: says what it takes', (key, option) => {
    expect(option.description.trim(), `${key} has no description`).not.toBe('');
    if (!option.takesValue || key in ALLOWED) return;
    expect(option.description, `${key} should name its range, values, format or default`).toMatch(CONSTRAINT);
  });

  it.each(leaves.flatMap((d) => d.examples.map((e) => [d.path, e] as const)))('%s: "%s" parses', async (path, example) => {
    const argv = argvOf(example);
    expect(argv, 'the example runs store-cli').toBeDefined();
    let ran: Command | undefined;
    // The tree of the example's noun alone (the whole tree for each of some 500 examples took
    // most of this file's time): an example that names another noun is then an unknown command.
    const tree = program(
      async (command) => {
        ran = command;
      },
      nouns.filter((noun) => noun.name === path.split(' ')[0]),
    );
    await tree.parseAsync(argv!, { from: 'user' });
    const words: string[] = [];
    for (let c: Command | null = ran ?? null; c?.parent; c = c.parent) words.unshift(c.name());
    expect(words.join(' ')).toBe(path);
  });
});
