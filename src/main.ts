// The process entry: wires the real streams, environment and signals into runCli and
// turns its result into the exit status. bin/store-cli.js imports this and nothing else.
import { readFileSync } from 'node:fs';
import { isatty } from 'node:tty';
import { VERSION } from './version.js';

export async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // `--version` is asked by scripts and shells constantly: answer before loading the
  // command tree (commander alone costs a fifth of node's start-up).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  // The completion scripts ask for profile names on every Tab: answered from the config
  // file alone, without the command tree.
  if (argv[0] === '__complete') {
    const { complete } = await import('./completion/complete.js');
    process.exitCode = await complete(
      argv.slice(1),
      process.env,
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    );
    return;
  }
  // `store-cli <command...> --help` and `store-cli help <command...>`: the build rendered every help text with
  // commander (dist/help/<noun>.json), at 80 columns, so a narrower terminal goes the long way.
  const help = renderedHelp(argv);
  if (help !== undefined && !(process.stdout.isTTY && process.stdout.columns < 80)) {
    process.stdout.write(help);
    return;
  }

  // A shell prompt asks for the target before every command line: `prompt` alone (or with
  // --format) is answered from the files without the command tree.
  if (argv[0] === 'prompt' && (argv.length === 1 || (argv.length === 3 && argv[1] === '--format'))) {
    const { promptFast } = await import('./core/prompt-line.js');
    process.exitCode = await promptFast(
      argv[2],
      process.env,
      process.cwd(),
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    );
    return;
  }

  // A reader that closed the pipe (`| head`) got what it wanted: stop quietly, like
  // the Unix tools a pipeline is made of.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });

  const interrupt = new AbortController();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) process.exit(signal === 'SIGINT' ? 130 : 143); // a second Ctrl-C: stop now
    interrupted = true;
    interrupt.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const { runCli } = await import('./cli.js');
  const code = await runCli(argv, {
    streams: {
      // Creating process.stdin costs 7 ms of start-up; only a prompt or --with-token reads it.
      get stdin() {
        return process.stdin;
      },
      stdout: process.stdout,
      stderr: process.stderr,
      isStdinTTY: isatty(0),
      isStdoutTTY: process.stdout.isTTY === true,
      isStderrTTY: process.stderr.isTTY === true,
    },
    env: process.env,
    signal: interrupt.signal,
  });
  process.exitCode = code;
}

/** Where the root's help text is, beside the nouns' files (the build refuses a noun of that name). */
export const ROOT_HELP = 'root';
/** A noun's name, the name of its help file: nothing a user types may name another file. */
const HELP_FILE = /^[a-z][a-z0-9-]*$/;

/**
 * The help text of `argv` (`<command...> --help` or `help <command...>`) as the build
 * rendered it, read from its noun's file alone (`help/<noun>.json`, the root's
 * `help/root.json`): a command's --help parses its noun's texts, not every command's. Undefined
 * for anything else, or before a build: commander answers.
 */
export function renderedHelp(argv: readonly string[], read: (file: string) => string = readHelpFile): string | undefined {
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

function readHelpFile(file: string): string {
  return readFileSync(new URL(`./help/${file}`, import.meta.url), 'utf8');
}
