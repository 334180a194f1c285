// A command run across stores (--env a,b, --env 'sb-*', --group): once a store, each its own
// run, the output gathered (a STORE column, --json's entries, --jsonl's env), exit 3 when
// some store failed. Three real sandboxes play sb-a, sb-b and sb-c (every request of sb-c
// fails); what reached each is read from its own request log.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, scratchDir } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { requestLog, stripAnsi } from '../_support.js';
import { newProducts, productCount } from '../undo/_runs.js';

const DEMO_CARDS = 8;

describe('a command across stores', () => {
  const logs = { a: requestLog(), b: requestLog(), c: requestLog() };
  const a = useSandbox({ seed: 'demo', onRequest: logs.a.hook, shopName: 'Shop A', shopDomain: 'a.example.com' });
  const b = useSandbox({ seed: 'demo', onRequest: logs.b.hook, shopName: 'Shop B', shopDomain: 'b.example.com' });
  const c = useSandbox({ seed: 'demo', onRequest: logs.c.hook, failRate: 1, failSeed: 1 });
  // sb-c's faults are retried with backoff: in simulated time.
  const clock = () => new SimClock().autoAdvance();

  /** A folder with store.toml's sb-a, sb-b, sb-c (and a group of the first two), and the config dirs whose profiles point at the sandboxes. */
  function fleet(extra = ''): { cwd: string; env: Record<string, string> } {
    const root = scratchDir();
    const env = { STORE_CLI_CONFIG_DIR: join(root, 'config'), STORE_CLI_DATA_DIR: join(root, 'data') };
    mkdirSync(env.STORE_CLI_CONFIG_DIR, { recursive: true });
    const profile = (s: typeof a) => ({ baseUrl: s.sandbox.baseUrl, token: s.sandbox.token });
    writeFileSync(join(env.STORE_CLI_CONFIG_DIR, 'config.json'), JSON.stringify({ profiles: { 'sb-a': profile(a), 'sb-b': profile(b), 'sb-c': profile(c) } }));
    const cwd = join(root, 'shop');
    mkdirSync(cwd);
    writeFileSync(
      join(cwd, 'store.toml'),
      [
        '[environments.sb-a]\nprofile = "sb-a"',
        `[environments.sb-b]\nprofile = "sb-b"\n${extra}`,
        '[environments.sb-c]\nprofile = "sb-c"',
        '[groups]\nhealthy = ["sb-a", "sb-b"]\n',
      ].join('\n\n'),
    );
    return { cwd, env: { ...env, STORE_CLI_BRAND: a.env.STORE_CLI_BRAND! } };
  }

  const clearLogs = () => Object.values(logs).forEach((log) => log.clear());
  const writesTo = async (log: ReturnType<typeof requestLog>) => (await log.take()).filter((q) => q.method !== 'GET');

  it("giftcard search --env 'sb-*' --json: 3 entries, sb-c with its error, exit 3", async () => {
    const { cwd, env } = fleet();
    const r = await cli(['giftcard', 'search', '--env', 'sb-*', '--json'], { cwd, env, clock: clock() });
    expect(r.code, r.stderr).toBe(3);
    const entries = JSON.parse(r.stdout) as Array<{ env: string; shop: string; exitCode: number; result?: unknown[]; error?: string }>;
    expect(entries.map((e) => [e.env, e.exitCode === 0])).toEqual([
      ['sb-a', true],
      ['sb-b', true],
      ['sb-c', false],
    ]);
    expect(entries[0]!.result).toHaveLength(DEMO_CARDS);
    expect(entries[1]!.result).toHaveLength(DEMO_CARDS);
    expect(entries[0]!.shop).toBe('127.0.0.1'); // no expect_domain: the profile's host
    expect(entries[2]).not.toHaveProperty('result');
    expect(entries[2]!.exitCode).toBeGreaterThan(0);
    expect(entries[2]!.error).toMatch(/\S/);
    expect(entries[0]).not.toHaveProperty('error');
    // Each store's own failure on stderr, after its name.
    expect(r.stderr).toMatch(/^sb-c: error: /m);
  });

  it('piped rows gain a leading store column; --group names the stores', async () => {
    const { cwd, env } = fleet();
    const r = await cli(['giftcard', 'search', '--group', 'healthy'], { cwd, env });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n').filter((row) => row !== '');
    expect(rows).toHaveLength(2 * DEMO_CARDS);
    expect(rows.filter((row) => row.startsWith('sb-a\t'))).toHaveLength(DEMO_CARDS);
    expect(rows.filter((row) => row.startsWith('sb-b\t'))).toHaveLength(DEMO_CARDS);
    // The rest of each row is the store's own TSV row.
    const alone = await cli(['--env', 'sb-a', 'giftcard', 'search'], { cwd, env });
    expect(rows.filter((row) => row.startsWith('sb-a\t')).map((row) => row.slice('sb-a\t'.length))).toEqual(
      alone.stdout.split('\n').filter((row) => row !== ''),
    );
  });

  it('in a terminal, one table whose first column is STORE', async () => {
    const { cwd, env } = fleet();
    const r = await cli(['giftcard', 'search', '--env', 'sb-a,sb-b', '--no-color'], { cwd, env, tty: true, columns: 160 });
    expect(r.code, r.stderr).toBe(0);
    const lines = stripAnsi(r.stdout).trim().split('\n');
    expect(lines[0]).toMatch(/^STORE\s+ID\s/);
    expect(lines.filter((l) => l.startsWith('sb-a '))).toHaveLength(DEMO_CARDS);
    expect(lines.filter((l) => l.startsWith('sb-b '))).toHaveLength(DEMO_CARDS);
    expect(lines).toHaveLength(1 + 2 * DEMO_CARDS);
    // A forced terminal (and forced colour) is this run's: each store's own run still writes plain rows to gather.
    const forced = await cli(['giftcard', 'search', '--env', 'sb-a,sb-b'], { cwd, env: { ...env, STORE_CLI_FORCE_TTY: '160', CLICOLOR_FORCE: '1' } });
    expect(forced.code, forced.stderr).toBe(0);
    expect(stripAnsi(forced.stdout).trim().split('\n')).toEqual(lines);
  });

  it('--jsonl: one line a record, each with its env', async () => {
    const { cwd, env } = fleet();
    const r = await cli(['giftcard', 'search', '--env', 'sb-b,sb-a', '--jsonl'], { cwd, env });
    expect(r.code, r.stderr).toBe(0);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: string; id: string });
    expect(records).toHaveLength(2 * DEMO_CARDS);
    // In the order named.
    expect(records.slice(0, DEMO_CARDS).every((x) => x.env === 'sb-b')).toBe(true);
    expect(records.slice(DEMO_CARDS).every((x) => x.env === 'sb-a')).toBe(true);
    expect(records[0]!.id).toMatch(/^\d+$/);
  });

  it('a write across stores: refused without a terminal and --yes (nothing sent); --yes writes each store once', async () => {
    const { cwd, env } = fleet();
    const create = ['giftcard', 'create', '--initial-value', '5', '--env', 'sb-a,sb-b', '--json'];
    clearLogs();
    const refused = await cli(create, { cwd, env });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain('write to 2 stores (sb-a (127.0.0.1), sb-b (127.0.0.1))');
    expect(await writesTo(logs.a)).toEqual([]);
    expect(await writesTo(logs.b)).toEqual([]);

    const written = await cli([...create, '--yes'], { cwd, env });
    expect(written.code, written.stderr).toBe(0);
    const entries = JSON.parse(written.stdout) as Array<{ env: string; result: { balance: string } }>;
    expect(entries.map((e) => [e.env, e.result.balance])).toEqual([
      ['sb-a', '5.00'],
      ['sb-b', '5.00'],
    ]);
    expect(await writesTo(logs.a)).toHaveLength(1);
    expect(await writesTo(logs.b)).toHaveLength(1);
  });

  it('in a terminal the one question names every store; no writes nothing', async () => {
    const { cwd, env } = fleet();
    clearLogs();
    const no = await liveCli(['giftcard', 'create', '--initial-value', '5', '--group', 'healthy'], { cwd, env, tty: true, stdin: 'n\n' }).done;
    expect(no.code, no.stderr).toBe(2);
    expect(stripAnsi(no.stderr)).toContain('Write to 2 stores: sb-a (127.0.0.1), sb-b (127.0.0.1)?');
    expect(await writesTo(logs.a)).toEqual([]);
    expect(await writesTo(logs.b)).toEqual([]);
  });

  it("each store's guard still applies: a protected store needs its domain in --confirm-store", async () => {
    const { cwd, env } = fleet('protected = true');
    const create = ['giftcard', 'create', '--initial-value', '5', '--group', 'healthy', '--yes', '--json'];
    clearLogs();
    const partly = await cli(create, { cwd, env });
    expect(partly.code, partly.stderr).toBe(3);
    const entries = JSON.parse(partly.stdout) as Array<{ env: string; exitCode: number; error?: string }>;
    expect(entries.map((e) => [e.env, e.exitCode])).toEqual([
      ['sb-a', 0],
      ['sb-b', 2],
    ]);
    expect(entries[1]!.error).toContain("Environment 'sb-b' is protected");
    expect(await writesTo(logs.a)).toHaveLength(1);
    expect(await writesTo(logs.b)).toEqual([]);

    const both = await cli([...create, '--confirm-store', 'b.example.com,a.example.com'], { cwd, env });
    expect(both.code, both.stderr).toBe(0);
    expect(await writesTo(logs.b)).toHaveLength(1);
  });

  it('--fail-fast: no store starts once one failed', async () => {
    const { cwd, env } = fleet();
    clearLogs();
    const r = await cli(['giftcard', 'count', '--env', 'sb-c,sb-a', '--parallel', '1', '--fail-fast', '--json'], { cwd, env, clock: clock() });
    expect(r.code, r.stderr).toBe(3);
    const entries = JSON.parse(r.stdout) as Array<{ env: string; exitCode: number | null; error?: string }>;
    expect(entries[1]).toEqual({ env: 'sb-a', shop: '127.0.0.1', exitCode: null, error: 'not run: --fail-fast stopped the run after sb-c failed' });
    expect(await logs.a.take()).toEqual([]);
    // Without it, every store runs.
    const all = await cli(['giftcard', 'count', '--env', 'sb-c,sb-a', '--parallel', '1', '--json'], { cwd, env, clock: clock() });
    expect(all.code).toBe(3);
    expect((JSON.parse(all.stdout) as Array<{ result?: { count: number } }>)[1]!.result!.count).toBeGreaterThanOrEqual(DEMO_CARDS);
    expect((await logs.a.take()).length).toBeGreaterThan(0);
  });

  it('an import across stores keeps a run a store under one group id; undo GROUP-ID takes every store back', async () => {
    const { cwd, env } = fleet();
    const before = [await productCount(a.sandbox), await productCount(b.sandbox)];
    const imported = await cli(['product', 'import', newProducts('fleet', 3), '--group', 'healthy', '--yes', '--json'], { cwd, env });
    expect(imported.code, imported.stderr).toBe(0);
    const group = /^Group (g-\S+): undo every store's run with store-cli undo \1$/m.exec(imported.stderr)?.[1];
    expect(group).toMatch(/^g-\d{8}T\d{6}Z-[0-9a-f]{4}$/);
    const entries = JSON.parse(imported.stdout) as Array<{ env: string; result: { runId: string } }>;
    const runIds = entries.map((e) => e.result.runId);
    expect(new Set(runIds).size).toBe(2);
    expect([await productCount(a.sandbox), await productCount(b.sandbox)]).toEqual([before[0]! + 3, before[1]! + 3]);

    // From anywhere (no store.toml needed): each run on the profile its journal names.
    const undone = await cli(['undo', group!, '--yes', '--json'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    const counts = JSON.parse(undone.stdout) as Array<{ runId: string; profile: string; deleted: number }>;
    expect(counts.map((c) => [c.runId, c.profile, c.deleted]).sort()).toEqual(
      [
        [runIds[0], 'sb-a', 3],
        [runIds[1], 'sb-b', 3],
      ].sort(),
    );
    expect([await productCount(a.sandbox), await productCount(b.sandbox)]).toEqual(before);
    // Again: nothing left to undo, every key as before.
    const again = await cli(['undo', group!, '--yes', '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as Array<{ deleted: number }>).map((c) => c.deleted)).toEqual([0, 0]);
    const unknown = await cli(['undo', 'g-20200101T000000Z-abcd', '--yes'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No run of group g-20200101T000000Z-abcd is kept');
  });

  it('stores named wrongly, or one store named beside several, exit 2 before any request', async () => {
    const { cwd, env } = fleet();
    clearLogs();
    for (const [argv, said, extraEnv] of [
      [['--env', 'sb-a,sb-x'], "--env names environment 'sb-x', which"],
      [['--env', 'prod-*'], '--env prod-* matches no environment'],
      [['--group', 'prod'], '--group prod: '],
      [['--group', 'healthy', '--env', 'sb-a'], '--env and --group both name the stores'],
      [['--group', 'healthy', '--profile', 'sb-a'], '--profile names one store'],
      [['--parallel', '2'], '--parallel is for a run across stores'],
      [['--group', 'healthy', 'product', 'import', 'x.csv', '--rejects', 'rejects.csv'], '--rejects names a file every store'],
      [['--group', 'healthy', 'metafield', 'export', '--all', '--output', 'values.csv'], '--output names a file every store'],
      [['--group', 'healthy', 'product', 'import', '-'], 'A run across stores cannot read stdin (-)'],
      [['--env', 'sb-*'], 'STORE_CLI_BASE_URL is set', { STORE_CLI_BASE_URL: a.sandbox.baseUrl }],
    ] as const) {
      const words: readonly string[] = argv;
      const r = await cli(words.some((w) => w === 'import' || w === 'export') ? [...words] : [...words, 'giftcard', 'count'], {
        cwd,
        env: { ...env, ...extraEnv },
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.stdout).toBe('');
    }
    for (const log of Object.values(logs)) expect(await log.take()).toEqual([]);
  });
});
