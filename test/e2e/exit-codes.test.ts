// Exit codes end to end: the built binary against a `sandbox serve` child process, and the exit
// of a process whose reader closes the pipe (api --paginate | head), and inputs only a process
// is handed: stdin redirected from the file it imports, bytes that are not UTF-8 in argv.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, api, isolatedEnv, killLeftovers, readFirstChunkThenClose, removeScratch, requireBuild, run, runLogged, scratch } from '../helpers/cli-spawn.js';
import { host, type HostedStore } from '../helpers/hosted-store.js';
import { STACK_LINE } from '../helpers/stack-trace.js';
import { DIALECTS } from '../helpers/dialects.js';

let sandbox: HostedStore;

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

/** The store's gift card count, asked directly (not through the CLI under test). */
async function count(): Promise<number> {
  const r = await api(sandbox, 'GET', '/gift_cards/count');
  expect(r.status).toBe(200);
  return Number((r.json as { count: string | number }).count);
}

/** Runs a command that must send nothing: the sandbox logs no request between two markers around it. */
async function expectNothingSent(args: string[]) {
  const { requests, ...r } = await runLogged(sandbox, args);
  expect(requests, `requests sent by '${args.join(' ')}'`).toEqual([]);
  return r;
}

// What the process does whatever the store's dialect: refused before anything is sent, or no
// store to talk to. Every case of each (the documented constraints, both dialects) in-process:
// test/commands/giftcard/*.test.ts.
describe('exit codes of the process, whatever the dialect (spawned)', () => {
  beforeAll(async () => {
    sandbox = await host({ tokens: ['t'] });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('2: invalid input is refused locally, with the usage line, and nothing is sent', async () => {
    const before = await count();
    const r = await expectNothingSent(['giftcard', 'create', '--initial-value', 'ten dollars']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--initial-value/);
    expect(r.stderr).toMatch(/^Usage: store-cli giftcard create/m);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(await count()).toBe(before);
  });

  it('2: a destructive command without a terminal needs --yes, and sends nothing', async () => {
    const r = await expectNothingSent(['giftcard', 'disable', '4000000000000000001']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--yes/);
  });

  it('4: no credentials at all (no profile, no environment)', async () => {
    const r = await run(['giftcard', 'count']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/auth login/);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });

  it('1: nobody listening at the base URL', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const r = await run(['giftcard', 'count'], { env: isolatedEnv({ STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: 't' }) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

// What the store answers decides the exit: in each dialect.
describe.each(DIALECTS)('exit codes against a sandbox serve process (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sandbox = await host({ dialect, tokens: ['t', 'reader:read_gift_card'] });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('0: success, with data on stdout and nothing on stderr', async () => {
    const before = await count();
    const r = await run(['giftcard', 'create', '--initial-value', '25.00', '--note', 'e2e', '--json'], { env: sandbox.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const card = JSON.parse(r.stdout) as { id: unknown; balance: unknown; note: unknown };
    expect(typeof card.id).toBe('string');
    expect(card).toMatchObject({ balance: '25.00', note: 'e2e' });
    expect(await count()).toBe(before + 1);
  });

  it('4: a token the store refuses (401), and the token is not echoed', async () => {
    const r = await run(['giftcard', 'count'], { env: sandbox.env({ STORE_CLI_TOKEN: 'wrong-token-9876' }) });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/401/);
    expect(r.stderr).not.toContain('wrong-token-9876');
    expect(r.stderr).not.toMatch(STACK_LINE);
  });

  it('4: a token without the scope (403)', async () => {
    const write = await run(['giftcard', 'create', '--initial-value', '5'], { env: sandbox.env({ STORE_CLI_TOKEN: 'reader' }) });
    expect(write.code).toBe(4);
    expect(write.stderr).toMatch(/403/);
  });

  it('1: an unknown id (404), one sentence on stderr, no stack trace', async () => {
    const r = await run(['giftcard', 'get', '4999999999999999999'], { env: sandbox.env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/404/);
    expect(r.stderr).toContain('4999999999999999999');
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

describe('store-cli api --paginate | head', () => {
  let pages: HostedStore;

  beforeAll(async () => {
    pages = await host({ tokens: ['t'] });
    const batch = Array.from({ length: 200 }, (_, i) =>
      api(pages, 'POST', '/gift_cards', { giftCard: { code: `E2EAPIPG${String(i).padStart(5, '0')}`, initialValue: '1.00', note: 'n'.repeat(300) } }),
    );
    expect((await Promise.all(batch)).filter((r) => r.status !== 200)).toEqual([]);
  });
  afterAll(async () => {
    await pages?.stop();
  });

  it('stops fetching pages and exits 0 once stdout is closed', async () => {
    const { first, end, stderr } = await readFirstChunkThenClose(['api', 'GET', 'gift_cards/search', '--paginate', '-F', 'limit=2'], pages.env());
    expect(JSON.parse(first.split('\n')[0]!)).toHaveProperty('id');
    expect(end).toMatchObject({ code: 0, signal: null });
    expect(stderr).not.toMatch(STACK_LINE);
    const searches = pages.log().filter((line) => line.startsWith('GET /api/202412/gift_cards/search'));
    expect(searches.length).toBeLessThan(100);
  });
});

describe('inputs only a process is handed', () => {
  let inputs: HostedStore;
  const dir = scratch().root;
  beforeAll(async () => {
    inputs = await host({ tokens: ['e2e-inputs-token'] });
  });
  afterAll(async () => {
    await inputs?.stop();
  });

  /** Runs the CLI; `requests` are those the sandbox logged meanwhile. */
  const runSent = (args: string[], options: { stdinFile?: string } = {}) => runLogged(inputs, args, options);
  function csvFile(): { path: string; bytes: Buffer } {
    const path = join(dir, 'in.csv');
    const rows = Array.from({ length: 20 }, (_, i) => `products,${7_100_100 + i},ns,c,v${i}`);
    const bytes = Buffer.from(`domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
    writeFileSync(path, bytes);
    return { path, bytes };
  }

  it('stdin redirected from the file (- < in.csv, --rejects in.csv): exit 2, nothing sent, the input whole', async () => {
    const { path, bytes } = csvFile();
    const r = await runSent(['metafield', 'import', '-', '--rejects', path], { stdinFile: path });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`--rejects ${path} is the file stdin reads from`);
    expect(r.requests).toEqual([]);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('in a command-line value (Node hands it over as U+FFFD): exit 2 naming the flag, nothing sent', async () => {
    const before = inputs.log().length;
    // Through sh and printf: the bytes reach the CLI as the kernel passes them, not re-encoded by Node.
    const child = spawn('sh', ['-c', `exec "${process.execPath}" "${BIN}" giftcard create --initial-value 5 --note "$(printf 'caf\\351')"`], {
      env: inputs.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(
      'error: --note is not valid UTF-8: it holds U+FFFD, which stands for bytes that are not UTF-8 on the command line; give the value as UTF-8.',
    );
    expect(inputs.log().slice(before)).toEqual([]);
  });
});
