// What the launcher (bin/store-cli.js) answers before the command line loads: `--version`,
// `<command...> --help` from the texts the build rendered with commander (dist/help/<noun>.json,
// at 80 columns), `prompt`, a shell prompt's line, and `__complete`, what the completion
// scripts ask on every Tab. Built on its own as CommonJS, dist/quick.cjs (scripts/build.mjs): on
// Node 20 an ES module entry alone starts 1.22x as slow as `node -e 0`, a CommonJS one 1.04x,
// and these are asked constantly (shells before every command line and at every Tab, scripts,
// people at a terminal).
import { fstatSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION } from './version.js';

/** Where the root's help text is, beside the nouns' files (the build refuses a noun of that name). */
export const ROOT_HELP = 'root';
/** A noun's name, the name of its help file: nothing a user types may name another file. */
const HELP_FILE = /^[a-z][a-z0-9-]*$/;

/** What quickAnswer needs to know of stdout: a terminal narrower than the rendered texts gets commander's. */
export interface Stdout {
  isTTY?: boolean;
  columns?: number;
}

/**
 * Prints the quick answer to `argv`, if it has one, and says whether it did. To a pipe or a file
 * the answer goes by the descriptor: process.stdout costs 5 ms to create on a pipe, as much as
 * the rest of the answer. A terminal (a character device, as /dev/null is too) gets
 * process.stdout, whose width decides which help it gets.
 */
export async function printQuickAnswer(argv: readonly string[], helpDir: string, fd = 1): Promise<boolean> {
  const direct = isPipeOrFile(fd);
  const print = (text: string) => (direct ? writeAll(fd, text) : process.stdout.write(text));
  const warn = (text: string) => process.stderr.write(text);
  // `prompt` alone or with --format: from the files (store.toml, the config), with no request.
  if (argv[0] === 'prompt' && (argv.length === 1 || (argv.length === 3 && argv[1] === '--format'))) {
    const { promptFast } = await import('./core/prompt-line.js');
    process.exitCode = await promptFast(argv[2], process.env, process.cwd(), print, warn);
    return true;
  }
  // The completion scripts' profile names: from the config file alone.
  if (argv[0] === '__complete') {
    const { complete } = await import('./completion/complete.js');
    process.exitCode = await complete(argv.slice(1), process.env, print, warn);
    return true;
  }
  const text = quickAnswer(argv, direct ? { isTTY: false } : process.stdout, helpDir);
  if (text === undefined) return false;
  print(text);
  return true;
}

function isPipeOrFile(fd: number): boolean {
  try {
    return !fstatSync(fd).isCharacterDevice();
  } catch {
    return false; // closed or unusual: process.stdout says what it is
  }
}

/** Every byte of `text` to `fd`, or as many as its reader took before it left. */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(fd, bytes, at);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The reader closed the pipe (`| head`): it got what it wanted, as the Unix tools have it.
    if (code === 'EPIPE') return;
    if (code !== 'EAGAIN') throw error;
    // A pipe left non-blocking by the process that made it, full for now: the stream waits for room.
    process.stdout.write(bytes.subarray(at));
  }
}

/**
 * The whole of what `argv` prints, answered without the command tree, or undefined: then
 * main.ts runs the command. `helpDir` is the build's dist/help.
 */
export function quickAnswer(argv: readonly string[], stdout: Stdout, helpDir: string): string | undefined {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) return `${VERSION}\n`;
  if (stdout.isTTY === true && (stdout.columns ?? 80) < 80) return undefined;
  return renderedHelp(argv, (file) => readFileSync(join(helpDir, file), 'utf8'));
}

/**
 * The help text of `argv` (`<command...> --help` or `help <command...>`) as the build
 * rendered it, read from its noun's file alone (`help/<noun>.json`, the root's
 * `help/root.json`): a command's --help parses its noun's texts, not every command's. Undefined
 * for anything else, or before a build: commander answers.
 */
export function renderedHelp(argv: readonly string[], read: (file: string) => string): string | undefined {
  const last = argv[argv.length - 1];
  // `store-cli help giftcard search` is `store-cli giftcard search --help` (cli.ts helpAsFlag).
  const words = argv[0] === 'help' ? argv.slice(1) : last === '--help' || last === '-h' ? argv.slice(0, -1) : undefined;
  if (words === undefined) return undefined;
  if (words.some((word) => word.startsWith('-'))) return undefined;
  const file = words.length === 0 ? ROOT_HELP : words[0]!;
  if (!HELP_FILE.test(file)) return undefined;
  try {
    const texts = JSON.parse(read(`${file}.json`)) as Record<string, string>;
    const path = words.join(' ');
    return Object.hasOwn(texts, path) ? texts[path] : undefined;
  } catch {
    return undefined; // no such noun, or running from source before a build: commander answers
  }
}
