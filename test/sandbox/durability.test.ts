// What the sandbox's data file and journal promise: a change answered 200 survives the
// process dying right after the answer; a crash's leftovers (torn journal line, temp files,
// a dead owner's lock) are cleaned up on the next start; one process owns a data file.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSandboxData, SandboxDataError, startSandbox } from '../../src/sandbox/index.js';
import { call, createCard, withSandbox } from './helpers.js';
import { createProduct, shirtBody } from './product-helpers.js';
import { ownerOf, startTimeOf, takeOverStale, type LockOwner } from '../../src/sandbox/state/data-lock.js';

let dir: string;
let dataFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-durable-'));
  dataFile = join(dir, 'state.json');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended (and been reaped), as a killed sandbox leaves in its lock. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/**
 * The files as a `kill -9` at this moment would leave them (the page cache survives the
 * process), in a directory of their own, with a lock whose owner is dead.
 */
async function crashCopy(): Promise<string> {
  const target = join(await mkdtemp(join(dir, 'crashed-')), 'state.json');
  for (const suffix of ['', '.journal']) {
    if (existsSync(`${dataFile}${suffix}`)) await copyFile(`${dataFile}${suffix}`, `${target}${suffix}`);
  }
  await writeFile(`${target}.lock`, `${deadPid()}\n`);
  return target;
}

const valuesOf = async (sandbox: Parameters<typeof call>[0], bizId: string) =>
  (await call(sandbox, 'GET', `/metafields/products/${bizId}`)).json.metafields.map(
    (v: { namespace: string; code: string; value: string }) => `${v.namespace}.${v.code}=${v.value}`,
  );

/** FileHandle's prototype, to make the journal's (synced) write fail. */
async function fileHandlePrototype(): Promise<{ write(): Promise<unknown> }> {
  const handle = await open(join(dir, 'probe'), 'w');
  await handle.close();
  return Object.getPrototypeOf(handle);
}

