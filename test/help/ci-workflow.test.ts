// The GitHub Actions workflow the docs give (README "In a CI job", docs/bulk-import.md "In CI"):
// every `store-cli ...` command in its `run:` scripts parses as a real command of the live tree
// with real flags, and store-cli is installed as the README installs it (a clone, pinned),
// never by an unpinned `npx --yes store-cli`, and never in a step that holds the token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { createIO } from '../../src/core/io.js';
import { REPO_ROOT } from '../helpers/cli-spawn.js';
import { argvOf } from '../helpers/shell-words.js';

interface Step {
  /** The step's lines, as written. */
  text: string;
  /** Its `run:` script, block scalars unfolded (`>` joins lines with spaces, `|` keeps them). */
  run: string | undefined;
}

/** The ```yaml blocks of a page's section (from its heading to the next of the same level). */
function yamlBlocks(page: string, heading: string): string[] {
  const text = readFileSync(join(REPO_ROOT, page), 'utf8');
  const start = text.indexOf(heading);
  expect(start, `${page} has the section ${heading}`).toBeGreaterThan(-1);
  const level = /^#+/.exec(heading)![0];
  const rest = text.slice(start + heading.length);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The steps of a workflow: each `- ` item of a steps list, at any depth. */
function stepsOf(yaml: string): Step[] {
  const lines = yaml.split('\n');
  const steps: Step[] = [];
  for (const [index, line] of lines.entries()) {
    const item = /^(\s*)- /.exec(line);
    if (!item || /^\s*- \d|^\s*- \[/.test(line)) continue;
    const indent = item[1]!.length;
    const body = [line];
    for (const next of lines.slice(index + 1)) {
      const depth = /^\s*/.exec(next)![0].length;
      if (next.trim() !== '' && depth <= indent) break;
      body.push(next);
    }
    // A step is an item that uses an action, runs a script or sets an env: not a list of values.
    if (!body.some((l) => /^\s*-?\s*(uses|run|name|env):/.test(l))) continue;
    steps.push({ text: body.join('\n'), run: runScript(body) });
  }
  return steps;
}

function runScript(body: string[]): string | undefined {
  const at = body.findIndex((line) => /^\s*-?\s*run:/.test(line));
  if (at === -1) return undefined;
  const head = /run:\s*(.*)$/.exec(body[at]!)![1]!.trim();
  if (head !== '>' && head !== '|') return head;
  const indent = /^\s*/.exec(body[at]!)![0].length;
  const block: string[] = [];
  for (const line of body.slice(at + 1)) {
    if (line.trim() !== '' && /^\s*/.exec(line)![0].length <= indent) break;
    block.push(line.trim());
  }
  return head === '>' ? block.join(' ') : block.join('\n');
}

/** Every `store-cli ...` command of a script, as argv, with the workflow's expressions given values. */
function commandsOf(script: string): string[][] {
  const concrete = script.replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, '1').replace(/"\$run_id"/g, '20261127T210512Z-3f9a');
  expect(concrete, 'no expression is left unknown').not.toMatch(/\$\{\{/);
  return [...concrete.matchAll(/(?:^|[\s;&|(])store-cli\s/g)].map((m) => argvOf(concrete.slice(m.index!))!);
}

/** Parses argv with the live tree; resolves with the command path it reached, or rejects as a run would. */
async function parsed(argv: string[]): Promise<string> {
  const quiet = () => new PassThrough().resume();
  const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);
  let ran: Command | undefined;
  const program = buildProgram(io, nouns, async (command) => {
    ran = command;
  });
  await program.parseAsync(argv, { from: 'user' });
  const words: string[] = [];
  for (let c: Command | null = ran ?? null; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

const workflows = [
  { page: 'README.md', blocks: yamlBlocks('README.md', '### In a CI job') },
  { page: 'docs/bulk-import.md', blocks: yamlBlocks('docs/bulk-import.md', '### In CI') },
];

describe.each(workflows)('the CI workflow of $page', ({ blocks }) => {
  const steps = blocks.flatMap(stepsOf);
  const commands = steps.flatMap((step) => (step.run === undefined ? [] : commandsOf(step.run)));

  it('runs store-cli commands (the test sees them)', () => {
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.map((argv) => argv.slice(0, 2).join(' '))).toContain('metafield import');
  });

  it('every store-cli command parses as a real command with real flags', async () => {
    for (const argv of commands) {
      const path = await parsed(argv).catch((error: Error) => `refused: ${error.message}`);
      expect(path, argv.join(' ')).not.toMatch(/^refused/);
      expect(argv.join(' ').startsWith(path), `${argv.join(' ')} runs ${path}`).toBe(true);
    }
  });

  it('installs a pinned store-cli from its repository, as the README does, and never runs npx', () => {
    const text = blocks.join('\n');
    expect(text).not.toMatch(/\bnpx\b/);
    const checkouts = steps.filter((step) => /repository:\s*\S+\/store-cli/.test(step.text));
    expect(checkouts.length).toBeGreaterThan(0);
    for (const step of checkouts) expect(step.text, 'pinned to a tag or a commit').toMatch(/ref:\s*(v\d+\.\d+\.\d+|[0-9a-f]{40})\b/);
    const installs = steps.filter((step) => step.run !== undefined && /npm ci/.test(step.run));
    expect(installs.length).toBe(checkouts.length);
    for (const step of installs) expect(step.run).toMatch(/npm link/);
  });

  it('holds the token only in the steps that run store-cli against the store', () => {
    for (const step of steps.filter((s) => /STORE_CLI_TOKEN/.test(s.text))) {
      expect(step.run, step.text).toBeDefined();
      expect(commandsOf(step.run!).length, step.text).toBeGreaterThan(0);
      expect(step.run, 'no install or download beside the token').not.toMatch(/npm (ci|install)|\bnpx\b|curl|wget/);
    }
  });
});
