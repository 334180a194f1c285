// Each default takes effect in the commands it is for, and a flag still wins over it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { ANSI, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { csv, freshIds, plainRows, scratchFile } from '../metafield/_import.js';
import { DEMO } from '../product/_products.js';

type Dirs = ReturnType<typeof scratchDirs>;
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/;

async function withDefaults(defaults: Record<string, string>, profile?: string): Promise<Dirs> {
  const dirs = scratchDirs();
  for (const [key, value] of Object.entries(defaults)) {
    const r = await cli([...(profile ? ['--profile', profile] : []), 'config', 'set', key, value], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
  }
  return dirs;
}

describe('configuration defaults at work', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const env = (dirs: Dirs, extra: Record<string, string> = {}) => ({ ...s.env, ...dirs, ...extra });
  const searches = async () => (await log.take()).filter((q) => q.path.startsWith('/api/202412/gift_cards/search'));
  const limitOf = (path: string) => new URL(path, 'http://x').searchParams.get('limit');

  describe('output', () => {
    it('json: giftcard count prints {"count": N} without --json in a terminal', async () => {
      const dirs = await withDefaults({ output: 'json' });
      const plain = await cli(['giftcard', 'count'], { env: env(scratchDirs()) });
      const n = Number(plain.stdout.trim());
      expect(Number.isInteger(n)).toBe(true);
      const r = await cli(['giftcard', 'count'], { env: env(dirs), tty: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`{\n  "count": ${n}\n}\n`);
    });

    it('jsonl: a listing prints one object per line in a terminal; json: one array', async () => {
      const lines = await cli(['giftcard', 'search'], { env: env(await withDefaults({ output: 'jsonl' })), tty: true });
      expect(lines.code, lines.stderr).toBe(0);
      const objects = lines.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(objects.length).toBeGreaterThan(1);
      expect(objects.every((o) => typeof o.id === 'string')).toBe(true);
      const array = await cli(['giftcard', 'search'], { env: env(await withDefaults({ output: 'json' })), tty: true });
      expect(JSON.parse(array.stdout)).toEqual(objects);
    });

    it("piped, a profile's output default changes nothing: TSV rows and bare counts, as without it, unless the command asks", async () => {
      const plainSearch = await cli(['giftcard', 'search'], { env: env(scratchDirs()) });
      const plainCount = await cli(['giftcard', 'count'], { env: env(scratchDirs()) });
      expect(tsvRows(plainSearch.stdout)[0]).toHaveLength(8);
      for (const output of ['json', 'jsonl', 'tsv']) {
        const dirs = await withDefaults({ output });
        const search = await cli(['giftcard', 'search'], { env: env(dirs) });
        expect(search.code, search.stderr).toBe(0);
        expect(search.stdout).toBe(plainSearch.stdout);
        expect((await cli(['giftcard', 'count'], { env: env(dirs) })).stdout).toBe(plainCount.stdout);
      }
      const asked = await cli(['giftcard', 'count', '--json'], { env: env(await withDefaults({ output: 'tsv' })) });
      expect(asked.stdout).toBe(`{"count":${plainCount.stdout.trim()}}\n`);
    });

    it('tsv: TSV rows even in a terminal, where table would draw a table', async () => {
      const dirs = await withDefaults({ output: 'tsv' });
      const tsv = await cli(['giftcard', 'search'], { env: env(dirs), tty: true });
      expect(tsv.code, tsv.stderr).toBe(0);
      expect(tsv.stdout).not.toMatch(ANSI);
      expect(tsvRows(tsv.stdout)[0]).toHaveLength(8);
      expect(tsv.stdout).not.toContain('LAST4');
      const table = await cli(['giftcard', 'search'], { env: env(await withDefaults({ output: 'table' })), tty: true });
      expect(stripAnsi(table.stdout)).toMatch(/^ID\s+LAST4/);
    });

    it('tsv: product get in a terminal prints what it prints piped (variant rows), not the summary and table', async () => {
      const piped = await cli(['product', 'get', DEMO.tshirt], { env: env(scratchDirs()) });
      const tsv = await cli(['product', 'get', DEMO.tshirt], { env: env(await withDefaults({ output: 'tsv' })), tty: true });
      expect(tsv.code, tsv.stderr).toBe(0);
      expect(tsv.stdout).toBe(piped.stdout);
    });

    it('flags win: --json over tsv, --json fields over json, --jsonl over json', async () => {
      const tsv = await withDefaults({ output: 'tsv' });
      const r = await cli(['giftcard', 'count', '--json'], { env: env(tsv) });
      expect(JSON.parse(r.stdout)).toHaveProperty('count');
      const json = await withDefaults({ output: 'json' });
      const picked = await cli(['giftcard', 'search', '--json', 'id,balance'], { env: env(json) });
      expect(Object.keys(JSON.parse(picked.stdout)[0])).toEqual(['id', 'balance']);
      const lines = await cli(['giftcard', 'search', '--jsonl'], { env: env(json) });
      expect(lines.stdout.startsWith('{')).toBe(true);
    });

    it('is read only in a terminal when no flag answers: with --json, or piped, and the store named whole in the environment (URL, token, family, API version), the config file is never opened', async () => {
      const dirs = scratchDirs();
      mkdirSync(dirs.STORE_CLI_CONFIG_DIR, { recursive: true });
      writeFileSync(join(dirs.STORE_CLI_CONFIG_DIR, 'config.json'), '{ not json');
      const named = { STORE_CLI_BRAND: 'service', STORE_CLI_API_VERSION: '202412' };
      const fast = await cli(['giftcard', 'count', '--json'], { env: env(dirs, named), tty: true });
      expect(fast.code, fast.stderr).toBe(0);
      const piped = await cli(['giftcard', 'count'], { env: env(dirs, named) });
      expect(piped.code, piped.stderr).toBe(0);
      const asking = await cli(['giftcard', 'count'], { env: env(dirs, { NO_COLOR: '1' }), tty: true });
      expect(asking.code).toBe(1);
      expect(asking.stderr).toMatch(/^error: The config file .*config\.json is not valid JSON; fix or delete it\.$/m);
    });
  });

  describe('page-size', () => {
    it('is the limit giftcard search asks for, on every page with --all; --limit wins', async () => {
      const dirs = await withDefaults({ 'page-size': '2' });
      log.clear();
      const r = await cli(['giftcard', 'search'], { env: env(dirs) });
      expect(r.code, r.stderr).toBe(0);
      expect(tsvRows(r.stdout)).toHaveLength(2);
      expect((await searches()).map((q) => limitOf(q.path))).toEqual(['2']);

      const all = await cli(['giftcard', 'search', '--all'], { env: env(dirs) });
      expect(all.code, all.stderr).toBe(0);
      const pages = await searches();
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.every((q) => limitOf(q.path) === '2')).toBe(true);
      expect(tsvRows(all.stdout).length).toBeGreaterThan(2);

      const flag = await cli(['giftcard', 'search', '--limit', '3'], { env: env(dirs) });
      expect(tsvRows(flag.stdout)).toHaveLength(3);
      expect((await searches()).map((q) => limitOf(q.path))).toEqual(['3']);
    });

    it('applies to its own profile only: another profile keeps the store default', async () => {
      const dirs = await withDefaults({ 'page-size': '2' }, 'small');
      log.clear();
      await cli(['giftcard', 'search'], { env: env(dirs) });
      await cli(['giftcard', 'search'], { env: env(dirs, { STORE_CLI_PROFILE: 'small' }) });
      expect((await searches()).map((q) => limitOf(q.path))).toEqual([null, '2']);
    });
  });

  describe('color', () => {
    it('never: no colour in a terminal, on stdout or stderr; auto keeps it; other profiles keep it', async () => {
      const coloured = await cli(['giftcard', 'get', '4000000000000000011'], { env: env(await withDefaults({ color: 'auto' })), tty: true });
      expect(coloured.stdout).toMatch(ANSI);
      const dirs = await withDefaults({ color: 'never' });
      const plain = await cli(['giftcard', 'get', '4000000000000000011'], { env: env(dirs), tty: true });
      expect(plain.code, plain.stderr).toBe(0);
      expect(plain.stdout).not.toMatch(ANSI);
      expect(plain.stdout).toBe(stripAnsi(coloured.stdout));
      const failedInColour = await cli(['giftcard', 'get', '4000000000000000012'], { env: env(scratchDirs()), tty: true });
      expect(failedInColour.stderr).toMatch(SGR);
      const failed = await cli(['giftcard', 'get', '4000000000000000012'], { env: env(dirs), tty: true });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('error: ');
      // The spinner still moves the cursor in a terminal; what must go is colour (SGR codes).
      expect(failed.stderr).not.toMatch(SGR);
      // Another profile is unaffected.
      const other = await cli(['--profile', 'other', 'giftcard', 'get', '4000000000000000011'], { env: env(dirs), tty: true });
      expect(other.stdout).toMatch(ANSI);
    });
  });
});

