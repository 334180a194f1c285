// What Node's HTTP parser refuses before the sandbox sees a request still gets the
// sandbox's JSON error body, as raw bytes over a socket show.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { withSandbox } from './helpers.js';

/** Writes the bytes, reads until the server closes, returns status line, headers and body. */
function raw(port: number, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
  });
}

describe('requests Node refuses', () => {
  const cases: Array<[string, string, number, string]> = [
    ['an unknown method', 'FROB /api/202412/gift_cards/count HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'invalid'],
    [
      'Content-Length beside Transfer-Encoding',
      'POST /api/202412/gift_cards HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      'invalid',
    ],
    ['headers over the limit', `GET /api/202412/gift_cards/count HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['a malformed request line', 'GET\r\n\r\n', 400, 'invalid'],
  ];
  it.each(cases)('%s: the JSON error body, then the connection closes', async (_name, bytes, status, code) => {
    await withSandbox({ port: 0 }, async (sandbox) => {
      const reply = await raw(Number(new URL(sandbox.baseUrl).port), bytes);
      expect(reply.status).toBe(status);
      expect(reply.headers).toMatch(/^Content-Type: application\/json$/im);
      expect(reply.headers).toMatch(/^Connection: close$/im);
      const body = JSON.parse(reply.body);
      expect(body).toEqual({ code, message: expect.any(String), errors: [] });
      expect(body.message).not.toBe('');
    });
  });

  it('in the real dialect, the real store\'s {"error"} body and its statuses (431 is not one: 400)', async () => {
    await withSandbox({ port: 0, dialect: 'real' }, async (sandbox) => {
      const port = Number(new URL(sandbox.baseUrl).port);
      const method = await raw(port, cases[0]![1]);
      expect(method.status).toBe(400);
      expect(Object.keys(JSON.parse(method.body))).toEqual(['error']);
      const big = await raw(port, cases[2]![1]);
      expect(big.status).toBe(400);
      expect(JSON.parse(big.body).error).toMatch(/headers/);
    });
  });
});
