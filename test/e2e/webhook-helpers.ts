// `webhook listen` as a child process, and deliveries signed in the test (independently
// of the product's own signing code).
import { createHmac } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { exitOf, isolatedEnv, spawnCli, until, type Env } from '../helpers/cli-spawn.js';

export interface ListenHandle {
  readonly child: ChildProcess;
  /** The address listen printed on stderr, e.g. http://127.0.0.1:40123/ */
  readonly url: string;
  stdout(): string;
  stderr(): string;
  /** NDJSON lines printed so far (with --json), parsed. */
  records(): Array<Record<string, unknown>>;
  /** Waits until `count` lines are on stdout. */
  lines(count: number): Promise<string[]>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function listen(args: readonly string[], env: Env = isolatedEnv()): Promise<ListenHandle> {
  const child = spawnCli(['webhook', 'listen', '--port', '0', ...args], env);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => (out += chunk));
  child.stderr!.on('data', (chunk: string) => (err += chunk));
  child.stdin!.end();
  const url = await until(
    () => (child.exitCode !== null ? '' : /Listening for webhook deliveries on (http:\/\/\S+?\/)[,.]/.exec(err)?.[1]),
    10_000,
    () => `listen printed no address; stderr:\n${err}`,
  );
  if (url === '') throw new Error(`listen exited early with ${child.exitCode}; stderr:\n${err}`);
  const lines = () => out.split('\n').filter((line) => line !== '');
  return {
    child,
    url,
    stdout: () => out,
    stderr: () => err,
    records: () => lines().map((line) => JSON.parse(line) as Record<string, unknown>),
    lines: (count) =>
      until(
        () => (lines().length >= count ? lines() : undefined),
        10_000,
        () => `expected ${count} lines on stdout, got:\n${out}\nstderr:\n${err}`,
      ),
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      const end = await exitOf(child, 10_000);
      return { code: end.code, signal: end.signal };
    },
  };
}

export function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}
