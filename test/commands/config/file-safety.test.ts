// The config file kept safe across runs: a lock left by a process that died is taken over at
// once, and a config folder or file others may write or read is named on stderr and made
// private again before it is used. Ten processes changing the file at once (the lock's reason
// to be) are spawned: test/e2e/parallel-and-locks.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';

function profilesIn(configDir: string): Record<string, { baseUrl?: string; token?: string; defaults?: Record<string, unknown> }> {
  return (JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, never> }).profiles;
}

describe('config lock', () => {
  it('a lock left by a process that died is taken over at once', async () => {
    const env = scratchDirs();
    const configDir = env.STORE_CLI_CONFIG_DIR;
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    writeFileSync(join(configDir, 'config.json.lock'), `${dead}\n`);
    const r = await cli(['config', 'set', 'page-size', '9'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(profilesIn(configDir).default?.defaults).toEqual({ 'page-size': 9 });
  });
});

describe('a config folder or file others may write or read', () => {
  it('is named on stderr (the folder, the file), made 0700 and 0600, and used; the next run says nothing', async () => {
    const env = scratchDirs();
    const configDir = env.STORE_CLI_CONFIG_DIR;
    mkdirSync(configDir, { recursive: true });
    const file = join(configDir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { baseUrl: 'http://127.0.0.1:9', token: 'sekret-token-1234', defaults: { output: 'json' } } } }));
    chmodSync(configDir, 0o777);
    chmodSync(file, 0o666);
    const first = await cli(['config', 'get', 'output'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toContain('json');
    expect(first.stderr).toBe(
      [
        `warning: the config folder ${configDir} has mode 0777: others may write in it (and replace the config file, and so where a token is sent); made it 0700.`,
        `warning: the config file ${file} has mode 0666: others may read or write it (it holds the tokens); made it 0600.`,
        '',
      ].join('\n'),
    );
    expect(first.stderr).not.toContain('sekret');
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await cli(['config', 'get', 'output'], { env });
    expect(second.stderr).toBe('');
  });

  it('a command that writes (config set) checks too, before its change', async () => {
    const env = scratchDirs();
    const configDir = env.STORE_CLI_CONFIG_DIR;
    mkdirSync(configDir, { recursive: true });
    chmodSync(configDir, 0o757);
    const r = await cli(['config', 'set', 'page-size', '5'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: the config folder ${configDir} has mode 0757`);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});
