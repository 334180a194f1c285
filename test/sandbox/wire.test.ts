import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { call, createCard, expectErrorShape, freshCode, withSandbox } from './helpers.js';

describe('idsAs', () => {
  it("'number' writes ids and counts as bare digits, exact beyond 2^53", async () => {
    await withSandbox({ idsAs: 'number' }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/gift_cards', {
        rawBody: `{"giftCard":{"code":"${freshCode()}","initialValue":"9.99","customerId":"12345678901234567891"}}`,
      });
      expect(created.status).toBe(200);
      const id = /"id":([0-9]+)[,}]/.exec(created.text)?.[1];
      expect(id).toMatch(/^[0-9]{19}$/);
      expect(BigInt(id as string)).toBeGreaterThan(2n ** 53n);
      expect(created.text).toContain('"customerId":12345678901234567891,');
      expect(created.text).toContain('"userId":9000000000000000001');
      expect(created.text).toContain('"balance":"9.99"');
      // Read back as a number, the id would have lost digits; the text must carry all of them.
      expect(String(created.json.giftCard.id)).not.toBe(id);

      const fetched = await call(sandbox, 'GET', `/gift_cards/${id}`);
      expect(fetched.text).toContain(`"id":${id},`);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).text).toBe('{"count":1}');
    });
  });

  it("'string' (the default) writes ids and counts as JSON strings", async () => {
    await withSandbox({}, async (sandbox) => {
      const card = await createCard(sandbox);
      expect(typeof card.id).toBe('string');
      expect((await call(sandbox, 'GET', '/gift_cards/count')).text).toBe('{"count":"1"}');
    });
  });
});

describe('transport', () => {
  it('answers 413 to a body over 1 MiB', async () => {
    await withSandbox({}, async (sandbox) => {
      const note = 'x'.repeat(1024 * 1024);
      const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '1', note } } });
      expectErrorShape(reply, 413, 'payload_too_large');
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json).toEqual({ count: '0' });
    });
  });

  it('answers 413 to an oversized chunked body without a Content-Length', async () => {
    await withSandbox({}, async (sandbox) => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${sandbox.baseUrl}/api/202412/gift_cards`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': sandbox.token, 'Transfer-Encoding': 'chunked' },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        const chunk = 'y'.repeat(64 * 1024);
        for (let index = 0; index < 20; index += 1) req.write(chunk);
        req.end();
      });
      expect(status).toBe(413);
    });
  });

  it('answers 400 naming the depth limit to a body nested 100,000 deep, and takes 100 levels', async () => {
    await withSandbox({}, async (sandbox) => {
      const deep = await call(sandbox, 'POST', '/gift_cards', { rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
      expectErrorShape(deep, 400, 'invalid');
      expect(deep.json.message).toBe('The request body nests arrays and objects more than 100 levels deep (at character 100); the limit is 100.');
      // Brackets inside strings are not nesting; 100 levels are accepted (and refused for their shape only).
      const note = '[{'.repeat(200);
      const fine = await call(sandbox, 'POST', '/gift_cards', { rawBody: `{"giftCard":{"code":"${freshCode()}","initialValue":"1","note":"${note}"}}` });
      expect(fine.status).toBe(200);
      const hundred = await call(sandbox, 'POST', '/gift_cards', { rawBody: `${'['.repeat(100)}${']'.repeat(100)}` });
      expect(hundred.json.message).not.toMatch(/deep/);
    });
  });

  it('reports each request to onRequest without the token', async () => {
    const lines: Array<{ method: string; path: string; status: number; ms: number }> = [];
    await withSandbox({ onRequest: (line) => lines.push(line) }, async (sandbox) => {
      await call(sandbox, 'GET', '/gift_cards/count');
      await call(sandbox, 'GET', '/gift_cards/search?status=enabled', { token: 'bad' });
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/202412/gift_cards/count', status: 200 });
      expect(lines[1]).toMatchObject({ path: '/api/202412/gift_cards/search?status=enabled', status: 401 });
      expect(lines[0]?.ms).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(lines)).not.toContain(sandbox.token);
    });
  });

  it('binds IPv6 loopback and brackets it in baseUrl', async () => {
    await withSandbox({ host: '::1' }, async (sandbox) => {
      expect(sandbox.baseUrl).toMatch(/^http:\/\/\[::1\]:[0-9]+$/);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
    });
  });
});
