import { request, Agent } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSandboxData, SandboxDataError, startSandbox } from '../../src/sandbox/index.js';
import { createDialect } from '../../src/sandbox/http/dialect.js';
import { demoData, type StoreSeed } from '../../src/sandbox/state/seed.js';
import { SandboxStore } from '../../src/sandbox/state/store.js';
import { call, createCard, withSandbox } from './helpers.js';

let dir: string;
let dataFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-state-'));
  dataFile = join(dir, 'nested', 'state.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('sees the same cards, ids and code secrecy after a restart with the same file', async () => {
    const tokens = [{ token: 'persist-token', scopes: ['read_gift_card', 'write_gift_card'] as const }].map((grant) => ({
      ...grant,
      scopes: [...grant.scopes],
    }));
    const created = await withSandbox({ dataFile, tokens }, async (sandbox) => {
      const a = await createCard(sandbox, { code: 'KeepMe000001', note: 'kept' });
      const b = await createCard(sandbox);
      await call(sandbox, 'POST', `/gift_cards/${b.id}/disable`, { body: {} });
      return [a, b];
    });
    expect(existsSync(dataFile)).toBe(true);
    expect((await stat(dataFile)).mode & 0o777).toBe(0o600);

    await withSandbox({ dataFile, tokens }, async (sandbox) => {
      const list = await call(sandbox, 'GET', '/gift_cards/search');
      expect(list.json.giftCards.map((card: { id: string }) => card.id)).toEqual(created.map((card) => card.id));
      expect(list.json.giftCards[0]).toMatchObject({ code: '****0001', note: 'kept' });
      expect(list.json.giftCards[1].disableTime).toEqual(expect.any(String));
      const conflict = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'KEEPME000001', initialValue: '1' } } });
      expect(conflict.status).toBe(409);
      const next = await createCard(sandbox);
      expect(BigInt(next.id)).toBeGreaterThan(BigInt(created[1].id));
    });
    expect(await readdir(join(dir, 'nested'))).toEqual(['state.json']);
  });

  it('keeps a generated token in the data file: the next start on the file answers the same one, a given token wins', async () => {
    const first = await withSandbox({ dataFile }, async (sandbox) => sandbox.token);
    expect(first).toMatch(/^sbx_/);
    // On disk from the start, in the 0600 file (a kill -9 before any change keeps it too).
    expect(JSON.parse(await readFile(dataFile, 'utf8')).token).toBe(first);
    await withSandbox({ dataFile }, async (sandbox) => {
      expect(sandbox.token).toBe(first);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
    });
    await withSandbox({ dataFile, tokens: [{ token: 'given', scopes: ['read_gift_card'] }] }, async (sandbox) => {
      expect(sandbox.token).toBe('given');
      expect((await call(sandbox, 'GET', '/gift_cards/count', { token: first })).status).toBe(401);
    });
    // Memory only: a new one each start.
    const a = await withSandbox({}, async (sandbox) => sandbox.token);
    const b = await withSandbox({}, async (sandbox) => sandbox.token);
    expect(a).not.toBe(b);
  });

  it('has a change in its journal on disk by the time the change is answered', async () => {
    await withSandbox({ dataFile }, async (sandbox) => {
      await createCard(sandbox, { code: 'EARLYWRITE01' });
      const lines = (await readFile(`${dataFile}.journal`, 'utf8')).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.map((line) => JSON.parse(line)).map((record) => [record.key, record.change.code])).toEqual([['giftCards', 'EARLYWRITE01']]);
    });
  });

  it('rejects a corrupt file with one sentence naming it', async () => {
    const corrupt = join(dir, 'corrupt.json');
    await writeFile(corrupt, '{"format": "store-cli-sandbox", "version": 1, ');
    const error = await startSandbox({ dataFile: corrupt }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as Error).message).toContain(corrupt);
    expect((error as Error).message).toMatch(/^The sandbox data file .* is not valid JSON .*\.$/);
  });

  it('rejects a JSON file that is not sandbox state, naming the bad field', async () => {
    const file = join(dir, 'wrong.json');
    await writeFile(file, JSON.stringify({ format: 'store-cli-sandbox', version: 1, lastId: '1', data: { giftCards: [{ id: 'x' }] } }));
    const error = await startSandbox({ dataFile: file }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain('data.giftCards.0.id');
  });

  it('treats an empty file as a fresh store and seeds the demo data into it', async () => {
    const file = join(dir, 'empty.json');
    await writeFile(file, '');
    await withSandbox({ dataFile: file, seed: 'demo' }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('8');
    });
    const state = JSON.parse(await readFile(file, 'utf8'));
    expect(state.data.giftCards).toHaveLength(8);
  });

  it('does not seed the demo over existing state', async () => {
    await withSandbox({ dataFile }, async (sandbox) => {
      await createCard(sandbox);
    });
    await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('1');
    });
  });

  it('resetSandboxData removes the file and says whether there was one', async () => {
    await withSandbox({ dataFile }, async (sandbox) => {
      await createCard(sandbox);
    });
    await writeFile(`${dataFile}.123.abcd.tmp`, 'partial');
    expect(await resetSandboxData(dataFile)).toBe(true);
    expect(existsSync(dataFile)).toBe(false);
    expect(await readdir(join(dir, 'nested'))).toEqual([]);
    expect(await resetSandboxData(dataFile)).toBe(false);
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('0');
    });
  });
});

