// An 80x24 terminal, through tmux: order list and doctor draw one screen line for each line
// they write, none wrapped by the terminal (the in-process walk of every listing,
// test/commands/terminal-width.test.ts, measures what they write; this is what a person sees).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pane, TMUX, isolatedEnv, killLeftovers, removeScratch, requireBuild, scratch, type Env } from '../helpers/cli-spawn.js';
import { suiteNeeds } from '../helpers/needs.js';

/** Only what the pane needs: the dirs, and no colour (the screen is compared as text). */
function paneVars(): Env {
  const vars: Env = { NO_COLOR: '1' };
  for (const [key, value] of Object.entries(isolatedEnv())) if (key.startsWith('STORE_CLI_')) vars[key] = value;
  return vars;
}

describe.skipIf(!TMUX)(suiteNeeds('an 80x24 terminal (tmux)', 'tmux', TMUX), () => {
  const panes: Pane[] = [];
  const dir = scratch().root;

  beforeAll(requireBuild);
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.kill();
  });
  afterAll(() => {
    killLeftovers();
    removeScratch();
  });

  /** What the command drew, every line since it started (scrolled off the top too) from its table's header, and the same with wrapped lines joined. */
  async function drawn(args: string[]): Promise<{ lines: string[]; joined: string[] }> {
    const pane = Pane.start(['--sandbox', ...args], paneVars(), dir, {}, { columns: 80, rows: 24 });
    panes.push(pane);
    expect(await pane.exitCode(30_000), pane.screen()).toBe(0);
    const text = (joined: boolean) =>
      pane
        .screen(false, joined, true)
        .split('\n')
        .map((line) => line.trimEnd());
    // From the table's header (the --sandbox notice on stderr comes first) to the line the pane adds.
    const all = text(false);
    const lines = all.slice(
      all.findIndex((line) => /^[A-Z]+ {2}/.test(line)),
      all.indexOf('EXIT=0'),
    );
    const joined = text(true);
    return { lines, joined: joined.slice(joined.indexOf(lines[0]!)) };
  }

  it('order list: a line an order, ID, NAME, CREATED, PAYMENT, FULFILMENT and TOTAL, none wrapped', async () => {
    const { lines, joined } = await drawn(['order', 'list']);
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'CREATED', 'PAYMENT', 'FULFILMENT', 'TOTAL']);
    const rows = lines.slice(1);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row).toMatch(/^6\d{18}\s+#\d{4}\s+\d{4}-\d\d-\d\d\s+\S+\s+\S+\s+\d+\.\d\d$/);
    // The terminal wrapped nothing: joined, the lines are the same lines.
    expect(joined.slice(0, lines.length)).toEqual(lines);
  });

  it('doctor: each check on its line, its detail and hint under it, whole, none wrapped', async () => {
    const { lines, joined } = await drawn(['doctor']);
    expect(lines.length).toBeGreaterThan(24); // it scrolled: the lines above were read back too
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['CHECK', 'STATUS']);
    const checks = lines.filter((line, i) => i > 0 && !line.startsWith(' '));
    expect(checks.map((line) => line.split(/\s{2,}/)[0])).toEqual([
      'reachable',
      'tls',
      'header family',
      'token',
      'shop',
      'scopes',
      'api version',
      'rate limit',
      'link',
      'id and time forms',
      'product listing',
      'protected fields',
    ]);
    const hint = lines.findIndex((line) => line.startsWith('    hint: '));
    expect(hint, lines.join('\n')).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(joined.slice(0, lines.length)).toEqual(lines);
  });
});
