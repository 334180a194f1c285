import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { expectUsageError, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

type Dirs = ReturnType<typeof scratchDirs>;
const configFile = (dirs: Dirs) => join(dirs.STORE_CLI_CONFIG_DIR, 'config.json');
const saved = (dirs: Dirs) => JSON.parse(readFileSync(configFile(dirs), 'utf8')).profiles;
const set = async (dirs: Dirs, key: string, value: string, ...globals: string[]) => {
  const r = await cli([...globals, 'config', 'set', key, value], { env: dirs });
  expect(r.code, r.stderr).toBe(0);
  return r;
};

describe('config set, get, unset, list', () => {
  it('a fresh profile lists every key with its built-in value (source default), as TSV when piped', async () => {
    const r = await cli(['config', 'list'], { env: scratchDirs() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['output', 'table', 'default'],
      ['page-size', '50', 'default'],
      ['import-concurrency', '8', 'default'],
      ['color', 'auto', 'default'],
      ['brand', 'service', 'default'],
      ['api-version', '202412', 'default'],
      ['customer-search', 'get', 'default'],
    ]);
    expect(r.stderr).toBe('');
  });

  it('set stores a checked value under the profile in the 0600 config file; get and list show it as from the profile', async () => {
    const dirs = scratchDirs();
    const r = await set(dirs, 'page-size', '100');
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Set page-size to 100 for profile 'default'");
    expect(saved(dirs)).toEqual({ default: { defaults: { 'page-size': 100 } } });
    expect(statSync(configFile(dirs)).mode & 0o777).toBe(0o600);

    const get = await cli(['config', 'get', 'page-size'], { env: dirs });
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).toBe('100\n');
    const json = await cli(['config', 'get', 'page-size', '--json'], { env: dirs });
    expect(JSON.parse(json.stdout)).toEqual({ key: 'page-size', value: 100, source: 'profile' });
    const builtIn = await cli(['config', 'get', 'color', '--json'], { env: dirs });
    expect(JSON.parse(builtIn.stdout)).toEqual({ key: 'color', value: 'auto', source: 'default' });

    const list = await cli(['config', 'list', '--json'], { env: dirs });
    expect(JSON.parse(list.stdout)).toEqual([
      { key: 'output', value: 'table', source: 'default' },
      { key: 'page-size', value: 100, source: 'profile' },
      { key: 'import-concurrency', value: 8, source: 'default' },
      { key: 'color', value: 'auto', source: 'default' },
      { key: 'brand', value: 'service', source: 'default' },
      { key: 'api-version', value: '202412', source: 'default' },
      { key: 'customer-search', value: 'get', source: 'default' },
    ]);
    const jsonl = await cli(['config', 'list', '--jsonl'], { env: dirs });
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).key),
    ).toEqual(['output', 'page-size', 'import-concurrency', 'color', 'brand', 'api-version', 'customer-search']);
  });

  it('list in a terminal is a table with a header, and names the profile on stderr', async () => {
    const dirs = scratchDirs();
    await set(dirs, 'output', 'jsonl', '--profile', 'ci');
    const r = await cli(['--no-color', '--profile', 'ci', 'config', 'list'], { env: dirs, tty: true });
    expect(r.code, r.stderr).toBe(0);
    // The profile's output default applies to config list itself, in a terminal too.
    expect(r.stderr).toContain("Defaults of profile 'ci'");
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toContainEqual({ key: 'output', value: 'jsonl', source: 'profile' });
    const table = await cli(['--no-color', 'config', 'list'], { env: dirs, tty: true });
    expect(table.stdout.split('\n')[0]).toMatch(/^KEY\s+VALUE\s+SOURCE$/);
    expect(table.stdout).toMatch(/^page-size\s+50\s+default$/m);
  });

  it('unset removes the key (the built-in value applies again); a second unset has nothing to do', async () => {
    const dirs = scratchDirs();
    await set(dirs, 'output', 'json');
    await set(dirs, 'color', 'never');
    const r = await cli(['config', 'unset', 'output'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("Unset output for profile 'default': the built-in table applies.");
    expect(saved(dirs)).toEqual({ default: { defaults: { color: 'never' } } });
    const again = await cli(['config', 'unset', 'output'], { env: dirs });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to do');
    await cli(['config', 'unset', 'color'], { env: dirs });
    expect(saved(dirs)).toEqual({});
  });

  it('set overwrites a previous value', async () => {
    const dirs = scratchDirs();
    await set(dirs, 'import-concurrency', '4');
    await set(dirs, 'import-concurrency', '32');
    expect((await cli(['config', 'get', 'import-concurrency'], { env: dirs })).stdout).toBe('32\n');
  });

  describe('bad keys and values exit 2 and change nothing', () => {
    it.each([
      [['config', 'set', 'colour', 'never'], 'Allowed choices are output, page-size, import-concurrency, color'],
      [['config', 'get', 'pagesize'], 'Allowed choices are output, page-size, import-concurrency, color'],
      [['config', 'unset', 'limit'], 'Allowed choices are output, page-size, import-concurrency, color'],
      [['config', 'set', 'page-size', '251'], "page-size must be a whole number from 1 to 250 (got '251')"],
      [['config', 'set', 'page-size', 'ten'], "page-size must be a whole number from 1 to 250 (got 'ten')"],
      [['config', 'set', 'import-concurrency', '0'], "import-concurrency must be a whole number from 1 to 64 (got '0')"],
      [['config', 'set', 'output', 'yaml'], "output must be one of table, tsv, json, jsonl (got 'yaml')"],
      [['config', 'set', 'color', 'always'], "color must be one of auto, never (got 'always')"],
      [['config', 'set', 'customer-search', 'put'], "customer-search must be one of get, post (got 'put')"],
    ])('%j', async (argv, message) => {
      const dirs = scratchDirs();
      await set(dirs, 'page-size', '7');
      const r = await cli(argv, { env: dirs });
      expectUsageError(r, message);
      expect(saved(dirs)).toEqual({ default: { defaults: { 'page-size': 7 } } });
    });

    it('a bad --profile name is refused before anything is written', async () => {
      const dirs = scratchDirs();
      const r = await cli(['--profile', '../x', 'config', 'set', 'output', 'json'], { env: dirs });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: --profile must be a profile name/);
    });
  });

  it('each profile has its own defaults: --profile and STORE_CLI_PROFILE pick them', async () => {
    const dirs = scratchDirs();
    await set(dirs, 'page-size', '10', '--profile', 'a');
    await set(dirs, 'page-size', '20', '--profile', 'b');
    await set(dirs, 'output', 'tsv', '--profile', 'b');
    const value = async (env: Record<string, string>, ...globals: string[]) =>
      JSON.parse((await cli([...globals, 'config', 'list', '--json'], { env: { ...dirs, ...env } })).stdout) as Array<{
        key: string;
        value: unknown;
        source: string;
      }>;
    expect((await value({}, '--profile', 'a')).find((s) => s.key === 'page-size')).toEqual({ key: 'page-size', value: 10, source: 'profile' });
    expect((await value({ STORE_CLI_PROFILE: 'b' })).filter((s) => s.source === 'profile')).toEqual([
      { key: 'output', value: 'tsv', source: 'profile' },
      { key: 'page-size', value: 20, source: 'profile' },
    ]);
    // --profile wins over STORE_CLI_PROFILE, as for credentials.
    expect((await value({ STORE_CLI_PROFILE: 'b' }, '--profile', 'a')).find((s) => s.key === 'output')?.source).toBe('default');
    expect((await value({})).every((s) => s.source === 'default')).toBe(true);
    await cli(['--profile', 'a', 'config', 'unset', 'page-size'], { env: dirs });
    expect(saved(dirs)).toEqual({ b: { defaults: { 'page-size': 20, output: 'tsv' } } });
  });

  describe('a value edited by hand into the config file', () => {
    function handEdited(defaults: Record<string, unknown>): Dirs {
      const dirs = scratchDirs();
      mkdirSync(dirs.STORE_CLI_CONFIG_DIR, { recursive: true });
      writeFileSync(configFile(dirs), JSON.stringify({ profiles: { default: { defaults } } }), { mode: 0o600 });
      return dirs;
    }

    it('is refused where it is used (exit 2, naming the key and the fix), and unset or set repairs it', async () => {
      const dirs = handEdited({ 'page-size': 1000 });
      const get = await cli(['config', 'get', 'page-size'], { env: dirs });
      expect(get.code).toBe(2);
      expect(get.stderr).toBe(
        "error: The config file holds page-size 1000 for profile 'default', but page-size must be a whole number from 1 to 250: run 'store-cli config set page-size VALUE' or 'store-cli config unset page-size'.\n",
      );
      expectNoStackTrace(get.stderr);
      expect((await cli(['config', 'list'], { env: dirs })).code).toBe(2);
      // Keys that are fine still read.
      expect((await cli(['config', 'get', 'output'], { env: dirs })).stdout).toBe('table\n');
      expect((await cli(['config', 'set', 'page-size', '25'], { env: dirs })).code).toBe(0);
      expect((await cli(['config', 'get', 'page-size'], { env: dirs })).stdout).toBe('25\n');
    });

    it('a bad color only warns in a terminal: the command, and the set that fixes it, still run', async () => {
      const dirs = handEdited({ color: 'rainbow' });
      const r = await cli(['config', 'set', 'color', 'never'], { env: dirs, tty: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^warning: The config file holds color "rainbow" for profile 'default'/m);
      expect(saved(dirs)).toEqual({ default: { defaults: { color: 'never' } } });
    });
  });
});