describe('the seed, made only when the store needs it', () => {
  const open = (seed: () => StoreSeed) => SandboxStore.open({ dataFile, seed, currency: 'USD', idsAs: 'string', dialect: createDialect('service') });

  it('a data file that holds every section never asks for the seed; one that lacks a section asks once and gets that section from it; a new file asks', async () => {
    const asked = vi.fn(demoData);
    const fresh = await open(asked);
    expect(asked).toHaveBeenCalledTimes(1); // no file yet: the store starts from the seed
    expect(fresh.counts().giftCards).toBeGreaterThan(0);
    await fresh.close();

    const again = vi.fn(demoData);
    const reopened = await open(again);
    expect(again).not.toHaveBeenCalled();
    expect(reopened.counts()).toEqual(fresh.counts());
    await reopened.close();

    // A file written before products existed: the section comes from the seed.
    const state = JSON.parse(await readFile(dataFile, 'utf8')) as { data: Record<string, unknown> };
    delete state.data.products;
    await writeFile(dataFile, JSON.stringify(state));
    const lacking = vi.fn(demoData);
    const seeded = await open(lacking);
    expect(lacking).toHaveBeenCalledTimes(1);
    expect(seeded.counts().products).toBe(fresh.counts().products);
    await seeded.close();
  });
});

describe('demo seed in memory', () => {
  it('serves the demo cards with their statuses', async () => {
    await withSandbox({ seed: 'demo', now: () => new Date('2026-02-01T00:00:00Z'), currency: 'EUR' }, async (sandbox) => {
      const all = await call(sandbox, 'GET', '/gift_cards/search');
      expect(all.json.giftCards).toHaveLength(8);
      expect(all.json.giftCards.every((card: { currency: string; code: string }) => card.currency === 'EUR' && card.code.startsWith('****'))).toBe(true);
      expect((await call(sandbox, 'GET', '/gift_cards/search?status=disabled')).json.giftCards).toHaveLength(1);
      expect((await call(sandbox, 'GET', '/gift_cards/search?status=expired')).json.giftCards).toHaveLength(1);
      const conflict = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'welcome50x9qp', initialValue: '1' } } });
      expect(conflict.status).toBe(409);
      const created = await createCard(sandbox);
      expect(BigInt(created.id)).toBeGreaterThan(BigInt(all.json.giftCards.at(-1).id));
    });
  });
});

describe('close', () => {
  it('resolves promptly with an idle keep-alive connection open', async () => {
    const sandbox = await startSandbox();
    const agent = new Agent({ keepAlive: true });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${sandbox.baseUrl}/api/202412/gift_cards/count`, { agent, headers: { 'X-Service-Access-Token': sandbox.token } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
      const started = Date.now();
      await sandbox.close();
      expect(Date.now() - started).toBeLessThan(500);
      await sandbox.close();
    } finally {
      agent.destroy();
    }
  });

  it('lets a request in flight finish, then closes its connection instead of waiting for keep-alive', async () => {
    const sandbox = await startSandbox({ dataFile });
    const agent = new Agent({ keepAlive: true });
    try {
      const body = JSON.stringify({ giftCard: { code: 'INFLIGHT0001', initialValue: '1' } });
      const req = request(`${sandbox.baseUrl}/api/202412/gift_cards`, {
        method: 'POST',
        agent,
        headers: { 'X-Service-Access-Token': sandbox.token, 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      });
      const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.on('error', reject);
      });
      req.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      const closing = sandbox.close();
      req.end(body.slice(10));
      expect(await answered).toEqual({ status: 200, connection: 'close' });
      await closing;
      expect(Date.now() - started).toBeLessThan(800);
      const state = JSON.parse(await readFile(dataFile, 'utf8'));
      expect(state.data.giftCards[0].code).toBe('INFLIGHT0001');
    } finally {
      agent.destroy();
    }
  });

  it('flushes pending persistence on close', async () => {
    const sandbox = await startSandbox({ dataFile });
    await createCard(sandbox, { code: 'FLUSHONCLOSE' });
    await sandbox.close();
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(state.data.giftCards[0].code).toBe('FLUSHONCLOSE');
  });
});
