// store-cli prompt: the active target from store.toml and the saved profiles, for a shell
// prompt; no request reaches the store (its log stays empty). What it loads at start-up is
// checked on the built binary's fast path in test/e2e/startup-loads.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';

const STORE_TOML = `[store]
env = "prod-eu"

[environments.prod-eu]
profile = "eu"
expect_domain = "eu-shop.genmystore.com"
protected = true

[environments.staging]
profile = "staging"
read_only = true
`;

describe('prompt', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  function project(): string {
    const root = scratchDir();
    writeFileSync(join(root, 'store.toml'), STORE_TOML);
    const sub = join(root, 'a', 'b');
    mkdirSync(sub, { recursive: true });
    return sub;
  }

  it("prints the folder's env and its expect_domain, with no request to the store", async () => {
    const cwd = project();
    log.clear();
    const r = await cli(['prompt'], { cwd, env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('prod-eu@eu-shop.genmystore.com\n');
    const formatted = await cli(['prompt', '--format', '{env}|{profile}|{domain}|{guard}'], { cwd, env: s.env });
    expect(formatted.stdout).toBe('prod-eu|eu|eu-shop.genmystore.com|protected\n');
    const other = await cli(['--env', 'staging', 'prompt', '--format', '{env}|{profile}|{guard}'], { cwd, env: s.env });
    expect(other.stdout).toBe('staging|staging|read-only\n');
    expect(await log.take()).toEqual([]);
  });

  it("without an expect_domain, the host of the profile's saved store; without a store.toml, the profile", async () => {
    const dirs = scratchDirs();
    const login = await cli(['--profile', 'shop1', 'auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: s.sandbox.token });
    expect(login.code, login.stderr).toBe(0);
    log.clear();
    const r = await cli(['--profile', 'shop1', 'prompt'], { cwd: scratchDir(), env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`shop1@${new URL(s.sandbox.baseUrl).hostname}\n`);
    // Nothing set up at all: the default profile alone, no dangling '@'.
    expect((await cli(['prompt'], { cwd: scratchDir() })).stdout).toBe('default\n');
    expect(await log.take()).toEqual([]);
  });

  it('an unknown placeholder or a bad store.toml: exit 2, one line', async () => {
    const bad = await cli(['prompt', '--format', '{shop}'], { cwd: scratchDir() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format names {shop}, which is none of {env}, {profile}, {domain}, {guard}.');
    const root = scratchDir();
    writeFileSync(join(root, 'store.toml'), '[store]\nenv = 1\n');
    const r = await cli(['prompt'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2: store.env must name an environment (got 1)');
  });
});