/**
 * A pass-through proxy in front of the sandbox that counts requests in flight. It holds
 * the first requests until `expected` are in flight at once, so the peak is exactly the
 * import's concurrency however fast the sandbox answers: fewer and the peak stays below
 * (the hold ends after a grace period), more and it goes above.
 */
function inFlightProxy(expected: () => number) {
  let target = '';
  let server: Server | undefined;
  let inFlight = 0;
  let peak = 0;
  let waiting: Array<() => void> = [];
  let released = false;
  let grace: NodeJS.Timeout | undefined;
  const release = () => {
    released = true;
    for (const go of waiting) go();
    waiting = [];
  };
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // The import reads each domain's definitions once before its first write: not the writes measured.
    const measured = !req.url!.includes('/metafields/definitions');
    if (measured) {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      if (!released && inFlight >= expected()) release();
      if (!released) await new Promise<void>((go) => waiting.push(go));
    }
    try {
      const headers: Record<string, string> = {};
      for (const name of ['x-service-access-token', 'content-type']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const reply = await fetch(`${target}${req.url}`, { method: req.method!, headers, ...(body ? { body } : {}) });
      const text = await reply.text();
      res.writeHead(reply.status, { 'content-type': reply.headers.get('content-type') ?? 'application/json' }).end(text);
    } finally {
      if (measured) inFlight -= 1;
    }
  }
  return {
    async start(to: string) {
      target = to;
      server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Starts a measurement; a hold that never fills (too few in flight) ends after `graceMs`. */
    reset(graceMs = 3000) {
      peak = 0;
      released = false;
      clearTimeout(grace);
      grace = setTimeout(release, graceMs).unref();
    },
    get peak() {
      return peak;
    },
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

describe('import-concurrency', () => {
  const s = useSandbox({ seed: 'demo' });
  let expected = 0;
  const proxy = inFlightProxy(() => expected);
  let proxyUrl = '';
  beforeAll(async () => {
    proxyUrl = await proxy.start(s.sandbox.baseUrl);
  });
  afterAll(() => proxy.close());

  async function peakOf(dirs: Dirs, want: number, ...flags: string[]): Promise<{ peak: number; stdout: string }> {
    const { rows } = plainRows(freshIds(24), 2);
    const file = scratchFile('values.csv', csv(rows));
    expected = want;
    proxy.reset();
    const r = await cli(['metafield', 'import', file, ...flags], { env: { ...dirs, STORE_CLI_BASE_URL: proxyUrl, STORE_CLI_TOKEN: s.sandbox.token } });
    expect(r.code, r.stderr).toBe(0);
    return { peak: proxy.peak, stdout: r.stdout };
  }

  it('is how many requests the import keeps in flight; --concurrency wins over it', async () => {
    const dirs = await withDefaults({ 'import-concurrency': '3' });
    expect((await peakOf(dirs, 3)).peak).toBe(3);
    expect((await peakOf(dirs, 2, '--concurrency', '2')).peak).toBe(2);
  });

  it('the built-in 8 applies without it; stdout stays empty without JSON asked', async () => {
    const run = await peakOf(scratchDirs(), 8);
    expect(run.peak).toBe(8);
    expect(run.stdout).toBe('');
  });

  it('output json does not make a piped import print its summary; --json does', async () => {
    const dirs = await withDefaults({ output: 'json', 'import-concurrency': '1' });
    const run = await peakOf(dirs, 1);
    expect(run.peak).toBe(1);
    expect(run.stdout).toBe('');
    expect(JSON.parse((await peakOf(dirs, 1, '--json')).stdout)).toMatchObject({ rows: 48, created: 48, failed: 0 });
  });
});
