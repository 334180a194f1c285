// Outputs that are no regular file, in-process, for every writer that takes a path: `-` is
// the command's stdout; a FIFO (its reader a `cat` the test spawns), a character device and a
// link to it (made in a scratch folder, never the machine's own /dev) are written in place and
// stay what they are; a link to /dev/stdout reaches the command's stdout. Two outputs of one
// command that are one file are refused, and `sandbox export` never writes over a running
// sandbox's state. The bulk exports share one writer (bulk/engine/output-sink.ts, by
// run-export.ts) and `sandbox export` has its own (core/atomic-file.ts `writeOutputFile`):
// test/e2e/special-outputs.test.ts runs one of each as a process, where fd 1 is a real stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { brandEnv } from '../helpers/dialects.js';
import { cli, scratchDir, scratchDirs } from '../helpers/cli-in-process.js';
import { fifoWithReader } from '../helpers/fifo.js';
import { useSandbox } from '../helpers/sandbox.js';

/** The writers that take a path, each with the path last. */
const WRITERS: ReadonlyArray<{ name: string; args: (path: string) => string[] }> = [
  { name: 'giftcard export --reveal-codes --output', args: (path) => ['giftcard', 'export', '--reveal-codes', '--output', path] },
  { name: 'order export --output', args: (path) => ['order', 'export', '--since', '2000-01-01', '--output', path] },
  { name: 'product export --output', args: (path) => ['product', 'export', '--output', path] },
  { name: 'metafield export --output', args: (path) => ['metafield', 'export', '--all', '--output', path] },
  { name: 'metafield definition export --output', args: (path) => ['metafield', 'definition', 'export', '--all', '--output', path] },
  { name: 'sandbox export --force', args: (path) => ['sandbox', 'export', '--force', path] },
];

/** mknod needs root (CAP_MKNOD): the device tests run where it works. */
function makeNullDevice(path: string): boolean {
  return spawnSync('mknod', [path, 'c', '1', '3']).status === 0 && statSync(path).isCharacterDevice();
}

describe('outputs that are no regular file, every writer', () => {
  // Codes shown in reads: --reveal-codes fails (exit 1) against a store that masks every code.
  const s = useSandbox({ seed: 'demo', codesInReads: 'shown' });
  const expected = new Map<string, string>();

  /** What each writer sends to stdout with `-`: what a FIFO's reader (and a device's, a link's) must get, byte for byte. */
  async function expectedOf(writer: (typeof WRITERS)[number]): Promise<string> {
    if (!expected.has(writer.name)) {
      if (expected.size === 0) {
        const values = join(scratchDir(), 'values.csv');
        writeFileSync(
          values,
          'domain,bizId,namespace,code,value,type\ncollections,4000000000000000304,custom,banner,8000000000000000001,File\ncollections,4000000000000000304,zeta,note,"a, b and ""c""",\n',
        );
        const seeded = await cli(['metafield', 'import', values], { env: s.env });
        expect(seeded.code, seeded.stderr).toBe(0);
      }
      const r = await cli(writer.args('-'), { env: s.env });
      expect(r.code, `${writer.name} -: ${r.stderr}`).toBe(0);
      expected.set(writer.name, r.stdout);
    }
    return expected.get(writer.name)!;
  }

  it.each(WRITERS)('$name - writes to stdout and creates no file named -', async (writer) => {
    // Relative paths are the process's: a file named - would be made in its folder.
    const before = existsSync('-');
    expect((await expectedOf(writer)).length).toBeGreaterThan(100);
    expect(before).toBe(false);
    expect(existsSync('-')).toBe(false);
  });

  it.each(WRITERS)('$name FIFO: the reader gets every byte, and the FIFO stays a FIFO', async (writer) => {
    const want = await expectedOf(writer);
    const fifo = fifoWithReader(scratchDir(), 'pipe', 3000);
    const r = await cli(writer.args(fifo.path), { env: s.env });
    const got = await fifo.read();
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(fifo.path).isFIFO()).toBe(true);
    expect(got).toBe(want);
  });

  it.each(WRITERS)('$name onto a character device, directly and through a link: both stay what they are', async (writer) => {
    const dir = mkdtempSync(join(scratchDir(), 'dev-'));
    const device = join(dir, 'null');
    if (!makeNullDevice(device)) return; // not root: no device can be made here
    const link = join(dir, 'to-null');
    symlinkSync(device, link);
    for (const path of [device, link]) {
      const r = await cli(writer.args(path), { env: s.env });
      expect(r.code, `${path}: ${r.stderr}`).toBe(0);
      expect(statSync(device).isCharacterDevice()).toBe(true);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
    }
    expect(readdirSync(dir).sort()).toEqual(['null', 'to-null']);
  });

  it.each(WRITERS)('$name through a link to /dev/stdout: the bytes reach stdout, the link stays', async (writer) => {
    const want = await expectedOf(writer);
    const dir = scratchDir();
    const link = join(dir, 'out');
    symlinkSync('/dev/stdout', link);
    const r = await cli(writer.args(link), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(want);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir)).toEqual(['out']);
  });
});

