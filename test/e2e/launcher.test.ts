// The launcher as a user meets it: bin/store-cli.js, version, help, an unknown command, stack
// traces with --verbose. A noun's and a verb's help and the other usage errors go through the
// command tree as every command does: in-process, test/help/help-command.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, isolatedEnv, killLeftovers, removeScratch, requireBuild, run, scratch } from '../helpers/cli-spawn.js';
import { useHosted } from '../helpers/hosted-store.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('launcher', () => {
  it("--version prints package.json's version and nothing else, and touches neither the config nor the data directory", async () => {
    for (const flag of ['--version', '-V']) {
      const env = isolatedEnv();
      const r = await run([flag], { env });
      expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
      expect(() => readFileSync(join(env.STORE_CLI_CONFIG_DIR!, 'config.json'))).toThrow();
    }
  });

  it('--help lists the nouns and the exit codes, on stdout', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: store-cli /);
    for (const noun of ['auth', 'giftcard', 'sandbox']) expect(r.stdout).toMatch(new RegExp(`^\\s+${noun}\\b`, 'm'));
    expect(r.stdout).toMatch(/Exit codes:/);
    for (const code of ['0', '1', '2', '3', '4', '130']) expect(r.stdout).toMatch(new RegExp(`^\\s+${code}\\s+\\S`, 'm'));
  });

  it('--version and --help to a file and a pipe: the same bytes; a pipe its reader closed first ends them quietly (exit 0)', async () => {
    const dir = scratch().root;
    for (const args of [['--version'], ['--help'], ['giftcard', 'count', '--help']]) {
      const words = args.join(' ');
      const piped = await run(args, { env: isolatedEnv() });
      expect(piped.code, words).toBe(0);
      const file = join(dir, 'out.txt');
      const toFile = spawnSync('sh', ['-c', `"$0" "$1" ${args.join(' ')} > "$2"`, process.execPath, BIN, file], { env: isolatedEnv(), encoding: 'utf8' });
      expect(toFile.status, words).toBe(0);
      expect(readFileSync(file, 'utf8'), words).toBe(piped.stdout);
      // `true` reads nothing and is gone before node has started: the write meets a closed pipe.
      const closed = spawnSync('bash', ['-c', `"$0" "$1" ${args.join(' ')} | true; echo "\${PIPESTATUS[0]}"`, process.execPath, BIN], {
        env: isolatedEnv(),
        encoding: 'utf8',
      });
      expect({ stdout: closed.stdout, stderr: closed.stderr }, words).toEqual({ stdout: '0\n', stderr: '' });
    }
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toMatch(/^Usage: store-cli giftcard count/);
  });

  it('an unknown command exits 2 with a suggestion on stderr', async () => {
    const r = await run(['giftcrd', 'count']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown command 'giftcrd'/);
    expect(r.stderr).toMatch(/Did you mean giftcard\?/);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });

  describe('--verbose stack traces name the TypeScript sources', () => {
    const failing = ['giftcard', 'get', '4000000000000000999']; // a 404: exit 1
    // The store hosted in the test: the stack is the CLI's alone (an embedded sandbox would cost each run its start).
    const served = useHosted({ seed: 'demo' });

    it('with --verbose the stack frames are src/**/*.ts lines, through the source maps', async () => {
      const r = await run(['--verbose', ...failing], { env: served.store.env() });
      expect(r.code, r.stderr).toBe(1);
      const frames = r.stderr.split('\n').filter((line) => STACK_LINE.test(line));
      expect(frames.length).toBeGreaterThan(3);
      const ours = frames.filter((line) => !/node:internal|node_modules/.test(line));
      expect(ours.length).toBeGreaterThan(3);
      // Every frame of ours names a source line, none a minified chunk of dist/.
      for (const frame of ours.filter((line) => !line.includes('bin/store-cli.js'))) expect(frame).toMatch(/[/\\]src[/\\][\w/\\.-]+\.ts:\d+:\d+\)?$/);
      expect(r.stderr).toMatch(/[/\\]src[/\\]core[/\\]http\.ts:\d+:\d+/);
      expect(r.stderr).not.toMatch(/[/\\]dist[/\\]/);
    });

    it('without --verbose: the one sentence, no stack', async () => {
      const r = await run(failing, { env: served.store.env() });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: The store found no such resource \(404/);
      expect(r.stderr).not.toMatch(STACK_LINE);
    });

    it('every built module with code has its map beside it, in the files the package ships', () => {
      const dist = join(REPO_ROOT, 'dist');
      const modules = ['', 'chunks', 'cli', join('cli', 'chunks')]
        .flatMap((folder) => readdirSync(join(dist, folder)).map((name) => join(dist, folder, name)))
        .filter((path) => /\.c?js$/.test(path));
      expect(modules.length).toBeGreaterThan(10);
      for (const module of modules) {
        if (existsSync(`${module}.map`)) continue;
        // Without a map only a facade rolldown made for a lazy import whose code went into a
        // shared chunk (scripts/build.mjs): requires and exports, no line of src/ to name.
        expect(readFileSync(module, 'utf8'), module).not.toMatch(/=>|function|sourceMappingURL/);
      }
      const files = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
      expect(files).toContain('dist');
    });
  });
});
