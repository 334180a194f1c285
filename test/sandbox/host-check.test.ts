// DNS rebinding: the sandbox answers 403 to a request whose Host header names neither its
// listening address nor a loopback name, before anything else (controls and rate limit included).
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hostAllowance, hostnameOf } from '../../src/sandbox/http/host-check.js';
import { withSandbox } from './helpers.js';

/** One raw HTTP/1.1 request with the Host line given (or none), the status and body of its answer. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  host: string | undefined,
  headers: Record<string, string> = {},
  body = '',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', rest = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]), body: rest });
    });
    const lines = [
      `${method} ${path} HTTP/1.${host === undefined ? 0 : 1}`,
      ...(host === undefined ? [] : [`Host: ${host}`]),
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    if (body !== '') lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

describe('the Host header', () => {
  it.each(['attacker.example', 'attacker.example:12412', '127.0.0.1.attacker.example', '10.0.0.9'])(
    'a request for %s is refused 403, even with the right token and on the control endpoints; the state is untouched',
    async (host) => {
      await withSandbox({ tokens: [{ token: 'secret', scopes: ['read_gift_card', 'write_gift_card'] }], seed: 'demo' }, async (sandbox) => {
        const port = Number(new URL(sandbox.baseUrl).port);
        const read = await rawRequest(port, 'GET', '/api/202412/gift_cards/count', host, { 'X-Service-Access-Token': 'secret' });
        expect(read.status).toBe(403);
        expect(JSON.parse(read.body)).toMatchObject({ code: 'forbidden', message: expect.stringContaining(`not to the host '${host}'`) });
        const wipe = await rawRequest(port, 'PUT', '/_sandbox/state', host, { 'X-Service-Access-Token': 'secret' }, '{}');
        expect(wipe.status).toBe(403);
        const count = await rawRequest(port, 'GET', '/api/202412/gift_cards/count', `127.0.0.1:${port}`, { 'X-Service-Access-Token': 'secret' });
        expect(count.status).toBe(200);
        expect(JSON.parse(count.body).count).not.toBe('0');
      });
    },
  );

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST:1', 'app.localhost', '[::1]:8080', undefined])('a request for %s is answered', async (host) => {
    await withSandbox({ tokens: [{ token: 'secret', scopes: ['read_gift_card'] }] }, async (sandbox) => {
      const reply = await rawRequest(Number(new URL(sandbox.baseUrl).port), 'GET', '/api/202412/gift_cards/count', host, {
        'X-Service-Access-Token': 'secret',
      });
      expect(reply.status).toBe(200);
    });
  });

  it('a sandbox bound to every interface answers this machine by its own addresses, and refuses other names', () => {
    const allowed = hostAllowance('0.0.0.0');
    expect(allowed('0.0.0.0:80')).toBe(true);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('rebound.example')).toBe(false);
    const named = hostAllowance('sandbox.internal');
    expect(named('sandbox.internal:12412')).toBe(true);
    expect(named('other.internal')).toBe(false);
    expect(hostnameOf('Example.COM.:80')).toBe('example.com');
    expect(hostnameOf('[::1]:1')).toBe('::1');
  });
});
