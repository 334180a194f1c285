// store-cli init: a store.toml from the saved profiles, no token in it, never over an
// existing file without --force; and what it writes is a file the CLI reads back.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

const MAIN = 'init-main-token-AB12';
const STAGING = 'init-staging-token-CD34';

describe('init', () => {
  const s = useSandbox({ tokens: [parseTokenSpec(MAIN), parseTokenSpec(STAGING)] });

  async function loggedIn() {
    const dirs = scratchDirs();
    for (const [profile, token] of [
      ['prod-eu', MAIN],
      ['staging', STAGING],
    ] as const) {
      const r = await cli(['--profile', profile, 'auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: token });
      expect(r.code, r.stderr).toBe(0);
    }
    const sw = await cli(['auth', 'switch', 'staging'], { env: dirs });
    expect(sw.code, sw.stderr).toBe(0);
    return dirs;
  }

  it('writes one environment a saved profile, the saved default as its env, no token; commands then use it', async () => {
    const dirs = await loggedIn();
    const cwd = scratchDir();
    const r = await cli(['init'], { cwd, env: dirs });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(cwd, 'store.toml'), 'utf8');
    expect(text).toContain('[store]\nenv = "staging"');
    expect(text).toContain('[environments.prod-eu]\nprofile = "prod-eu"');
    expect(text).toContain('[environments.staging]\nprofile = "staging"');
    for (const token of [MAIN, STAGING, 'AB12', 'CD34']) expect(text).not.toContain(token);
    const status = await cli(['--env', 'prod-eu', 'auth', 'status', '--json', 'profile,environment,storeFile,token'], { cwd, env: dirs });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({ profile: 'prod-eu', environment: 'prod-eu', storeFile: join(cwd, 'store.toml'), token: '****AB12' });
  });

  it('never over an existing store.toml without --force', async () => {
    const dirs = await loggedIn();
    const cwd = scratchDir();
    writeFileSync(join(cwd, 'store.toml'), '# mine\n');
    const r = await cli(['init'], { cwd, env: dirs });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('exists already; give --force to replace it. Nothing was written.');
    expect(readFileSync(join(cwd, 'store.toml'), 'utf8')).toBe('# mine\n');
    const forced = await cli(['init', '--force'], { cwd, env: dirs });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'store.toml'), 'utf8')).toContain('[environments.staging]');
  });

  it('with no saved profile: exit 2 naming auth login, no file', async () => {
    const cwd = scratchDir();
    const r = await cli(['init'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("run 'store-cli auth login' first");
    expect(() => readFileSync(join(cwd, 'store.toml'))).toThrow();
  });
});
