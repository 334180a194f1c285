// Targeted faults from the command line: `sandbox serve --fault/--allow-fault-header`, the
// `sandbox fault add|list|remove` verbs against a running sandbox, and a bulk import that
// finishes with nothing lost under targeted faults.
import { describe, expect, it } from 'vitest';
import { API_PATH } from '../../helpers/api-path.js';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog, serveInProcess as serve } from '../_support.js';
import { csv, freshIds, plainRows, products, readBack, scratchFile } from '../metafield/_import.js';
import { SimClock } from '../../bulk/sim-clock.js';

const count = (baseUrl: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': 't1', ...headers } });

describe('sandbox serve --fault and --allow-fault-header', () => {
  it('starts with the rules, lists them through sandbox fault list, and honours the header', async () => {
    const server = await serve([
      '--json',
      '--token',
      't1',
      '--quiet',
      '--fault',
      'get /api/202412/gift_cards/count 503',
      '--fault',
      'POST ** reset@0.5',
      '--allow-fault-header',
    ]);
    const info = JSON.parse(server.line) as { baseUrl: string };
    try {
      expect((await count(info.baseUrl)).status).toBe(503);
      expect((await count(info.baseUrl, { 'X-Sandbox-Fault': '418' })).status).toBe(418);
      const list = await cli(['sandbox', 'fault', 'list'], { env: { STORE_CLI_BASE_URL: info.baseUrl, STORE_CLI_TOKEN: 't1' } });
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toBe('1\tGET\t/api/202412/gift_cards/count\t503\t1\t0\n2\tPOST\t**\treset\t0.5\t0\n');
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });

  it('without --allow-fault-header the header is ignored', async () => {
    const server = await serve(['--json', '--token', 't1', '--quiet']);
    const info = JSON.parse(server.line) as { baseUrl: string };
    try {
      expect((await count(info.baseUrl, { 'X-Sandbox-Fault': '503' })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it.each([
    ['GET /x 302', /--fault "GET \/x 302": the status '302' must be an HTTP status 400\.\.599/],
    ['GET x 503', /--fault "GET x 503": the path glob 'x' must start with \//],
    ['GET /x 503@3', /--fault "GET \/x 503@3": the probability '3' must be a number from 0 to 1/],
    ['GET /x', /--fault "GET \/x": a rule has three parts/],
  ])('a bad rule "%s" exits 2 naming the flag, the rule and the part, and starts nothing', async (rule, message) => {
    const r = await cli(['sandbox', 'serve', '--port', '0', '--fault', 'GET /ok 503', '--fault', rule]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('sandbox serve --fault: a bad rule, and the rules that matched nothing', () => {
  const writeMetafield = (baseUrl: string) =>
    fetch(`${baseUrl}${API_PATH}/metafields/products/1`, {
      method: 'POST',
      headers: { 'X-Service-Access-Token': 't', 'Content-Type': 'application/json' },
      body: JSON.stringify({ metaFieldDataList: [{ namespace: 'custom', code: 'a', value: 'x' }] }),
    });

  it('a bad --fault exits 2 without listening, naming the flag, the rule and the part', async () => {
    const r = await cli(['sandbox', 'serve', '--port', '0', '--fault', 'GET /api/202412/** 503@1.5']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`--fault "GET /api/202412/** 503@1.5": the probability '1.5' must be a number from 0 to 1`);
  });

  it('at exit, names on stderr each rule that matched no request, with the glob hint', async () => {
    const server = await serve([
      '--json',
      '--token',
      't',
      '--fault',
      'POST /api/202412/metafields/* 503@0.3',
      '--fault',
      'POST /api/202412/metafields/** 503@0',
    ]);
    const { baseUrl } = JSON.parse(server.line) as { baseUrl: string };
    expect((await writeMetafield(baseUrl)).status).not.toBe(503);
    const end = await server.stop();
    expect(end.code).toBe(0);
    expect(end.stderr).toContain(
      'fault rule 1 "POST /api/202412/metafields/* 503@0.3" has matched no request while the sandbox ran: it injected nothing; * matches within one path segment, /api/202412/metafields/** every path below.',
    );
    // Rule 2 matched the write (its probability 0 kept it from firing): not named.
    expect(end.stderr).not.toContain('fault rule 2');
  });

  it('the documented example, POST /api/202412/metafields/** 503, fails a metafield write', async () => {
    const server = await serve(['--json', '--token', 't', '--fault', 'POST /api/202412/metafields/** 503']);
    const { baseUrl } = JSON.parse(server.line) as { baseUrl: string };
    try {
      expect((await writeMetafield(baseUrl)).status).toBe(503);
    } finally {
      const end = await server.stop();
      expect(end.stderr).not.toContain('matched no request');
    }
  });
});

describe('sandbox fault remove . and ..', () => {
  it.each(['.', '..'])('"%s" exits 2 before anything is sent (the target here answers nothing)', async (id) => {
    const r = await cli(['sandbox', 'fault', 'remove', id], { env: { STORE_CLI_BASE_URL: 'http://127.0.0.1:9', STORE_CLI_TOKEN: 't1' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `<id> cannot be '.' or '..' (a URL would read it as a directory step): give a rule id as sandbox fault list shows it. Nothing was sent.`,
    );
    expect(r.stdout).toBe('');
  });
});

describe('sandbox fault add|list|remove', () => {
  const log = requestLog();
  const s = useSandbox({ onRequest: log.hook });
  const fault = (...args: string[]) => cli(['sandbox', 'fault', ...args], { env: s.env });

  it('add prints the rule with its id; it applies to the next request; remove takes it away', async () => {
    const added = await fault('add', 'get /api/202412/gift_cards/* 503@1', '--json');
    expect(added.code, added.stderr).toBe(0);
    const rule = JSON.parse(added.stdout) as { id: string; rule: string; status: number };
    expect(rule).toMatchObject({ rule: 'GET /api/202412/gift_cards/* 503', status: 503, probability: 1, latencyMs: 0 });
    expect((await fetch(`${s.sandbox.baseUrl}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': s.sandbox.token } })).status).toBe(503);

    const piped = await fault('add', '* /api/202412/products/** 200+50ms');
    expect(piped.stdout).toMatch(/^ID\t\d+\nRULE\t\* \/api\/202412\/products\/\*\* 200\+50ms\n$/);

    const list = await fault('list', '--json', 'id,rule');
    expect(JSON.parse(list.stdout)).toEqual([
      { id: rule.id, rule: 'GET /api/202412/gift_cards/* 503' },
      { id: expect.any(String), rule: '* /api/202412/products/** 200+50ms' },
    ]);

    const removed = await fault('remove', rule.id, '--json', 'id');
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual([{ id: rule.id }]);
    expect((await cli(['giftcard', 'count', '--json'], { env: s.env })).stdout).toBe('{"count":0}\n');

    const gone = await fault('remove', rule.id);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`No fault rule has the id ${rule.id}`);

    const all = await fault('remove', '--all', '--json', 'rule');
    expect(JSON.parse(all.stdout)).toEqual([{ rule: '* /api/202412/products/** 200+50ms' }]);
    expect((await fault('list', '--json')).stdout).toBe('[]\n');
  });

  it('a bad rule exits 2 naming it and its part, and sends nothing', async () => {
    log.clear();
    const r = await fault('add', 'GET /x 503+1s');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`<rule> "GET /x 503+1s": the latency '+1s' must be whole milliseconds`);
    expect(await log.take()).toEqual([]);
    expect((await fault('list', '--json')).stdout).toBe('[]\n');
  });

  it('remove needs an id or --all, not both', async () => {
    expect((await fault('remove')).code).toBe(2);
    const both = await fault('remove', '1', '--all');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  });
});

describe('metafield import under targeted faults', () => {
  const log = requestLog();
  const s = useSandbox({
    failSeed: 2024,
    faults: [
      'POST /api/202412/metafields/** 503@0.2',
      'POST /api/202412/metafields/** reset@0.15',
      'GET /api/202412/metafields/** reset@0.3',
      '* /api/202412/metafields/** 200+5ms',
    ],
    onRequest: log.hook,
  });
  // The retries' backoffs go by a simulated clock.
  const clock = new SimClock().autoAdvance();

  it('completes with nothing lost or doubled, and a re-run changes nothing', { timeout: 60_000 }, async () => {
    const ids = freshIds(30);
    const { rows, target } = plainRows(ids, 3);
    const file = scratchFile('values.csv', csv(rows));
    log.clear();
    const r = await cli(['metafield', 'import', file, '--json'], { env: s.env, clock });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { rows: number; created: number; unchanged: number; failed: number };
    expect(summary).toMatchObject({ rows: rows.length, failed: 0 });
    expect(summary.created + summary.unchanged).toBe(rows.length);
    const seen = await log.take();
    expect(seen.some((line) => line.method === 'POST' && line.status === 503)).toBe(true);
    // Dropped connections too, a POST among them: its change may have been applied, or not.
    expect(seen.filter((line) => line.status === 0).length).toBeGreaterThan(2);

    await cli(['sandbox', 'fault', 'remove', '--all'], { env: s.env });
    expect(await readBack(s.sandbox, products(ids))).toEqual(target);
    const again = await cli(['metafield', 'import', file, '--json'], { env: s.env, clock });
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: rows.length, created: 0, updated: 0, unchanged: rows.length, failed: 0 });
  });
});

describe('the embedded sandbox keeps no fault rules or request log between commands', () => {
  it.each([
    [['sandbox', 'fault', 'add', 'GET ** 503'], 'Fault rules'],
    [['sandbox', 'fault', 'list'], 'Fault rules'],
    [['sandbox', 'fault', 'remove', '--all'], 'Fault rules'],
    [['sandbox', 'logs'], 'Request logs'],
  ])('--sandbox %j: exit 2, pointing at sandbox serve', async (args, what) => {
    const r = await cli(['--sandbox', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `error: ${what} belong to a running sandbox, and the embedded one of --sandbox keeps none between commands: start one with "store-cli sandbox serve" and point --base-url (or a profile) at it.\n`,
    );
  });
});