describe('two outputs of one command that are one file', () => {
  const s = useSandbox({ seed: 'demo' });

  it('metafield export --output F --rejects F: exit 2, nothing written, whether F is there or not', async () => {
    const dir = scratchDir();
    const file = join(dir, 'values.csv');
    for (const [output, rejects] of [
      [file, file],
      [file, join(dir, '.', 'values.csv')],
    ]) {
      const r = await cli(['metafield', 'export', '--all', '--output', output!, '--rejects', rejects!], { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`error: --rejects ${rejects} and --output ${output} are the same file; give two files. Nothing was sent.\n`);
      expect(readdirSync(dir)).toEqual([]);
    }
    writeFileSync(file, 'kept\n');
    symlinkSync(file, join(dir, 'link.csv'));
    const r = await cli(['metafield', 'export', '--all', '--output', file, '--rejects', join(dir, 'link.csv')], { env: s.env });
    expect(r.code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
  });

  it('metafield export --rejects - beside the values on stdout: exit 2, nothing on stdout', async () => {
    const dash = await cli(['metafield', 'export', '--all', '--rejects', '-'], { env: s.env });
    expect(dash.code).toBe(2);
    expect(dash.stdout).toBe('');
  });

  it('metafield export --output /dev/null --rejects /dev/null: a device holds nothing to destroy, so both may go there', async () => {
    const r = await cli(['metafield', 'export', '--all', '--output', '/dev/null', '--rejects', '/dev/null'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
  });
});

describe("sandbox export onto a running sandbox's own state", () => {
  it('refuses its data file, journal and lock (exit 2, --force or not), under any name; another file is fine', async () => {
    const dir = scratchDir();
    const data = join(dir, 'state.json');
    const sandbox = await startSandbox({ port: 0, seed: 'demo', dataFile: data });
    const env = { STORE_CLI_BASE_URL: sandbox.baseUrl, STORE_CLI_TOKEN: sandbox.token, ...brandEnv(undefined) };
    try {
      const created = await cli(['giftcard', 'create', '--initial-value', '5', '--code', 'KEEPTHISCODE1'], { env });
      expect(created.code, created.stderr).toBe(0);
      symlinkSync(data, join(dir, 'alias.json'));
      const before = existsSync(data) ? readFileSync(data) : undefined;
      for (const target of [data, `${data}.journal`, `${data}.lock`, join(dir, 'alias.json'), join(dir, '.', 'state.json')]) {
        for (const force of [['--force'], []]) {
          const r = await cli(['sandbox', 'export', ...force, target], { env });
          expect(r.code, `${target} ${force.join('')}: ${r.stderr}`).toBe(2);
          // The sandbox runs in this process: the pid named is this one.
          expect(r.stderr).toBe(
            `error: ${target} is the state of the sandbox running as pid ${process.pid} (its data file, journal or lock): writing it would destroy that sandbox's state; give another file. Nothing was written.\n`,
          );
        }
      }
      expect(existsSync(data) ? readFileSync(data) : undefined).toEqual(before);
      const other = await cli(['sandbox', 'export', join(dir, 'copy.json')], { env });
      expect(other.code, other.stderr).toBe(0);
    } finally {
      await sandbox.close();
    }
    // Closed: the file is no live sandbox's any more.
    const after = await cli(['--sandbox', 'sandbox', 'export', '--force', data], { env: scratchDirs() });
    expect(after.code, after.stderr).toBe(0);
  });
});
