// Targeted faults through the built binary: `sandbox serve --fault` as a process, changed at
// run time by `sandbox fault add|list|remove` processes, and a bad rule refused with exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, killLeftovers, removeScratch, requireBuild, run, serve } from '../helpers/cli-spawn.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('sandbox serve --fault, sandbox fault add|list|remove', () => {
  it('starts with its rules, which the fault verbs change while it runs', async () => {
    const s = await serve(['--json', '--token', 't', '--fault', 'GET /api/202412/gift_cards/count 503']);
    try {
      expect((await api(s, 'GET', '/gift_cards/count')).status).toBe(503);
      const added = await run(['sandbox', 'fault', 'add', 'GET /api/202412/gift_cards/search 429', '--json', 'id,rule'], { env: s.env() });
      expect(added.code, added.stderr).toBe(0);
      expect(JSON.parse(added.stdout)).toEqual({ id: '2', rule: 'GET /api/202412/gift_cards/search 429' });
      expect((await api(s, 'GET', '/gift_cards/search')).status).toBe(429);

      const listed = await run(['sandbox', 'fault', 'list'], { env: s.env() });
      expect(listed.stdout).toBe('1\tGET\t/api/202412/gift_cards/count\t503\t1\t0\n2\tGET\t/api/202412/gift_cards/search\t429\t1\t0\n');
      const removed = await run(['sandbox', 'fault', 'remove', '--all'], { env: s.env() });
      expect(removed.code, removed.stderr).toBe(0);
      expect((await api(s, 'GET', '/gift_cards/count')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it('a bad --fault exits 2 without listening, naming the flag, the rule and the part', async () => {
    const r = await run(['sandbox', 'serve', '--port', '0', '--fault', 'GET /api/202412/** 503@1.5']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`--fault "GET /api/202412/** 503@1.5": the probability '1.5' must be a number from 0 to 1`);
  });

  it('at exit, names on stderr each rule that matched no request, with the glob hint', async () => {
    const s = await serve(['--json', '--token', 't', '--fault', 'POST /api/202412/metafields/* 503@0.3', '--fault', 'POST /api/202412/metafields/** 503@0']);
    const written = await api(s, 'POST', '/metafields/products/1', { metaFieldDataList: [{ namespace: 'custom', code: 'a', value: 'x' }] });
    expect(written.status).not.toBe(503);
    const end = await s.stop();
    expect(end.code).toBe(0);
    expect(end.stderr).toContain(
      'fault rule 1 "POST /api/202412/metafields/* 503@0.3" has matched no request while the sandbox ran: it injected nothing; * matches within one path segment, /api/202412/metafields/** every path below.',
    );
    // Rule 2 matched the write (its probability 0 kept it from firing): not named.
    expect(end.stderr).not.toContain('fault rule 2');
  });

  it('the documented example, POST /api/202412/metafields/** 503, fails a metafield write', async () => {
    const s = await serve(['--json', '--token', 't', '--fault', 'POST /api/202412/metafields/** 503']);
    try {
      expect((await api(s, 'POST', '/metafields/products/1', { metaFieldDataList: [{ namespace: 'custom', code: 'a', value: 'x' }] })).status).toBe(503);
    } finally {
      const end = await s.stop();
      expect(end.stderr).not.toContain('matched no request');
    }
  });
});
