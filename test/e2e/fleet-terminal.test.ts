// A protected store's question in a real terminal (tmux): asked before the first write,
// naming the shop's name and domain, on a line of its own (the command's spinner stopped
// for it, not drawing over it); no sends nothing. Skipped only when tmux is not installed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pane, TMUX, killLeftovers, removeScratch, requireBuild, run, scratch, serve, type Env, type ServeHandle } from '../helpers/cli-spawn.js';
import { suiteNeeds } from '../helpers/needs.js';

const title = suiteNeeds('a protected store in a real terminal (tmux)', 'tmux', TMUX);

describe.skipIf(!TMUX)(title, () => {
  const panes: Pane[] = [];
  const dir = scratch().root;
  let sandbox: ServeHandle;

  beforeAll(async () => {
    requireBuild();
    sandbox = await serve(['--json', '--quiet', '--shop-name', 'EU Shop', '--shop-domain', 'eu-shop.genmystore.com']);
  });
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.kill();
  });
  afterAll(async () => {
    await sandbox?.stop();
    killLeftovers();
    removeScratch();
  });

  it('asks naming the shop; n exits 2 and nothing is created; y creates', async () => {
    const project = join(dir, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'store.toml'), '[store]\nenv = "prod-eu"\n[environments.prod-eu]\nprofile = "prod-eu"\nprotected = true\n');
    const vars: Env = {};
    for (const [key, value] of Object.entries(sandbox.env())) if (key.startsWith('STORE_CLI_')) vars[key] = value;
    const count = async () => (await run(['giftcard', 'count'], { env: sandbox.env() })).stdout.trim();
    const before = await count();

    const no = Pane.start(['giftcard', 'create', '--initial-value', '5'], vars, dir, {}, { columns: 120, rows: 40 }, project);
    panes.push(no);
    await no.waitFor(/Write to 'EU Shop' \(eu-shop\.genmystore\.com\), environment 'prod-eu', which is protected\? \(y\/N\)/);
    // A spinner left running would redraw its frame every 80 ms over the question: give it time to.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(no.screen()).toContain('which is protected? (y/N)');
    expect(no.screen()).not.toMatch(/Creating the gift card/);
    no.type('n');
    no.press('Enter');
    expect(await no.exitCode()).toBe(2);
    expect(no.screen()).toMatch(/nothing was sent/);
    expect(await count()).toBe(before);

    const yes = Pane.start(['giftcard', 'create', '--initial-value', '5'], vars, dir, {}, { columns: 120, rows: 40 }, project);
    panes.push(yes);
    await yes.waitFor(/\(y\/N\)/);
    yes.type('y');
    yes.press('Enter');
    expect(await yes.exitCode()).toBe(0);
    expect(await count()).toBe(String(Number(before) + 1));
  });
});
