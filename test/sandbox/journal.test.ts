// The journal on its own: group commit and compaction while changes keep coming.
import { lstat, mkdtemp, open, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxDataError, startSandbox } from '../../src/sandbox/index.js';
import { Journal, readJournal } from '../../src/sandbox/state/journal.js';
import { call } from './helpers.js';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-journal-'));
  file = join(dir, 'state.json.journal');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** Journal writes (each one synced: O_DSYNC, or write + fdatasync where the platform lacks it). */
async function countWrites() {
  const probe = await open(join(dir, 'probe'), 'w');
  await probe.close();
  return vi.spyOn(Object.getPrototypeOf(probe) as { write(): Promise<unknown> }, 'write');
}

describe('Journal', () => {
  it('group commit: eight changes in one turn cost two synced writes (the first, then the seven that came during it)', async () => {
    const journal = new Journal(file, { seq: 0, compactAtBytes: () => Infinity, writeSnapshot: async () => undefined });
    const writes = await countWrites();
    const answers: Array<Promise<void>> = [];
    for (let n = 1; n <= 8; n += 1) {
      journal.append('giftCards', String(n), { n });
      answers.push(journal.durable());
    }
    await Promise.all(answers);
    expect(writes).toHaveBeenCalledTimes(2);
    const { records } = await readJournal(file);
    expect(records.map((record) => [record.seq, (record.change as { n: number }).n])).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, n]));
    await journal.close();
  });

  it('compacts once large enough: the snapshot covers what came before it, the journal keeps what came during it', async () => {
    let release!: () => void;
    const snapshots: number[] = [];
    const journal: Journal = new Journal(file, {
      seq: 10,
      compactAtBytes: () => 200,
      // The first snapshot is held until the test lets it finish; the one at close is not.
      writeSnapshot: () => {
        snapshots.push(journal.lastSeq);
        return snapshots.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
    });
    for (let n = 0; n < 3; n += 1) journal.append('metafields', '1', { padding: 'x'.repeat(80) });
    const first = journal.durable();
    await first;
    // The journal passed 200 bytes: the snapshot of seq 13 is being written; a change now waits for the next write.
    await vi.waitFor(() => expect(snapshots).toEqual([13]));
    journal.append('metafields', '1', { during: true });
    const during = journal.durable();
    release();
    await during;
    const { records } = await readJournal(file);
    expect(records.map((record) => record.seq)).toEqual([14]);
    expect(await readFile(file, 'utf8')).toContain('"during":true');
    await journal.close();
    expect(snapshots).toEqual([13, 14]);
  });
});

describe('a journal that is a symbolic link (planted beside the data file)', () => {
  it('is refused, never followed: neither read at start nor appended to later; the file it names is untouched', async () => {
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious\n');
    const dataFile = join(dir, 'state.json');
    await symlink(victim, `${dataFile}.journal`);
    const refused = await startSandbox({ dataFile }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SandboxDataError);
    expect((refused as Error).message).toBe(
      `The sandbox journal ${dataFile}.journal is a symbolic link, which the sandbox never follows: remove it (the journal is a file of the sandbox's own).`,
    );

    // Planted while a sandbox runs, before its first change: the change is refused (500), not written through the link.
    await rm(`${dataFile}.journal`);
    const sandbox = await startSandbox({ dataFile });
    try {
      await symlink(victim, `${dataFile}.journal`);
      const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'NOTTHROUGHLINK1', initialValue: '5' } } });
      expect(reply.status).toBe(500);
      expect(reply.text).toContain('symbolic link');
    } finally {
      await sandbox.close().catch(() => undefined);
    }
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    expect((await lstat(`${dataFile}.journal`)).isSymbolicLink()).toBe(true);
  });
});