describe('a change answered 200 survives a crash right after the answer', () => {
  it('gift cards, metafield values and products: creates, updates, disables and deletes', async () => {
    const crashed = await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      const card = await createCard(sandbox, { code: 'SURVIVOR0001' });
      expect((await call(sandbox, 'PUT', `/gift_cards/${card.id}`, { body: { giftCard: { balance: '7.50', note: 'after' } } })).status).toBe(200);
      const other = await createCard(sandbox, { code: 'SURVIVOR0002' });
      expect((await call(sandbox, 'POST', `/gift_cards/${other.id}/disable`, { body: {} })).status).toBe(200);
      const values = {
        metaFieldDataList: [
          { namespace: 'custom', code: 'a', value: 'one' },
          { namespace: 'custom', code: 'b', value: 'two' },
        ],
      };
      expect((await call(sandbox, 'POST', '/metafields/products/5000000000000000001', { body: values })).status).toBe(200);
      expect(
        (await call(sandbox, 'PUT', '/metafields/products/5000000000000000001', { body: { metaFieldData: { namespace: 'custom', code: 'a', value: 'uno' } } }))
          .status,
      ).toBe(200);
      expect((await call(sandbox, 'DELETE', '/metafields/products/5000000000000000001?namespace=custom&code=b')).status).toBe(200);
      const kept = await createProduct(sandbox);
      expect((await call(sandbox, 'PUT', `/products/${kept.productId}`, { body: shirtBody({ title: 'Renamed Shirt' }) })).status).toBe(200);
      const gone = await createProduct(sandbox);
      expect((await call(sandbox, 'DELETE', `/products/${gone.productId}`)).status).toBe(200);
      return { target: await crashCopy(), card, other, kept, gone };
    });

    await withSandbox({ dataFile: crashed.target, seed: 'demo' }, async (sandbox) => {
      const card = (await call(sandbox, 'GET', `/gift_cards/${crashed.card.id}`)).json.giftCard;
      expect(card).toMatchObject({ balance: '7.50', note: 'after' });
      expect((await call(sandbox, 'GET', `/gift_cards/${crashed.other.id}`)).json.giftCard.disableTime).toEqual(expect.any(String));
      // Codes stay unique across the replay.
      expect((await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'survivor0001', initialValue: '1' } } })).status).toBe(409);
      expect(await valuesOf(sandbox, '5000000000000000001')).toEqual(['custom.a=uno']);
      expect((await call(sandbox, 'GET', `/products/${crashed.kept.productId}`)).json.product.title).toBe('Renamed Shirt');
      expect((await call(sandbox, 'GET', `/products/${crashed.gone.productId}`)).status).toBe(404);
      // Ids handed out before the crash are never handed out again.
      const next = await createCard(sandbox);
      expect(BigInt(next.id)).toBeGreaterThan(BigInt(crashed.gone.variants.at(-1).variantId));
    });
    // The restart folded the journal into the data file, and close removed the journal and the lock.
    expect((await readdir(join(crashed.target, '..'))).sort()).toEqual(['state.json']);
  });

  it('ignores a torn last journal line and removes temp files a crash left', async () => {
    const target = await withSandbox({ dataFile }, async (sandbox) => {
      await createCard(sandbox, { code: 'BEFORETORN01' });
      return crashCopy();
    });
    await writeFile(`${target}.journal`, '{"seq":2,"key":"giftCards","lastId":"40', { flag: 'a' });
    await writeFile(`${target}.4242.0badf00d.tmp`, '{"format": "store-cli-sandbox", "vers');
    await withSandbox({ dataFile: target }, async (sandbox) => {
      expect((await readdir(join(target, '..'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      const cards = (await call(sandbox, 'GET', '/gift_cards/search')).json.giftCards;
      expect(cards.map((card: { lastCharacters: string }) => card.lastCharacters)).toEqual(['RN01']);
      await createCard(sandbox, { code: 'AFTERTORN001' });
    });
    const state = JSON.parse(await readFile(target, 'utf8'));
    expect(state.data.giftCards.map((card: { code: string }) => card.code)).toEqual(['BEFORETORN01', 'AFTERTORN001']);
  });

  it('skips journal lines the data file already holds (a crash between its rename and the journal truncation)', async () => {
    const value = (text: string) => ({
      domain: 'products',
      bizId: '5000000000000000002',
      set: [{ namespace: 'custom', code: 'c', fieldType: 'SingleLineText', value: text }],
    });
    const line = (seq: number, text: string) => `${JSON.stringify({ seq, key: 'metafields', lastId: '0', change: value(text) })}\n`;
    const { set, ...object } = value('newest');
    await writeFile(
      dataFile,
      JSON.stringify({ format: 'store-cli-sandbox', version: 1, lastId: '0', journalSeq: 2, data: { metafields: [{ ...object, values: set }] } }),
    );
    await writeFile(`${dataFile}.journal`, line(1, 'older') + line(2, 'older still'));
    await withSandbox({ dataFile }, async (sandbox) => {
      expect(await valuesOf(sandbox, '5000000000000000002')).toEqual(['custom.c=newest']);
    });
  });

  it('refuses a journal with a corrupt line before its last, naming the file and the line', async () => {
    await writeFile(`${dataFile}.journal`, 'not json\n{"seq":2,"key":"giftCards","lastId":"1","change":{}}\n');
    const error = await startSandbox({ dataFile }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as Error).message).toBe(
      `The sandbox journal ${dataFile}.journal is corrupt at line 1; remove it to lose the changes it holds, or clear all state with "store-cli sandbox reset".`,
    );
    // The failed start let go of the file.
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });

  it('a run that changes nothing writes no journal (a --sandbox read costs no fsync)', async () => {
    // The first start on a new file writes it once, for the token it generated (kept across restarts).
    await withSandbox({ dataFile }, async () => undefined);
    await withSandbox({ dataFile }, async (sandbox) => {
      const before = await stat(dataFile);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
      expect((await readdir(dir)).sort()).toEqual(['state.json', 'state.json.lock']);
      expect((await stat(dataFile)).mtimeMs).toBe(before.mtimeMs);
      await createCard(sandbox);
      expect((await readdir(dir)).sort()).toEqual(['state.json', 'state.json.journal', 'state.json.lock']);
    });
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('names the data file in one sentence when it cannot be created', async () => {
    await writeFile(join(dir, 'plain'), 'a file, not a directory');
    const file = join(dir, 'plain', 'state.json');
    const error = await startSandbox({ dataFile: file }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as Error).message).toMatch(new RegExp(`^Cannot use the sandbox data file ${file}: .*EEXIST.*\\.$`));
  });

  it('answers 500 for a change whose journal write fails, and refuses changes after it', async () => {
    const sandbox = await startSandbox({ dataFile });
    try {
      await createCard(sandbox, { code: 'SAVEDFINE001' });
      const proto = await fileHandlePrototype();
      vi.spyOn(proto, 'write').mockRejectedValueOnce(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      const failed = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'NOTSAVED0001', initialValue: '1' } } });
      expect(failed.status).toBe(500);
      expect(failed.json.message).toMatch(/cannot write the sandbox journal .*no space left on device.*not saved/);
      const later = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'NOTSAVED0002', initialValue: '1' } } });
      expect(later.status).toBe(500);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
    } finally {
      await expect(sandbox.close()).rejects.toThrow(
        new RegExp(`^Cannot use the sandbox data file ${dataFile}: cannot write the sandbox journal .*no space left on device`),
      );
    }
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });
});

