// The process entry: wires the real streams, environment and signals into runCli and
// turns its result into the exit status. bin/store-cli.js requires this (dist/cli/main.js), once
// quick-answers.ts did not answer: `--version`, the rendered --help texts, `prompt` and the
// completion scripts' `__complete`.
import { isatty } from 'node:tty';

export async function main(): Promise<void> {
  const argv = process.argv.slice(2);
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
