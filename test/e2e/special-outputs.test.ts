// Outputs that are no regular file, as real processes: a FIFO, a character device and links
// to them (made in a scratch folder, never the machine's own /dev) are written in place and
// stay what they are, every output of an import included (--results, --codes-out, --rejects,
// each --report file); `--output -` and a link to /dev/stdout are the process's stdout;
// stdout that is the --rejects file is refused; `sandbox export` never writes over the state
// of a sandbox running in another process; and a long export leaves no listener behind on its
// file. Every writer, and the refusals that need no process, in-process:
// test/commands/special-outputs.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdtempSync, openSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, killLeftovers, removeScratch, requireBuild, run, scratch, serve, spawnCli } from '../helpers/cli-spawn.js';
import { fifoWithReader } from '../helpers/fifo.js';
import { host, type HostedStore } from '../helpers/hosted-store.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

/**
 * One writer of each kind: the bulk exports all write through bulk/engine/output-sink.ts (by
 * run-export.ts), `sandbox export` through core/atomic-file.ts `writeOutputFile`. The others
 * are in test/commands/special-outputs.test.ts.
 */
const WRITERS: ReadonlyArray<{ name: string; args: (path: string) => string[] }> = [
  { name: 'giftcard export --reveal-codes --output', args: (path) => ['giftcard', 'export', '--reveal-codes', '--output', path] },
  { name: 'sandbox export --force', args: (path) => ['sandbox', 'export', '--force', path] },
];

/** mknod needs root (CAP_MKNOD): the device tests run where it works. */
function makeNullDevice(path: string): boolean {
  return spawnSync('mknod', [path, 'c', '1', '3']).status === 0 && statSync(path).isCharacterDevice();
}

describe('outputs that are no regular file (spawned)', () => {
  let sandbox: HostedStore;
  const expected = new Map<string, string>();
  /** The empty folder each writer's `-` run ran in: it must still be empty. */
  const ranIn = new Map<string, string>();

  beforeAll(async () => {
    // Codes shown in reads: --reveal-codes fails (exit 1) against a store that masks every code.
    sandbox = await host({ seed: 'demo', codesInReads: 'shown' });
    // What each writer sends to stdout with `-`, run in an empty folder: what a FIFO's reader
    // (and a device's, a link's) must get, byte for byte, from the runs below.
    for (const writer of WRITERS) {
      const dir = scratch().root;
      const r = await run(writer.args('-'), { env: sandbox.env(), cwd: dir });
      expect(r.code, `${writer.name} -: ${r.stderr}`).toBe(0);
      expected.set(writer.name, r.stdout);
      ranIn.set(writer.name, dir);
    }
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
  });

  it.each(WRITERS)('$name - writes to stdout and creates no file named -', (writer) => {
    expect(expected.get(writer.name)!.length).toBeGreaterThan(100);
    expect(readdirSync(ranIn.get(writer.name)!)).toEqual([]);
  });

  it.each(WRITERS)('$name FIFO: the reader gets every byte, and the FIFO stays a FIFO', { timeout: 30_000 }, async (writer) => {
    const dir = scratch().root;
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const readerDone = new Promise<void>((resolve) => reader.once('close', () => resolve()));
    const child = spawnCli(writer.args(fifo), sandbox.env());
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin!.end();
    const end = await exitOf(child, 20_000);
    // A writer that renamed a file over the FIFO never opened it: the reader would wait for good.
    const timer = setTimeout(() => reader.kill('SIGKILL'), 3000);
    await readerDone;
    clearTimeout(timer);
    expect(end.code, stderr).toBe(0);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(Buffer.concat(chunks).toString()).toBe(expected.get(writer.name));
  });

  it.each(WRITERS)('$name onto a character device, directly and through a link: both stay what they are', async (writer) => {
    const dir = mkdtempSync(join(scratch().root, 'dev-'));
    const device = join(dir, 'null');
    if (!makeNullDevice(device)) return; // not root: no device can be made here
    const link = join(dir, 'to-null');
    symlinkSync(device, link);
    for (const path of [device, link]) {
      const r = await run(writer.args(path), { env: sandbox.env() });
      expect(r.code, `${path}: ${r.stderr}`).toBe(0);
      expect(statSync(device).isCharacterDevice()).toBe(true);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
    }
    expect(readdirSync(dir).sort()).toEqual(['null', 'to-null']);
  });

  it.each(WRITERS)('$name through a link to /dev/stdout: the bytes reach stdout, the link stays', async (writer) => {
    const dir = scratch().root;
    const link = join(dir, 'out');
    symlinkSync('/dev/stdout', link);
    const r = await run(writer.args(link), { env: sandbox.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected.get(writer.name));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir)).toEqual(['out']);
  });
});

