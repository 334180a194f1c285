// store.toml picks the target: found walking up from the working directory, below the flags
// and the environment in precedence, named by auth status; a bad file is a usage error
// naming its line and key, before anything is sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';

const STORE_TOML = `[store]
env = "staging"

[environments.staging]
profile = "staging"

[environments.prod-eu]
profile = "prod-eu"
expect_domain = "eu-shop.genmystore.com"
protected = true
read_only = false

[groups]
prod = ["prod-eu"]
`;

/** A project folder holding `text` as its store.toml, and a subfolder of it. */
function project(text = STORE_TOML): { root: string; sub: string } {
  const root = scratchDir();
  writeFileSync(join(root, 'store.toml'), text);
  const sub = join(root, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  return { root, sub };
}

describe('store.toml', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });

  const status = async (cwd: string, env: Record<string, string> = {}, argv: string[] = []) => {
    const r = await cli([...argv, 'auth', 'status', '--json'], { cwd, env: { ...s.env, ...env } });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };

  it('names the profile of its [store] env, in its folder and in a subfolder, with the file', async () => {
    const { root, sub } = project();
    for (const cwd of [root, sub]) {
      const got = await status(cwd);
      expect(got).toMatchObject({ profile: 'staging', profileSource: 'store file', environment: 'staging', storeFile: join(root, 'store.toml') });
    }
  });

  it('says so in the table: env staging from ../../store.toml', async () => {
    const { sub } = project();
    const r = await cli(['auth', 'status'], { cwd: sub, env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`staging (env staging from ${join('..', '..', 'store.toml')})`);
  });

  it('gives way to STORE_CLI_PROFILE and --profile; --env and STORE_CLI_ENV pick another of its environments', async () => {
    const { sub } = project();
    expect(await status(sub, { STORE_CLI_PROFILE: 'ci' })).toMatchObject({ profile: 'ci', profileSource: 'environment', environment: null, storeFile: null });
    expect(await status(sub, { STORE_CLI_PROFILE: 'ci' }, ['--profile', 'mine'])).toMatchObject({ profile: 'mine', profileSource: 'flag' });
    expect(await status(sub, { STORE_CLI_ENV: 'prod-eu' })).toMatchObject({ profile: 'prod-eu', profileSource: 'environment', environment: 'prod-eu' });
    // The flag wins over either variable.
    expect(await status(sub, { STORE_CLI_PROFILE: 'ci' }, ['--env', 'prod-eu'])).toMatchObject({
      profile: 'prod-eu',
      profileSource: 'flag',
      environment: 'prod-eu',
    });
  });

  it('without one, the default profile as before', async () => {
    const got = await status(scratchDir());
    expect(got).toMatchObject({ profile: 'default', environment: null });
  });

  it('--env naming no environment, or with no store.toml: exit 2, nothing sent', async () => {
    const { root } = project();
    log.clear();
    let r = await cli(['--env', 'nope', 'giftcard', 'count'], { cwd: root, env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--env names environment 'nope', which");
    expect(r.stderr).toContain('it defines staging, prod-eu');
    r = await cli(['--env', 'prod-eu', 'giftcard', 'count'], { cwd: scratchDir(), env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no store.toml was found in this folder or above it');
    r = await cli(['--env', 'prod-eu', '--profile', 'x', 'giftcard', 'count'], { cwd: root, env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--profile and --env both name the target');
    expect(await log.take()).toEqual([]);
  });

  it.each([
    ['a TOML syntax error', '[store]\nenv = "staging"\nprotected = \n', /store\.toml, line 3: invalid value\.$/m],
    [
      'a misspelt guard',
      '[environments.prod]\nprofile = "p"\nprotect = true\n',
      /store\.toml, line 3: environments\.prod\.protect is not a setting of an environment/,
    ],
    [
      'a guard of the wrong type',
      '[environments.prod]\nprofile = "p"\n\nread_only = "yes"\n',
      /store\.toml, line 4: environments\.prod\.read_only must be true or false \(got "yes"\)/,
    ],
    [
      'a default env it does not define',
      '[store]\nenv = "staging"\n',
      /store\.toml, line 2: store\.env names 'staging', which is no \[environments\.staging\]/,
    ],
    [
      'an environment without a profile',
      '[store]\nenv = "a"\n[environments.a]\nexpect_domain = "x.example"\n',
      /store\.toml, line 3: environments\.a has no profile/,
    ],
    [
      'an expect_domain that is a URL',
      '[environments.a]\nprofile = "a"\nexpect_domain = "https://x.example/"\n',
      /line 3: environments\.a\.expect_domain must be the shop's domain/,
    ],
    ['a group of unknown environments', '[environments.a]\nprofile = "a"\n[groups]\nprod = ["a", "b"]\n', /line 4: groups\.prod names 'b'/],
  ])('%s: exit 2 naming the file, the line and the key, 0 requests', async (_what, text, message) => {
    const { sub } = project(text);
    log.clear();
    const r = await cli(['giftcard', 'create', '--initial-value', '5'], { cwd: sub, env: s.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(join('..', '..', 'store.toml'));
    expect(await log.take()).toEqual([]);
  });
});