describe('config and auth share the profile', () => {
  const TOKEN = 'config-auth-token-Z9x1';
  const s = useSandbox({ tokens: [parseTokenSpec(TOKEN)] });
  const login = (dirs: Dirs) => cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: TOKEN });

  it('login keeps the defaults set before it; a profile with defaults reads its credentials as before', async () => {
    const dirs = scratchDirs();
    await set(dirs, 'output', 'json');
    const r = await login(dirs);
    expect(r.code, r.stderr).toBe(0);
    expect(saved(dirs)).toEqual({ default: { defaults: { output: 'json' }, baseUrl: s.sandbox.baseUrl, token: TOKEN } });
    const status = await cli(['auth', 'status'], { env: dirs, tty: true });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'default', baseUrlSource: 'config file', tokenStatus: 'accepted' });
    // Set after login, too: the credentials stay.
    await set(dirs, 'page-size', '5');
    expect(saved(dirs).default).toMatchObject({ baseUrl: s.sandbox.baseUrl, token: TOKEN, defaults: { output: 'json', 'page-size': 5 } });
  });

  it('logout forgets the base URL and token, keeps the defaults, and says so', async () => {
    const dirs = scratchDirs();
    await login(dirs);
    await set(dirs, 'page-size', '5');
    const r = await cli(['auth', 'logout'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("Logged out: the base URL and token of profile 'default' were removed");
    expect(r.stderr).toContain('its configuration defaults stay');
    expect(r.stderr).not.toContain(TOKEN);
    expect(saved(dirs)).toEqual({ default: { defaults: { 'page-size': 5 } } });
    expect((await cli(['giftcard', 'count'], { env: dirs })).code).toBe(4);
    const again = await cli(['auth', 'logout'], { env: dirs });
    expect(again.stderr).toContain('nothing to do');
    expect(saved(dirs)).toEqual({ default: { defaults: { 'page-size': 5 } } });
  });
});
