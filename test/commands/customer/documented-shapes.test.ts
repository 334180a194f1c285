// The customer object the store's docs print (partners.genstore.ai "About Customer"), served
// as it is by a tiny local store, and what `customer get` and `customer list` make of it: the
// client checked against the docs' text, not against our own sandbox. The sample is not valid
// JSON in two places (a JSON array inside unescaped quotes): those quotes are escaped, nothing
// else changed (docs/decisions.md "Customers"). A second customer is the same sample as a
// store without protected-field approval might send it: the contact fields null or empty.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DOCS_CUSTOMER as DOCUMENTED } from '../../helpers/customer-sample.js';
import { tsvRows } from '../_support.js';

// The id as a number, as one of the docs' samples sends ids.
const DOCS_CUSTOMER = DOCUMENTED.replace('"id": "201462124"', '"id": 201462124');

const WITHHELD = `{"id": "201462125", "firstName": null, "lastName": "", "email": null, "phone": null, "addresses": [], "totalSpent": "13", "tags": "[]", "state": "ENABLED"}`;

describe('customers in the documented shape', () => {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (url.pathname === '/api/202412/customers/201462124') return send(200, `{"customer": ${DOCS_CUSTOMER}}`);
    if (url.pathname === '/api/202412/customers/201462125') return send(200, `{"customer": ${WITHHELD}}`);
    if (url.pathname === '/api/202412/customers') return send(200, `{"customers": [${DOCS_CUSTOMER}, ${WITHHELD}]}`);
    return send(404, '{"error": "no such route"}');
  });
  let env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = { STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, STORE_CLI_TOKEN: 'token-for-a-documented-store', STORE_CLI_BRAND: 'genstore' };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('get: the fields as sent, tags from their JSON text, the address by its lines; a first name not sent is empty, not withheld', async () => {
    const r = await cli(['customer', 'get', '201462124'], { env });
    expect(r.code, r.stderr).toBe(0);
    const fields = Object.fromEntries(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')),
    );
    expect(fields).toMatchObject({
      ID: '201462124',
      FIRST_NAME: '',
      LAST_NAME: 'li',
      TAX_EXEMPT: 'true',
      SPENT: '13',
      TAGS: 'xinsheng, human',
      ADDRESSES: '上海嘉定, 上海, SH, 23456, CN',
      NOTES: 'this is new customer',
    });
    const json = await cli(['customer', 'get', '201462124', '--json'], { env });
    // The id a number, as sent; every field kept, in its order; no withheld list.
    expect(json.stdout).toContain('"id":201462124');
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(DOCS_CUSTOMER));
  });

  it('a customer whose contact fields came null or empty: (withheld), and left out of --json with the withheld list', async () => {
    const r = await cli(['customer', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['201462124', '', 'li', '', '', '', '', '13', 'xinsheng, human'],
      ['201462125', '(withheld)', '(withheld)', '(withheld)', '(withheld)', 'ENABLED', '', '13', ''],
    ]);
    const json = await cli(['customer', 'get', '201462125', '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual({ id: '201462125', totalSpent: '13', tags: '[]', state: 'ENABLED', withheld: ['firstName', 'lastName', 'email', 'phone', 'addresses'] });
  });
});