describe('one owner per data file', () => {
  it('refuses a second sandbox on the file at once, naming the owner', async () => {
    await withSandbox({ dataFile }, async () => {
      const error = await startSandbox({ dataFile }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(SandboxDataError);
      expect((error as Error).message).toBe(
        `The sandbox data file ${dataFile} is in use by pid ${process.pid} (its lock: ${dataFile}.lock); stop that sandbox first, or use another data file.`,
      );
      await expect(resetSandboxData(dataFile)).rejects.toThrow(/in use by pid/);
    });
  });

  it('with waitForDataFile, waits (saying so after a second) until the owner closes, then sees its changes', async () => {
    const first = await startSandbox({ dataFile });
    await createCard(first, { code: 'FIRSTOWNER01' });
    const waits: number[] = [];
    let noticed!: () => void;
    const notice = new Promise<void>((resolve) => (noticed = resolve));
    const second = startSandbox({ dataFile, waitForDataFile: { timeoutMs: 60_000, onWait: (pid) => (waits.push(pid), noticed()) } });
    await notice;
    await first.close();
    const sandbox = await second;
    try {
      expect(waits).toEqual([process.pid]);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('1');
    } finally {
      await sandbox.close();
    }
  });

  it('gives up waiting after timeoutMs with a sentence that names the owner and the lock file', async () => {
    await withSandbox({ dataFile }, async () => {
      const error = await startSandbox({ dataFile, waitForDataFile: { timeoutMs: 50 } }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(SandboxDataError);
      expect((error as Error).message).toBe(
        `The sandbox data file ${dataFile} was still in use by pid ${process.pid} after waiting 0.05 s; try again when it ends (if that process is no sandbox, remove ${dataFile}.lock).`,
      );
    });
  });

  it('takes over only the lock it judged stale: one taken meanwhile by a live process stays', async () => {
    const lockFile = `${dataFile}.lock`;
    await writeFile(lockFile, `${deadPid()}\n`);
    const judged = (await ownerOf(lockFile)) as LockOwner;
    // Between the judgement and the takeover, the dead owner's lock went and a live process
    // took the lock (a new file, perhaps at the same inode number: the pid tells them apart too).
    await rm(lockFile);
    await writeFile(lockFile, `${process.ppid}\n`);
    expect(takeOverStale(lockFile, judged)).toBe(false);
    expect(await readFile(lockFile, 'utf8')).toBe(`${process.ppid}\n`);
    // The stale one itself is replaced by this process's, in one rename; the break file goes.
    await writeFile(lockFile, `${deadPid()}\n`);
    expect(takeOverStale(lockFile, (await ownerOf(lockFile)) as LockOwner)).toBe(true);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, start: startTimeOf(process.pid) });
    expect(await readdir(dir)).toEqual(['state.json.lock']);
  });

  it("leaves the takeover to a live breaker, and takes over a dead breaker's break file", async () => {
    const lockFile = `${dataFile}.lock`;
    await writeFile(lockFile, `${deadPid()}\n`);
    const judged = (await ownerOf(lockFile)) as LockOwner;
    const breakFile = `${lockFile}.break-${judged.ino}-${judged.pid}`;
    // A live breaker: another process (this one's parent) that started when it says.
    await writeFile(breakFile, `${process.ppid} ${startTimeOf(process.ppid)}\n`);
    expect(takeOverStale(lockFile, judged)).toBe(false);
    expect(await readFile(lockFile, 'utf8')).toBe(`${judged.pid}\n`);
    await writeFile(breakFile, `${deadPid()}\n`);
    expect(takeOverStale(lockFile, judged)).toBe(true);
    expect(existsSync(breakFile)).toBe(false);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('takes over the lock of an owner that died (kill -9)', async () => {
    await writeFile(`${dataFile}.lock`, `${deadPid()}\n`);
    await withSandbox({ dataFile }, async (sandbox) => {
      expect(JSON.parse(await readFile(`${dataFile}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, start: startTimeOf(process.pid), host: hostname() });
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
    });
  });
});
