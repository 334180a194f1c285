// `store-cli ... --help` is answered from dist/help/<noun>.json without loading commander.
// These tests keep that honest: the rendered texts cover every command, each in its noun's
// file, and equal, byte for byte, what commander itself prints. A mistyped word, which no
// rendered text answers, goes to the command tree: in-process, test/help/help-command.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { createIO } from '../../src/core/io.js';
import { cli } from '../helpers/cli-in-process.js';
import { REPO_ROOT, isolatedEnv, requireBuild, run } from '../helpers/cli-spawn.js';

requireBuild();
const HELP_DIR = join(REPO_ROOT, 'dist', 'help');
/** Each help file's texts, by the file's name without .json. */
const files = new Map(
  readdirSync(HELP_DIR).map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(HELP_DIR, file), 'utf8')) as Record<string, string>]),
);
const texts = Object.assign({}, ...files.values()) as Record<string, string>;

function commandPaths(): string[] {
  const quiet = () => Object.assign(new PassThrough(), {});
  const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);
  const paths: string[] = [''];
  const walk = (command: ReturnType<typeof buildProgram>, prefix: string[]) => {
    for (const sub of command.commands) {
      if (sub.name() === 'help') continue;
      paths.push([...prefix, sub.name()].join(' '));
      walk(sub, [...prefix, sub.name()]);
    }
  };
  walk(
    buildProgram(io, nouns, async () => undefined),
    [],
  );
  return paths;
}

describe('rendered help texts', () => {
  it('cover exactly the commands of the tree', () => {
    expect(Object.keys(texts).sort()).toEqual(commandPaths().sort());
  });

  it("are one file a noun, holding that noun's commands alone; the root's text in root.json", () => {
    for (const [file, ofFile] of files) {
      for (const path of Object.keys(ofFile)) expect(path === '' ? 'root' : path.split(' ')[0], `${path} in ${file}.json`).toBe(file);
    }
    expect(Object.keys(files.get('root')!)).toEqual(['']);
  });

  it.each(commandPaths())('"%s --help" equals what commander prints', async (path) => {
    const words = path === '' ? [] : path.split(' ');
    const live = await cli([...words, '--help']);
    expect(live.code).toBe(0);
    expect(texts[path]).toBe(live.stdout);
  });

  it('the binary prints the rendered text, and falls back to commander for anything else', async () => {
    const fast = await run(['giftcard', 'search', '--help'], { env: isolatedEnv() });
    expect(fast.code).toBe(0);
    expect(fast.stdout).toBe(texts['giftcard search']);
    // Options before --help are not in the table: commander answers, with the same text.
    const slow = await run(['giftcard', 'search', '--all', '--help'], { env: isolatedEnv() });
    expect(slow.code).toBe(0);
    expect(slow.stdout).toBe(texts['giftcard search']);
  });

  it('`help <command...>` prints the same text (exit 0)', async () => {
    const env = isolatedEnv();
    const help = await run(['help', 'giftcard', 'search'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(texts['giftcard search']);
    const top = await run(['help'], { env });
    expect(top.code).toBe(0);
    expect(top.stdout).toBe(texts['']);
  });
});
