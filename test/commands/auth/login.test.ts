import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, scratchDirs } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

const TOKEN = 'login-test-token-9f3K';
const READER = 'reader-only-token-77Qa';
const METAFIELDS_ONLY = 'meta-only-token-55Zz';

function configFile(dirs: { STORE_CLI_CONFIG_DIR: string }): string {
  return join(dirs.STORE_CLI_CONFIG_DIR, 'config.json');
}

/** The saved profiles; none when the file was never written. */
function profiles(dirs: { STORE_CLI_CONFIG_DIR: string }): Record<string, { baseUrl?: string; token?: string }> {
  if (!existsSync(configFile(dirs))) return {};
  return JSON.parse(readFileSync(configFile(dirs), 'utf8')).profiles;
}

describe('auth login', () => {
  const log = requestLog();
  const s = useSandbox({
    tokens: [parseTokenSpec(TOKEN), parseTokenSpec(`${READER}:read_gift_card`), parseTokenSpec(`${METAFIELDS_ONLY}:read_metafields`)],
    onRequest: log.hook,
  });

  it('--with-token reads the token from stdin, checks it, and saves the profile in a 0600 file', async () => {
    const dirs = scratchDirs();
    log.clear();
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: `${TOKEN}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Logged in to ${s.sandbox.baseUrl} as profile 'default'`);
    expect(r.stderr).toContain('****9f3K');
    expect(r.stderr).not.toContain(TOKEN);
    expect(statSync(configFile(dirs)).mode & 0o777).toBe(0o600);
    expect(profiles(dirs)).toEqual({ default: { baseUrl: s.sandbox.baseUrl, token: TOKEN } });
    // The token was checked against the store before saving.
    expect((await log.take()).map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['GET /api/202412/gift_cards/count 200']);
    // And the saved profile is used by the next command.
    const count = await cli(['giftcard', 'count'], { env: dirs });
    expect(count).toEqual({ code: 0, stdout: '0\n', stderr: '' });
  });

  it('a refused token exits 4 and saves nothing', async () => {
    const dirs = scratchDirs();
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: 'wrong-token-0000' });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*refused.*401.*nothing was saved/);
    expect(r.stderr).not.toContain('wrong-token-0000');
    expectNoStackTrace(r.stderr);
    expect(profiles(dirs)).toEqual({});
  });

  it('--with-token refuses endless or non-UTF-8 input, exit 2, saving nothing', async () => {
    const dirs = scratchDirs();
    const big = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: 'y\n'.repeat(600_000) });
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/^error: Standard input \(--with-token\) gives more than the limit of 1 MiB/);
    const binary = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: Buffer.from([0x74, 0xff, 0x6b]) });
    expect(binary.code).toBe(2);
    expect(binary.stderr).toMatch(/is not valid UTF-8: invalid bytes at byte offset 1/);
    expect(profiles(dirs)).toEqual({});
  });

  it('a token without gift card scope is saved with a note', async () => {
    const dirs = scratchDirs();
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: METAFIELDS_ONLY });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('read_gift_card');
    expect(profiles(dirs).default?.token).toBe(METAFIELDS_ONLY);
  });

  it('a read-only token is accepted', async () => {
    const dirs = scratchDirs();
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: READER });
    expect(r.code, r.stderr).toBe(0);
    expect(profiles(dirs).default?.token).toBe(READER);
  });

  it('without --with-token and without a terminal: exit 2 naming --with-token, nothing sent or saved', async () => {
    const dirs = scratchDirs();
    log.clear();
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl], { env: dirs, stdin: TOKEN });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*--with-token/);
    expect(r.stderr).toMatch(/^Usage: store-cli auth login/m);
    expect(await log.take()).toEqual([]);
    expect(profiles(dirs)).toEqual({});
  });

  it('an empty stdin with --with-token: exit 2, nothing sent', async () => {
    log.clear();
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { stdin: '\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--with-token');
    expect(await log.take()).toEqual([]);
  });

  it('without any base URL: exit 2 asking for --base-url', async () => {
    const r = await cli(['auth', 'login', '--with-token'], { stdin: TOKEN });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base-url');
  });

  it('refuses plain http to a non-loopback host (exit 2, mentions --insecure), before any connection', async () => {
    const dirs = scratchDirs();
    const r = await cli(['--verbose', 'auth', 'login', '--base-url', 'http://example.com', '--with-token'], { env: dirs, stdin: TOKEN });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*plain http.*example\.com.*--insecure/);
    expect(r.stderr).not.toMatch(/^> /m); // the verbose log shows no request line
    expect(r.stderr).not.toContain(TOKEN);
    expect(profiles(dirs)).toEqual({});
  });

  it('a malformed --base-url: exit 2 naming the flag', async () => {
    const r = await cli(['auth', 'login', '--base-url', 'store.example.com', '--with-token'], { stdin: TOKEN });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --base-url must be an absolute http\(s\) URL/);
  });

  it('--profile staging saves beside the default profile without touching it', async () => {
    const dirs = scratchDirs();
    expect((await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: TOKEN })).code).toBe(0);
    const staging = await cli(['--profile', 'staging', 'auth', 'login', '--base-url', `${s.sandbox.baseUrl}/`, '--with-token'], { env: dirs, stdin: READER });
    expect(staging.code, staging.stderr).toBe(0);
    expect(staging.stderr).toContain("profile 'staging'");
    expect(profiles(dirs)).toEqual({
      default: { baseUrl: s.sandbox.baseUrl, token: TOKEN },
      staging: { baseUrl: s.sandbox.baseUrl, token: READER },
    });
    expect(statSync(configFile(dirs)).mode & 0o777).toBe(0o600);
  });

  it('--sandbox needs no login: exit 2', async () => {
    const r = await cli(['--sandbox', 'auth', 'login', '--with-token'], { stdin: TOKEN });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sandbox');
  });
});

describe('auth login in a terminal', () => {
  const s = useSandbox({ tokens: [parseTokenSpec(TOKEN)] });

  it('asks for the token with a hidden prompt and saves it', async () => {
    const dirs = scratchDirs();
    const r = await liveCli(['auth', 'login', '--base-url', s.sandbox.baseUrl], { env: dirs, tty: true, stdin: `${TOKEN}\n` }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Access token for ${s.sandbox.baseUrl}`);
    expect(r.stderr).not.toContain(TOKEN); // not echoed
    expect(profiles(dirs)).toEqual({ default: { baseUrl: s.sandbox.baseUrl, token: TOKEN } });
  });
});