describe('stdout that is another output of the command (spawned)', () => {
  let sandbox: HostedStore;
  beforeAll(async () => {
    sandbox = await host({ seed: 'demo' });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('metafield export > F --rejects F (stdout is F): exit 2, nothing written', async () => {
    const dir = scratch().root;
    const file = join(dir, 'values.csv');
    writeFileSync(file, '');
    const fd = openSync(file, 'w');
    const child = spawnCli(['metafield', 'export', '--all', '--rejects', file], sandbox.env(), 'pipe', fd);
    closeSync(fd);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin!.end();
    const end = await exitOf(child, 15_000);
    expect(end.code, stderr).toBe(2);
    expect(stderr).toBe(`error: --rejects ${file} is stdout, where the values go; give another file. Nothing was sent.\n`);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('sandbox export onto the state of a sandbox running in another process (spawned)', () => {
  it('refuses its data file, naming that process; another file is fine', { timeout: 30_000 }, async () => {
    const dir = scratch().root;
    const data = join(dir, 'state.json');
    const served = await serve(['--json', '--demo', '--data', data]);
    try {
      const before = existsSync(data) ? readFileSync(data) : undefined;
      const r = await run(['sandbox', 'export', '--force', data], { env: served.env() });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(
        `error: ${data} is the state of the sandbox running as pid ${served.child.pid} (its data file, journal or lock): writing it would destroy that sandbox's state; give another file. Nothing was written.\n`,
      );
      expect(existsSync(data) ? readFileSync(data) : undefined).toEqual(before);
      const other = await run(['sandbox', 'export', join(dir, 'copy.json')], { env: served.env() });
      expect(other.code, other.stderr).toBe(0);
    } finally {
      await served.stop();
    }
  });
});

describe("an import's outputs onto FIFOs and /dev/stdout (spawned)", () => {
  let sandbox: HostedStore;
  beforeAll(async () => {
    sandbox = await host();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  const cards = (dir: string) => {
    const file = join(dir, 'cards.csv');
    const code = `FIFO${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`.slice(0, 20);
    writeFileSync(file, `code,initialValue\n${code},5\n,7\n`);
    return file;
  };

  it('--results, --codes-out, --rejects and two --report files, each a FIFO: every reader gets its text, every FIFO stays, no fsync fails', {
    timeout: 30_000,
  }, async () => {
    const dir = scratch().root;
    const file = cards(dir);
    const fifos = {
      results: fifoWithReader(dir, 'results'),
      codes: fifoWithReader(dir, 'codes'),
      rejects: fifoWithReader(dir, 'rejects'),
      json: fifoWithReader(dir, 'report.json'),
      junit: fifoWithReader(dir, 'report.xml'),
    };
    const r = await run(
      [
        'giftcard',
        'import',
        file,
        '--results',
        fifos.results.path,
        '--codes-out',
        fifos.codes.path,
        '--rejects',
        fifos.rejects.path,
        '--report',
        `json=${fifos.json.path}`,
        '--report',
        `junit=${fifos.junit.path}`,
      ],
      { env: sandbox.env(), timeoutMs: 20_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Imported .*cards\.csv .*2 created/m);
    expect(r.stderr).toContain(`1 code was generated for rows without one: they are in ${fifos.codes.path}, and nowhere else.`);
    // A line a row as the run settles it, in that order, not by line (docs/bulk-import.md).
    const [header, ...settled] = (await fifos.results.read()).split('\n');
    expect(header).toBe('line,key,action,id,before');
    expect(settled.sort()).toEqual(['', expect.stringMatching(/^2,\*{4}\S{4},created,\d+,$/), expect.stringMatching(/^3,\*{4}\S{4},created,\d+,$/)]);
    expect(await fifos.codes.read()).toMatch(/^line,code,initialValue,.*\n3,[A-Z0-9]{8,20},7,/);
    expect(await fifos.rejects.read()).toBe('line,code,initialValue,balance,currency,note,expireTime,customerId,status,reason\n');
    expect(JSON.parse(await fifos.json.read())).toMatchObject({ command: 'giftcard import', shards: [{ rows: 2, created: 2, outcome: 'complete' }] });
    expect(await fifos.junit.read()).toContain('<testsuites name="store-cli giftcard import');
    for (const fifo of Object.values(fifos)) expect(lstatSync(fifo.path).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['cards.csv', 'codes', 'rejects', 'report.json', 'report.xml', 'results']);
  });

  it('--report json= a link to /dev/stdout: the report reaches stdout, the link stays', async () => {
    const dir = scratch().root;
    const file = cards(dir);
    symlinkSync('/dev/stdout', join(dir, 'out'));
    const r = await run(['giftcard', 'import', file, '--codes-out', join(dir, 'codes.csv'), '--report', `json=${join(dir, 'out')}`], { env: sandbox.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: 'giftcard import', kind: 'import' });
    expect(lstatSync(join(dir, 'out')).isSymbolicLink()).toBe(true);
  });

  it('--codes-out - writes the codes to stdout when it is piped, and is refused beside --json, whose summary goes there', async () => {
    const dir = scratch().root;
    const file = cards(dir);
    const piped = await run(['giftcard', 'import', file, '--codes-out', '-'], { env: sandbox.env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^line,code,initialValue,balance,currency,note,expireTime,customerId,status\n3,[A-Z0-9]{16},7,/);
    expect(piped.stderr).toContain('1 code was generated for rows without one: they are on stdout, and nowhere else.');
    const json = await run(['giftcard', 'import', file, '--codes-out', '-', '--json'], { env: sandbox.env() });
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('error: --codes-out - is stdout, where the --json summary goes; give another file. Nothing was sent.\n');
  });

  it('F and ./F, relative to the folder the command runs in, are one file: exit 2, nothing made', async () => {
    const dir = scratch().root;
    const file = cards(dir);
    const r = await run(['giftcard', 'import', 'cards.csv', '--codes-out', 'F', '--results', './F'], { env: sandbox.env(), cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --codes-out F and --results ./F are the same file: the generated codes would be lost; give two files. Nothing was sent.\n');
    expect(readdirSync(dir)).toEqual([file.split('/').pop()]);
  });
});

describe('a 5,000-product export to a file (spawned)', () => {
  it('writes every product with no warning on stderr (no listener left per back-pressure wait)', { timeout: 90_000 }, async () => {
    const dir = scratch().root;
    const seed = join(dir, 'products.json');
    const products = Array.from({ length: 5000 }, (_, i) => ({
      productId: String(4_500_000_000_000_000_000n + BigInt(2 * i)),
      title: `Bulk product ${String(i).padStart(4, '0')} with a title long enough to fill the rows`,
      productType: 'normal',
      status: 'active',
      collections: [],
      images: [],
      options: [],
      variants: [
        {
          variantId: String(4_500_000_000_000_000_001n + BigInt(2 * i)),
          sku: `BULK-${i}`,
          price: '9.50',
          weightUnit: 'kg',
          inventoryManagement: false,
          isDisabled: false,
          inventoryQuantities: [],
          optionValueIds: [],
        },
      ],
      marketAssigns: [],
    }));
    writeFileSync(seed, JSON.stringify({ products }));
    const served = await host({ seed });
    try {
      const out = join(dir, 'products.csv');
      const r = await run(['product', 'export', '--output', out], { env: served.env(), timeoutMs: 80_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(`Exported 5000 products (5000 variants) to ${out}.\n`);
      expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(5001);
    } finally {
      await served.stop();
    }
  });
});
