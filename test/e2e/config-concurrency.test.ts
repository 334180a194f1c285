// The config file under parallel writers, and its privacy, as real processes: ten parallel
// `auth login`s and `config set`s all land (each change is made under config.json.lock);
// a lock left by a process that died is taken over; a config folder or file others may
// write or read is named on stderr and made private again.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, killLeftovers, removeScratch, requireBuild, run, scratch, serve, type ServeHandle } from '../helpers/cli-spawn.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const PARALLEL = 10;

function profilesIn(configDir: string): Record<string, { baseUrl?: string; token?: string; defaults?: Record<string, unknown> }> {
  return (JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, never> }).profiles;
}

describe('parallel config writers (spawned)', () => {
  let sandbox: ServeHandle;
  beforeAll(async () => {
    sandbox = await serve(['--json']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it(`${PARALLEL} parallel auth login --profile pN: every profile is saved`, { timeout: 120_000 }, async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    const names = Array.from({ length: PARALLEL }, (_, i) => `p${i}`);
    const runs = await Promise.all(
      names.map((name) => run(['--profile', name, 'auth', 'login', '--base-url', sandbox.baseUrl, '--with-token'], { env, input: `${sandbox.token}\n`, timeoutMs: 90_000 })),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const saved = profilesIn(dirs.configDir);
    expect(Object.keys(saved).sort()).toEqual(names.sort());
    for (const name of names) expect(saved[name]).toMatchObject({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });

  it(`${PARALLEL} parallel config set (keys of one profile and of others): every setting is kept`, { timeout: 120_000 }, async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    const sets: string[][] = [
      ['config', 'set', 'page-size', '17'],
      ['config', 'set', 'output', 'json'],
      ['config', 'set', 'import-concurrency', '3'],
      ['config', 'set', 'color', 'never'],
      ...Array.from({ length: PARALLEL - 4 }, (_, i) => ['--profile', `q${i}`, 'config', 'set', 'page-size', String(20 + i)]),
    ];
    const runs = await Promise.all(sets.map((args) => run(args, { env, timeoutMs: 90_000 })));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const saved = profilesIn(dirs.configDir);
    expect(saved.default?.defaults).toEqual({ 'page-size': 17, output: 'json', 'import-concurrency': 3, color: 'never' });
    for (let i = 0; i < PARALLEL - 4; i++) expect(saved[`q${i}`]?.defaults).toEqual({ 'page-size': 20 + i });
  });

  it('a lock left by a process that died is taken over at once', async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    mkdirSync(dirs.configDir, { recursive: true, mode: 0o700 });
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    writeFileSync(join(dirs.configDir, 'config.json.lock'), `${dead}\n`);
    const r = await run(['config', 'set', 'page-size', '9'], { env, timeoutMs: 8000 });
    expect(r.code, r.stderr).toBe(0);
    expect(profilesIn(dirs.configDir).default?.defaults).toEqual({ 'page-size': 9 });
  });
});

describe('a config folder or file others may write or read (spawned)', () => {
  it('is named on stderr (the folder, the file), made 0700 and 0600, and used; the next run says nothing', async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    mkdirSync(dirs.configDir, { recursive: true });
    const file = join(dirs.configDir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { baseUrl: 'http://127.0.0.1:9', token: 'sekret-token-1234', defaults: { output: 'json' } } } }));
    chmodSync(dirs.configDir, 0o777);
    chmodSync(file, 0o666);
    const first = await run(['config', 'get', 'output'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toContain('json');
    expect(first.stderr).toBe(
      [
        `warning: the config folder ${dirs.configDir} has mode 0777: others may write in it (and replace the config file, and so where a token is sent); made it 0700.`,
        `warning: the config file ${file} has mode 0666: others may read or write it (it holds the tokens); made it 0600.`,
        '',
      ].join('\n'),
    );
    expect(first.stderr).not.toContain('sekret');
    expect(statSync(dirs.configDir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await run(['config', 'get', 'output'], { env });
    expect(second.stderr).toBe('');
  });

  it('a command that writes (config set) checks too, before its change', async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    mkdirSync(dirs.configDir, { recursive: true });
    chmodSync(dirs.configDir, 0o757);
    const r = await run(['config', 'set', 'page-size', '5'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: the config folder ${dirs.configDir} has mode 0757`);
    expect(statSync(dirs.configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dirs.configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});
