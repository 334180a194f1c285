// A real terminal, through tmux: tables and colour, hidden token input, confirmations.
// Skipped (with the reason in the suite name) only when tmux is not installed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pane, TMUX, api, isolatedEnv, killLeftovers, removeScratch, requireBuild, run, scratch, type Env } from '../helpers/cli-spawn.js';
import { host, type HostedStore } from '../helpers/hosted-store.js';
import { HOSTILE, HOSTILE_SHOWN, useHostileStore } from '../helpers/hostile-store.js';
import { suiteNeeds } from '../helpers/needs.js';

const ESC = '\u001b[';

/** Only what the pane needs: the dirs and the variables under test (the rest is the pane's own). */
function paneVars(env: Env, extra: Env = {}): Env {
  const vars: Env = {};
  for (const [key, value] of Object.entries(env)) if (key.startsWith('STORE_CLI_')) vars[key] = value;
  return { ...vars, ...extra };
}

const title = suiteNeeds('in a real terminal (tmux)', 'tmux', TMUX);

describe.skipIf(!TMUX)(title, () => {
  const panes: Pane[] = [];
  const dir = scratch().root;
  let sandbox: HostedStore;
  // The demo set, hosted here: the tables' cards (a --sandbox run would start the embedded sandbox
  // in each process; the README's own command below does).
  let demo: HostedStore;
  // A store that sends escape sequences in its gift card notes (test/helpers/hostile-store.ts).
  const hostile = useHostileStore(() => ({ baseUrl: sandbox.baseUrl, token: sandbox.token }));

  const start = (args: string[], vars: Env, redirect: { stdout?: string; stderr?: string } = {}) => {
    const pane = Pane.start(args, vars, dir, redirect);
    panes.push(pane);
    return pane;
  };

  beforeAll(async () => {
    requireBuild();
    sandbox = await host({ tokens: ['e2e-secret-token-4321'] });
    demo = await host({ seed: 'demo' });
  });
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.kill();
  });
  afterAll(async () => {
    await sandbox?.stop();
    await demo?.stop();
    killLeftovers();
    removeScratch();
  });

  it('giftcard search: a table with a header row, in colour', async () => {
    const pane = start(['giftcard', 'search', '--status', 'enabled'], paneVars(demo.env()));
    expect(await pane.exitCode()).toBe(0);
    const screen = pane.screen();
    expect(screen).toMatch(/^ID\s+LAST4\s+BALANCE\s+CURRENCY\s+STATUS\s+EXPIRES\b/m);
    expect(screen).toMatch(/^\d+\s+[A-Z0-9]{4}\s+\d+\.\d{2}\s+USD\s+enabled\b/m);
    expect(screen).not.toMatch(/\t/);
    expect(pane.screen(true)).toContain(ESC);
  });

  it("an 80x50 terminal, NO_COLOR=1: the README's first command prints one line a card, ids and amounts whole, without a single escape sequence", async () => {
    const args = ['--sandbox', 'giftcard', 'search', '--status', 'enabled'];
    const pane = Pane.start(args, paneVars(isolatedEnv(), { NO_COLOR: '1' }), dir, {}, { columns: 80, rows: 50 });
    panes.push(pane);
    expect(await pane.exitCode()).toBe(0);
    // The cards as TSV, from the same demo set hosted here: what each screen line must show.
    const piped = await run(args.slice(1), { env: demo.env() });
    expect(piped.code, piped.stderr).toBe(0);
    const cards = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(cards.length).toBeGreaterThan(3);
    // The screen as drawn: the header, then exactly one screen line per card, none wrapped by the terminal.
    const screen = pane.screen().split('\n');
    const header = screen.findIndex((line) => line.startsWith('ID '));
    expect(header, pane.screen()).toBeGreaterThanOrEqual(0);
    expect(screen[header]!.trimEnd().split(/\s{2,}/)).toEqual(['ID', 'LAST4', 'BALANCE', 'CURRENCY', 'STATUS', 'NOTE']);
    const rows = screen.slice(header + 1, header + 1 + cards.length);
    expect(screen[header + 1 + cards.length], pane.screen()).toBe('EXIT=0');
    rows.forEach((row, i) => {
      const [id, last4, balance, currency, status] = cards[i]!;
      expect(row).toMatch(new RegExp(`^${id}\\s+${last4}\\s+${balance!.replace('.', '\\.')}\\s+${currency}\\s+${status}\\b`));
      expect(row.trimEnd().length).toBeLessThanOrEqual(80);
    });
    // Joined lines are the same lines: the terminal wrapped none of them.
    const joined = pane.screen(false, true).split('\n');
    const at = joined.indexOf(screen[header]!);
    expect(joined.slice(at, at + 1 + cards.length)).toEqual(screen.slice(header, header + 1 + cards.length));
    expect(pane.screen(true)).not.toContain(ESC);
  });

  it("giftcard search: the table uses the terminal's width, more of the note at 160 columns than at 80, ids whole in both", async () => {
    const note = 'Holiday promotion card for a loyal customer; partly redeemed in store on 20 December.';
    const noteAt = async (columns: number) => {
      const pane = Pane.start(['giftcard', 'search', '--status', 'enabled'], paneVars(demo.env(), { NO_COLOR: '1' }), dir, {}, { columns, rows: 50 });
      panes.push(pane);
      expect(await pane.exitCode()).toBe(0);
      const lines = pane.screen(false, true).split('\n');
      const row = lines.find((line) => line.startsWith('4000000000000000011'));
      expect(row, pane.screen()).toBeDefined();
      // Both ids whole; at 80 columns the customer and expiry are left out so the row fits.
      expect(row).toMatch(
        columns > 90
          ? /^4000000000000000011\s+A7K2\s+62\.50\s+USD\s+enabled\s+2030-12-31\s+7300000000000000101\s+Holi/
          : /^4000000000000000011\s+A7K2\s+62\.50\s+USD\s+enabled\s+Holi/,
      );
      for (const line of pane.screen().split('\n')) expect(line.trimEnd().length).toBeLessThanOrEqual(columns);
      const shown = row!
        .trimEnd()
        .split(/\s{2,}/)
        .at(-1)!;
      expect(shown).toMatch(/…$/);
      expect(note.startsWith(shown.slice(0, -1))).toBe(true);
      return shown;
    };
    const narrow = await noteAt(80);
    const wide = await noteAt(160);
    expect(wide.length).toBeGreaterThan(narrow.length + 40);
  });

  it('auth login: a token prompt that does not echo, then the profile is saved', async () => {
    const env = isolatedEnv();
    const pane = start(['auth', 'login', '--base-url', sandbox.baseUrl], paneVars(env));
    await pane.waitFor(/Access token/);
    pane.type('e2e-secret-token-4321');
    expect(pane.screen()).not.toContain('e2e-secret');
    expect(pane.screen()).not.toMatch(/Access token.*[*•]/); // not even a mask that tells its length
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
    // The card made and its status read straight from the store: only the prompt is under test.
    const created = await api(sandbox, 'POST', '/gift_cards', { giftCard: { code: 'PROMPTCARD0001', initialValue: '5' } });
    expect(created.status).toBe(200);
    const id = String((created.json as { giftCard: { id: string | number } }).giftCard.id);
    const status = async () => {
      const r = await api(sandbox, 'GET', `/gift_cards/${id}`);
      expect(r.status).toBe(200);
      return (r.json as { giftCard: { disableTime?: string | null } }).giftCard.disableTime ? 'disabled' : 'enabled';
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

  it('--no-color: a table without escapes; an error stays red only where colour is allowed', async () => {
    const plain = start(['--no-color', 'giftcard', 'search', '--status', 'enabled'], paneVars(demo.env()));
    expect(await plain.exitCode()).toBe(0);
    expect(plain.screen()).toMatch(/^ID\s+LAST4\s+BALANCE\b/m);
    expect(plain.screen(true)).not.toContain(ESC);

    const red = start(['giftcard', 'get', '4000000000000009999'], paneVars(sandbox.env()));
    expect(await red.exitCode()).toBe(1);
    expect(red.screen()).toMatch(/^error: /m);
    expect(red.screen(true)).toContain(`${ESC}31m`);
    const calm = start(['giftcard', 'get', '4000000000000009999'], paneVars(sandbox.env(), { NO_COLOR: '1' }));
    expect(await calm.exitCode()).toBe(1);
    expect(calm.screen()).toMatch(/^error: /m);
    expect(calm.screen(true)).not.toContain(ESC);
  });

  it('stdout piped to a file from a terminal: tab-separated rows, no colour even with FORCE_COLOR', async () => {
    const out = join(dir, 'search.tsv');
    const pane = start(['giftcard', 'search', '--status', 'enabled'], paneVars(demo.env(), { FORCE_COLOR: '1' }), { stdout: out });
    expect(await pane.exitCode()).toBe(0);
    const rows = readFileSync(out, 'utf8');
    expect(rows).toMatch(/^\d+\t[A-Z0-9]{4}\t\d+\.\d{2}\tUSD\tenabled\t/m);
    expect(rows).not.toContain('\u001b');
    const piped = await run(['giftcard', 'search', '--status', 'enabled'], { env: demo.env({ FORCE_COLOR: '1' }) });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^\d+\t/m);
    expect(piped.stdout + piped.stderr).not.toContain('\u001b');
  });

  for (const output of [[], ['--output', '/dev/tty']]) {
    it(`giftcard export ${output.join(' ') || 'to stdout'} from a hostile store: its title and clear-screen sequences shown, not obeyed`, async () => {
      const card = (n: number) => ({
        id: `400000000000000900${n}`,
        lastCharacters: `HST${n}`,
        initialValue: '10.00',
        balance: '10.00',
        currency: 'USD',
        note: `${HOSTILE} note ${n}`,
      });
      hostile.use({ handle: (request) => (request.path.endsWith('/gift_cards/search') ? { body: { giftCards: [card(1), card(2)] } } : undefined) });
      const pane = start(['giftcard', 'export', ...output], paneVars(isolatedEnv(), { ...hostile.env, NO_COLOR: '1' }));
      expect(await pane.exitCode()).toBe(0);
      expect(pane.title()).not.toBe('pwned');
      const screen = pane.screen();
      // The header came before the first hostile note: still on screen, nothing cleared it.
      expect(screen).toMatch(/^code,initialValue,balance,currency,note,/m);
      expect(screen).toContain(`${HOSTILE_SHOWN.slice(0, '\\x1b]0;pwned\\x07\\x1b[2J'.length)}`);
      expect(screen).toMatch(/note 2/);
    });
  }
});
