// Spinners and progress are talk for a person: on stderr, and only when stderr is a
// terminal. A gate (a proxy in front of a spawned sandbox that holds requests until the
// test opens it) keeps a request pending for as long as the test needs to look, so
// nothing here depends on how fast the machine is.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pane, TMUX, killLeftovers, removeScratch, requireBuild, run, scratch, until, type Env } from '../helpers/cli-spawn.js';
import { host, type HostedStore } from '../helpers/hosted-store.js';
import { suiteNeeds } from '../helpers/needs.js';

const ESC = '\u001b';
/** A frame of ora's spinner: braille dots, or the ASCII line where Unicode is not supported. */
const FRAME = String.raw`[\u2800-\u28ff]|[-\\|/]`;

/** Holds every request but the first `passing` until open() (then forwards them all, and later ones at once). */
class Gate {
  private held: (() => void)[] = [];
  private opened = false;
  arrived = 0;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(upstream: string, passing = 0): Promise<Gate> {
    let gate: Gate | undefined;
    const server = createServer((request, response) => {
      gate!.arrived += 1;
      const forward = () => void Gate.forward(upstream, request, response);
      if (gate!.opened || gate!.arrived <= passing) forward();
      else gate!.held.push(forward);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the gate has no port');
    gate = new Gate(server, `http://127.0.0.1:${address.port}`);
    return gate;
  }

  private static async forward(upstream: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(key)) headers[key] = value;
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${upstream}${request.url}`, { method: request.method!, headers, ...(body ? { body } : {}) });
    const sent: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(key)) sent[key] = value;
    });
    response.writeHead(answer.status, sent);
    response.end(Buffer.from(await answer.arrayBuffer()));
  }

  /** Resolves once `count` requests have reached the gate (held or not). */
  reached(count = 1): Promise<number> {
    return until(
      () => (this.arrived >= count ? this.arrived : undefined),
      15_000,
      () => `${count} request(s) never reached the gate (${this.arrived} did)`,
    );
  }

  open(): void {
    this.opened = true;
    for (const forward of this.held.splice(0)) forward();
  }

  close(): Promise<void> {
    this.open();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What the pane's command needs: the dirs, and this gate as the store. */
function storeVars(sandbox: HostedStore, gate: Gate, extra: Env = {}): Env {
  const vars: Env = {};
  for (const [key, value] of Object.entries(sandbox.env({ STORE_CLI_BASE_URL: gate.url }))) if (key.startsWith('STORE_CLI_')) vars[key] = value;
  return { ...vars, ...extra };
}

const title = suiteNeeds('spinners and progress (tmux)', 'tmux', TMUX);

describe.skipIf(!TMUX)(title, () => {
  const dir = scratch().root;
  const panes: Pane[] = [];
  const gates: Gate[] = [];
  let sandbox: HostedStore;

  const gate = async (passing = 0, upstream = sandbox.baseUrl) => {
    const g = await Gate.start(upstream, passing);
    gates.push(g);
    return g;
  };
  const start = (args: string[], vars: Env, redirect: { stdout?: string; stderr?: string } = {}) => {
    const pane = Pane.start(args, vars, dir, redirect);
    panes.push(pane);
    return pane;
  };

  beforeAll(async () => {
    requireBuild();
    sandbox = await host({ seed: 'demo' });
  });
  afterEach(async () => {
    for (const pane of panes.splice(0)) pane.kill();
    await Promise.all(gates.splice(0).map((g) => g.close()));
  });
  afterAll(async () => {
    await sandbox?.stop();
    killLeftovers();
    removeScratch();
  });

  it('a pending request spins on stderr in a terminal; stdout (a file) gets only the data', async () => {
    const g = await gate();
    const out = join(dir, 'count.out');
    const pane = start(['giftcard', 'count'], storeVars(sandbox, g), { stdout: out });
    const first = await pane.waitFor(new RegExp(`(${FRAME}) Counting gift cards…`), 15_000);
    // It turns: another frame replaces the first while the request is still held.
    await pane.waitFor(new RegExp(`(?!${first[1]!.replace(/[\\|/-]/g, '\\$&')})(${FRAME}) Counting gift cards…`), 15_000);
    g.open();
    expect(await pane.exitCode(15_000)).toBe(0);
    expect(pane.screen()).not.toMatch(/Counting gift cards/); // cleared once done
    const data = readFileSync(out, 'utf8');
    expect(data).toMatch(/^\d+\n$/);
  });

  it('stderr redirected to a file: no spinner, no escape sequence, while stdout stays a coloured table', async () => {
    const g = await gate();
    const err = join(dir, 'search.err');
    const pane = start(['giftcard', 'search', '--status', 'enabled'], storeVars(sandbox, g), { stderr: err });
    // The spinner starts before the request is sent: once the request is held, any spinner
    // would have drawn its first frame already.
    await g.reached();
    g.open();
    expect(await pane.exitCode(15_000)).toBe(0);
    expect(pane.screen()).toMatch(/^ID\s+LAST4\s+BALANCE\b/m);
    expect(pane.screen(true)).toContain(`${ESC}[`);
    const talk = readFileSync(err, 'utf8');
    expect(talk).not.toContain(ESC);
    expect(talk).not.toContain('\r');
    expect(talk).not.toMatch(/Searching gift cards/);
  });

  it('piped: neither stream has a spinner, progress redraw or colour', async () => {
    const g = await gate();
    const env = sandbox.env({ STORE_CLI_BASE_URL: g.url, FORCE_COLOR: '1' });
    const csv = join(dir, 'values.csv');
    writeFileSync(
      csv,
      ['domain,bizId,namespace,code,value', ...Array.from({ length: 20 }, (_, i) => `products,${9_100_000 + i},custom,material,cotton ${i}`)].join('\n') + '\n',
    );

    const search = run(['giftcard', 'search', '--status', 'enabled'], { env, timeoutMs: 30_000 });
    await g.reached();
    // Held long enough for a spinner to have turned several times, had one started.
    await new Promise((resolve) => setTimeout(resolve, 400));
    g.open();
    const listed = await search;
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^\d+\t/m);
    for (const text of [listed.stdout, listed.stderr]) {
      expect(text).not.toContain(ESC);
      expect(text).not.toContain('\r');
    }
    expect(listed.stderr).not.toMatch(/Searching gift cards/);

    const held = await gate();
    const imported = run(['metafield', 'import', csv], { env: { ...env, STORE_CLI_BASE_URL: held.url }, timeoutMs: 30_000 });
    await held.reached();
    // A live progress line is redrawn every quarter second: give it a few chances to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    held.open();
    const result = await imported;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Imported .*20 rows/);
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).not.toContain(ESC);
  });

  it('an export to a file shows what it has read on a line of its own while it runs, and wipes it at the end', { timeout: 60_000 }, async () => {
    // 300 cards: two pages of 250; the second is held while the screen is read.
    const seed = join(dir, 'cards-seed.json');
    const giftCards = Array.from({ length: 300 }, (_, i) => ({
      id: String(4_200_000_000_000_000_000n + BigInt(i)),
      code: `PROGRESS${String(i).padStart(5, '0')}`,
      initialValue: '5.00',
      createTime: '2026-01-02T03:04:05Z',
    }));
    writeFileSync(seed, JSON.stringify({ giftCards }));
    const cards = await host({ seed });
    try {
      const g = await gate(1, cards.baseUrl);
      const out = join(dir, 'cards.csv');
      const pane = start(['giftcard', 'export', '--output', out], storeVars(cards, g));
      await g.reached(2);
      await pane.waitFor(/^export: 250 gift cards · [\d,]+\/s · \d+s\s*$/m, 15_000);
      g.open();
      expect(await pane.exitCode(15_000)).toBe(0);
      expect(pane.screen()).not.toMatch(/^export:/m);
      expect(pane.screen()).toMatch(new RegExp(`^Exported 300 gift cards to ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\.$`, 'm'));
      expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(301);
    } finally {
      await cards.stop();
    }
  });

  it('an export whose rows are drawn on the terminal draws no progress line among them', { timeout: 60_000 }, async () => {
    const g = await gate();
    const pane = start(['giftcard', 'export'], storeVars(sandbox, g));
    await g.reached();
    // Held long enough for a progress line to have been drawn several times, had one started.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pane.screen()).not.toMatch(/export: /);
    g.open();
    expect(await pane.exitCode(15_000)).toBe(0);
    expect(pane.screen()).toMatch(/^code,initialValue,/m);
    expect(pane.screen()).not.toMatch(/export: /);
  });
});
