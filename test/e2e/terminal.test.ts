// A real terminal, through tmux: tables and colour, hidden token input, confirmations.
// Skipped (with the reason in the suite name) only when tmux is not installed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pane, TMUX, isolatedEnv, killLeftovers, removeScratch, requireBuild, run, scratch, serve, type Env, type ServeHandle } from './helpers.js';

const ESC = '\u001b[';

/** Only what the pane needs: the dirs and the variables under test (the rest is the pane's own). */
function paneVars(env: Env, extra: Env = {}): Env {
  const vars: Env = {};
  for (const [key, value] of Object.entries(env)) if (key.startsWith('STORE_CLI_')) vars[key] = value;
  return { ...vars, ...extra };
}

const title = TMUX ? 'in a real terminal (tmux)' : 'in a real terminal: SKIPPED, tmux is not installed (.ci/run must install it)';

describe.skipIf(!TMUX)(title, () => {
  const panes: Pane[] = [];
  const dir = scratch().root;
  let sandbox: ServeHandle;

  const start = (args: string[], vars: Env) => {
    const pane = Pane.start(args, vars, dir);
    panes.push(pane);
    return pane;
  };

  beforeAll(async () => {
    requireBuild();
    sandbox = await serve(['--json', '--quiet', '--token', 'e2e-secret-token-4321']);
  });
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.kill();
  });
  afterAll(async () => {
    await sandbox?.stop();
    killLeftovers();
    removeScratch();
  });

  it('--sandbox giftcard search: a table with a header row, in colour', async () => {
    const pane = start(['--sandbox', 'giftcard', 'search', '--status', 'enabled'], paneVars(isolatedEnv()));
    expect(await pane.exitCode()).toBe(0);
    const screen = pane.screen();
    expect(screen).toMatch(/^ID\s+LAST4\s+BALANCE\s+CURRENCY\s+STATUS\s+EXPIRES\b/m);
    expect(screen).toMatch(/^\d+\s+[A-Z0-9]{4}\s+\d+\.\d{2}\s+USD\s+enabled\b/m);
    expect(screen).not.toMatch(/\t/);
    expect(pane.screen(true)).toContain(ESC);
  });

  it('NO_COLOR=1: the same table without a single escape sequence', async () => {
    const pane = start(['--sandbox', 'giftcard', 'search', '--status', 'enabled'], paneVars(isolatedEnv(), { NO_COLOR: '1' }));
    expect(await pane.exitCode()).toBe(0);
    expect(pane.screen()).toMatch(/^ID\s+LAST4\s+BALANCE\s+CURRENCY\s+STATUS\b/m);
    expect(pane.screen(true)).not.toContain(ESC);
  });

  it('auth login: a token prompt that does not echo, then the profile is saved', async () => {
    const env = isolatedEnv();
    const pane = start(['auth', 'login', '--base-url', sandbox.baseUrl], paneVars(env));
    await pane.waitFor(/Access token/);
    pane.type('e2e-secret-token-4321');
    expect(pane.screen()).not.toContain('e2e-secret');
    pane.press('Enter');
    expect(await pane.exitCode()).toBe(0);
    const screen = pane.screen();
    expect(screen).toMatch(/Logged in/);
    expect(screen).not.toContain('e2e-secret'); // never echoed, never printed whole
    expect(screen).toContain('4321'); // the last four, to tell tokens apart

    const file = join(env.STORE_CLI_CONFIG_DIR!, 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, { baseUrl: string; token: string }> };
    expect(config.profiles.default).toEqual({ baseUrl: sandbox.baseUrl, token: 'e2e-secret-token-4321' });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The saved profile is used without any environment.
    const count = await run(['giftcard', 'count', '--json'], { env });
    expect(count.code, count.stderr).toBe(0);
  });

  it('giftcard disable asks first: n exits 2 and sends nothing, y disables', async () => {
    const created = await run(['giftcard', 'create', '--initial-value', '5', '--json', 'id'], { env: sandbox.env() });
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const status = async () => {
      const r = await run(['giftcard', 'get', id], { env: sandbox.env() });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.match(/^STATUS\t(\w+)$/m)?.[1];
    };
    const vars = paneVars(sandbox.env());

    const no = start(['giftcard', 'disable', id], vars);
    await no.waitFor(new RegExp(`Disable gift card ${id}\\?.*\\(y/N\\)`));
    no.type('n');
    no.press('Enter');
    expect(await no.exitCode()).toBe(2);
    expect(no.screen()).toMatch(/nothing was sent/);
    expect(await status()).toBe('enabled');

    const yes = start(['giftcard', 'disable', id], vars);
    await yes.waitFor(/\(y\/N\)/);
    yes.type('y');
    yes.press('Enter');
    expect(await yes.exitCode()).toBe(0);
    expect(yes.screen()).toMatch(/^STATUS\s+disabled$/m);
    expect(await status()).toBe('disabled');
  });
});
