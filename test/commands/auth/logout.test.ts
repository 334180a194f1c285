import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

const TOKEN = 'logout-test-token-QW12';

describe('auth logout', () => {
  const s = useSandbox({ tokens: [parseTokenSpec(TOKEN)] });
  const saved = (dirs: { STORE_CLI_CONFIG_DIR: string }) => JSON.parse(readFileSync(join(dirs.STORE_CLI_CONFIG_DIR, 'config.json'), 'utf8')).profiles;

  async function loginBoth() {
    const dirs = scratchDirs();
    for (const profile of ['default', 'staging']) {
      const r = await cli(['--profile', profile, 'auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: TOKEN });
      expect(r.code, r.stderr).toBe(0);
    }
    return dirs;
  }

  it('removes the profile: its token is gone from the file and commands no longer authenticate', async () => {
    const dirs = await loginBoth();
    const r = await cli(['auth', 'logout'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Logged out: profile 'default' removed");
    expect(Object.keys(saved(dirs))).toEqual(['staging']);
    const count = await cli(['giftcard', 'count'], { env: dirs });
    expect(count.code).toBe(4);
    const status = await cli(['auth', 'status', '--json', 'tokenStatus'], { env: dirs });
    expect(status.code).toBe(4);
    expect(JSON.parse(status.stdout)).toEqual({ tokenStatus: 'missing' });
  });

  it('--profile staging removes only that profile', async () => {
    const dirs = await loginBoth();
    const r = await cli(['--profile', 'staging', 'auth', 'logout'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("profile 'staging' removed");
    expect(saved(dirs)).toEqual({ default: { baseUrl: s.sandbox.baseUrl, token: TOKEN } });
    expect((await cli(['giftcard', 'count'], { env: dirs })).code).toBe(0);
    expect((await cli(['--profile', 'staging', 'giftcard', 'count'], { env: dirs })).code).toBe(4);
  });

  it('logging out twice: the second run has nothing to do and still exits 0', async () => {
    const dirs = await loginBoth();
    expect((await cli(['auth', 'logout'], { env: dirs })).code).toBe(0);
    const again = await cli(['auth', 'logout'], { env: dirs });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to do');
  });

  it('warns when STORE_CLI_TOKEN will keep being used', async () => {
    const dirs = await loginBoth();
    const r = await cli(['auth', 'logout'], { env: { ...dirs, STORE_CLI_TOKEN: TOKEN } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('STORE_CLI_TOKEN is still set');
    expect(r.stderr).not.toContain(TOKEN);
  });
});
