// A tiny local store that answers fixed bodies by path, as the store's docs print them, for a
// test file: what the client makes of the docs' own samples, not of our sandbox. Any other
// path answers 404 with the real store's `{"error"}` body. The environment points the CLI at
// it with the genstore header family (the docs are Genstore's).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** `answers`: the JSON text of a 200 answer, by request path (`/api/202412/orders/1001`). */
export function useDocumentedStore(answers: Readonly<Record<string, string>>): { readonly env: Record<string, string> } {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = answers[pathname];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? '{"error": "no such route"}');
  });
  let env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = {
      STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      STORE_CLI_TOKEN: 'token-for-a-documented-store',
      STORE_CLI_BRAND: 'genstore',
    };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    get env() {
      return env;
    },
  };
}
