// A create the store answered 2xx with a body that cannot be read (not JSON, or JSON cut
// short): the card exists and is funded, so its generated code must not be lost. A tiny
// store that answers every create so stands in for a broken proxy or a truncating gateway.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';

const GENERATED = /[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{16}/g;

describe('giftcard create answered 2xx with an unreadable body', () => {
  let server: Server;
  let baseUrl = '';
  let body = '';
  let creates = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      if (request.method === 'POST') creates += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cases: [string, string][] = [
    ['not JSON', '<html><body>OK</body></html>'],
    ['JSON cut short', '{"giftCard": {"id": "7001", "code": "ABCD'],
  ];
  for (const [what, text] of cases) {
    it(`${what}: exit 1, the generated code printed once, and the --code re-run hint; one create sent`, async () => {
      body = text;
      creates = 0;
      const r = await cli(['giftcard', 'create', '--initial-value', '25'], { env: { STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: 'secret-token' } });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expectNoStackTrace(r.stderr);
      const codes = r.stderr.match(GENERATED) ?? [];
      expect(codes, r.stderr).toHaveLength(1);
      const code = codes[0]!;
      expect(r.stderr).toContain('with a body that is not JSON. The gift card was created, but its answer could not be read.');
      expect(r.stderr).toContain(
        `Check with 'store-cli giftcard search --last-characters ${code.slice(-4)}', or run this create again adding --code ${code}: that is safe`,
      );
      // A 2xx is an answer: nothing was resent (a resend could only find the code taken).
      expect(creates).toBe(1);
    });
  }
});
