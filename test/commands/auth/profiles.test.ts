// auth list, auth switch and auth token: profiles side by side, the default profile, and the
// one command that prints a token whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { ANSI, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

const MAIN = 'profiles-main-token-AB12';
const STAGING = 'profiles-staging-token-CD34';
const ENV_TOKEN = 'profiles-env-token-EF56';

describe('auth list, switch, token', () => {
  const log = requestLog();
  const s = useSandbox({ tokens: [parseTokenSpec(MAIN), parseTokenSpec(STAGING), parseTokenSpec(ENV_TOKEN)], onRequest: log.hook });

  /** `default` and `staging` logged in to the same sandbox with their own tokens. */
  async function loggedIn() {
    const dirs = scratchDirs();
    const one = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: MAIN });
    const two = await cli(['--profile', 'staging', 'auth', 'login', '--base-url', `${s.sandbox.baseUrl}/`, '--with-token'], { env: dirs, stdin: STAGING });
    expect([one.code, two.code], one.stderr + two.stderr).toEqual([0, 0]);
    return dirs;
  }

  describe('auth list', () => {
    it('piped: TSV rows of every profile, the token by its last 4 only; nothing is sent', async () => {
      const dirs = await loggedIn();
      log.clear();
      const r = await cli(['auth', 'list'], { env: dirs });
      expect(r.code, r.stderr).toBe(0);
      expect(tsvRows(r.stdout)).toEqual([
        ['default', s.sandbox.baseUrl, '****AB12', 'yes', 'yes'],
        ['staging', s.sandbox.baseUrl, '****CD34', 'no', 'no'],
      ]);
      expect(r.stdout + r.stderr).not.toContain(MAIN);
      expect(r.stdout + r.stderr).not.toContain(STAGING);
      expect(await log.take()).toEqual([]);
    });

    it('--json: every field; --profile marks another profile active, not default', async () => {
      const dirs = await loggedIn();
      const r = await cli(['--profile', 'staging', 'auth', 'list', '--json'], { env: dirs });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([
        { profile: 'default', baseUrl: s.sandbox.baseUrl, token: '****AB12', default: true, active: false },
        { profile: 'staging', baseUrl: s.sandbox.baseUrl, token: '****CD34', default: false, active: true },
      ]);
      const picked = await cli(['auth', 'list', '--json', 'profile,active'], { env: { ...dirs, STORE_CLI_PROFILE: 'staging' } });
      expect(JSON.parse(picked.stdout)).toEqual([
        { profile: 'default', active: false },
        { profile: 'staging', active: true },
      ]);
    });

    it('a terminal gets a table with headers', async () => {
      const dirs = await loggedIn();
      const r = await cli(['auth', 'list'], { env: dirs, tty: true });
      expect(r.code, r.stderr).toBe(0);
      const text = stripAnsi(r.stdout);
      // UPPER CASE, as every other table.
      expect(
        text
          .split('\n')[0]!
          .trimEnd()
          .split(/\s{2,}/),
      ).toEqual(['PROFILE', 'BASE URL', 'TOKEN', 'DEFAULT', 'ACTIVE']);
      expect(text).toContain('****CD34');
      expect(r.stdout).toMatch(ANSI);
    });

    it('no profiles: an empty list, exit 0 (the hint in a terminal only)', async () => {
      const piped = await cli(['auth', 'list'], {});
      expect([piped.code, piped.stdout, piped.stderr]).toEqual([0, '', '']);
      const json = await cli(['auth', 'list', '--json'], {});
      expect(JSON.parse(json.stdout)).toEqual([]);
      const tty = await cli(['auth', 'list'], { tty: true });
      expect(tty.code).toBe(0);
      expect(tty.stderr).toContain('auth login');
    });
  });

  describe('auth switch', () => {
    it('makes staging the default: commands then use it without --profile; the flag and STORE_CLI_PROFILE still win', async () => {
      const dirs = await loggedIn();
      const r = await cli(['auth', 'switch', 'staging'], { env: dirs });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain("Default profile: 'staging'");
      expect(JSON.parse(readFileSync(join(dirs.STORE_CLI_CONFIG_DIR, 'config.json'), 'utf8')).defaultProfile).toBe('staging');

      const status = await cli(['auth', 'status', '--json', 'profile,profileSource,token'], { env: dirs });
      expect(JSON.parse(status.stdout)).toEqual({ profile: 'staging', profileSource: 'config file', token: '****CD34' });
      const list = await cli(['auth', 'list', '--json', 'profile,default,active'], { env: dirs });
      expect(JSON.parse(list.stdout)).toEqual([
        { profile: 'default', default: false, active: false },
        { profile: 'staging', default: true, active: true },
      ]);
      const flag = await cli(['--profile', 'default', 'auth', 'status', '--json', 'profile,profileSource'], { env: dirs });
      expect(JSON.parse(flag.stdout)).toEqual({ profile: 'default', profileSource: 'flag' });
      const fromEnv = await cli(['auth', 'status', '--json', 'profile'], { env: { ...dirs, STORE_CLI_PROFILE: 'default' } });
      expect(JSON.parse(fromEnv.stdout)).toEqual({ profile: 'default' });

      // config set follows the default profile too.
      const set = await cli(['config', 'set', 'page-size', '7'], { env: dirs });
      expect(set.stderr).toContain("for profile 'staging'");

      const back = await cli(['auth', 'switch', 'default'], { env: dirs });
      expect(back.code).toBe(0);
      const again = await cli(['auth', 'status', '--json', 'profile'], { env: dirs });
      expect(JSON.parse(again.stdout)).toEqual({ profile: 'default' });
    });

    it('an unknown name exits 2 listing the saved profiles; nothing changes', async () => {
      const dirs = await loggedIn();
      const r = await cli(['auth', 'switch', 'prod'], { env: dirs });
      expectUsageError(r, "No profile 'prod'");
      expect(r.stderr).toContain('the saved profiles are default, staging');
      expect(JSON.parse(readFileSync(join(dirs.STORE_CLI_CONFIG_DIR, 'config.json'), 'utf8')).defaultProfile).toBeUndefined();
      const none = await cli(['auth', 'switch', 'prod'], {});
      expectUsageError(none, "No profile 'prod'");
      expect(none.stderr).toContain('no profiles are saved');
      expectUsageError(await cli(['auth', 'switch', '../x'], { env: dirs }), '<name>');
    });

    it('with STORE_CLI_PROFILE set, says that it still wins', async () => {
      const dirs = await loggedIn();
      const r = await cli(['auth', 'switch', 'staging'], { env: { ...dirs, STORE_CLI_PROFILE: 'default' } });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('STORE_CLI_PROFILE=default is set in the environment and still wins');
    });

    it('logging out the default profile (removed) forgets the default', async () => {
      const dirs = await loggedIn();
      await cli(['auth', 'switch', 'staging'], { env: dirs });
      const out = await cli(['auth', 'logout'], { env: { ...dirs, STORE_CLI_PROFILE: 'staging' } });
      expect(out.code).toBe(0);
      expect(JSON.parse(readFileSync(join(dirs.STORE_CLI_CONFIG_DIR, 'config.json'), 'utf8')).defaultProfile).toBeUndefined();
      const status = await cli(['auth', 'status', '--json', 'profile,profileSource'], { env: dirs });
      expect(JSON.parse(status.stdout)).toEqual({ profile: 'default', profileSource: 'default' });
    });
  });

  describe('auth token', () => {
    it('piped: the token alone on one line; nothing is sent', async () => {
      const dirs = await loggedIn();
      log.clear();
      const r = await cli(['auth', 'token'], { env: dirs });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${MAIN}\n`);
      expect(r.stderr).toBe('');
      expect(await log.take()).toEqual([]);
      const staging = await cli(['--profile', 'staging', 'auth', 'token'], { env: dirs });
      expect(staging.stdout).toBe(`${STAGING}\n`);
      await cli(['auth', 'switch', 'staging'], { env: dirs });
      expect((await cli(['auth', 'token'], { env: dirs })).stdout).toBe(`${STAGING}\n`);
    });

    it('in a terminal: refused without --show (exit 2 naming --show, the token not shown); printed with it', async () => {
      const dirs = await loggedIn();
      const r = await cli(['auth', 'token', '--no-color'], { env: dirs, tty: true });
      expectUsageError(r, '--show');
      expect(r.stdout + r.stderr).not.toContain(MAIN);
      const shown = await cli(['auth', 'token', '--show'], { env: dirs, tty: true });
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toBe(`${MAIN}\n`);
    });

    it('STORE_CLI_TOKEN wins, as for every command (a terminal is told where it came from)', async () => {
      const dirs = await loggedIn();
      const r = await cli(['auth', 'token'], { env: { ...dirs, STORE_CLI_TOKEN: ENV_TOKEN } });
      expect(r.stdout).toBe(`${ENV_TOKEN}\n`);
      expect(r.stderr).toBe('');
      const tty = await cli(['auth', 'token', '--show'], { env: { ...dirs, STORE_CLI_TOKEN: ENV_TOKEN }, tty: true });
      expect(tty.stdout).toBe(`${ENV_TOKEN}\n`);
      expect(tty.stderr).toContain('STORE_CLI_TOKEN');
    });

    it('no token: exit 4 naming auth login and STORE_CLI_TOKEN; --sandbox: exit 2', async () => {
      const r = await cli(['auth', 'token'], {});
      expect(r.code).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: No access token for profile 'default': run 'store-cli auth login' or set STORE_CLI_TOKEN\.$/m);
      expectUsageError(await cli(['--sandbox', 'auth', 'token'], {}), 'sandbox');
    });
  });
});
