// The customer object the store's docs print (partners.genstore.ai "About Customer"), served
// as it is by a tiny local store, and what `customer get` and `customer list` make of it: the
// client checked against the docs' text, not against our own sandbox. The sample is not valid
// JSON in two places (a JSON array inside unescaped quotes): those quotes are escaped, nothing
// else changed (docs/decisions.md "Customers"). A second customer is the same sample as a
// store without protected-field approval might send it: the contact fields null or empty.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DOCS_CUSTOMER as DOCUMENTED } from '../../helpers/customer-sample.js';
import { useDocumentedStore } from '../../helpers/documented-store.js';
import { tsvRecord, tsvRows } from '../_support.js';

// The id as a number, as one of the docs' samples sends ids.
const DOCS_CUSTOMER = DOCUMENTED.replace('"id": "201462124"', '"id": 201462124');

const WITHHELD = `{"id": "201462125", "firstName": null, "lastName": "", "email": null, "phone": null, "addresses": [], "totalSpent": "13", "tags": "[]", "state": "ENABLED"}`;

describe('customers in the documented shape', () => {
  const store = useDocumentedStore({
    '/api/202412/customers/201462124': `{"customer": ${DOCS_CUSTOMER}}`,
    '/api/202412/customers/201462125': `{"customer": ${WITHHELD}}`,
    '/api/202412/customers': `{"customers": [${DOCS_CUSTOMER}, ${WITHHELD}]}`,
  });
  const env = () => store.env;

  it('get: the fields as sent, tags from their JSON text, the address by its lines; a first name not sent is empty, not withheld', async () => {
    const r = await cli(['customer', 'get', '201462124'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRecord(r.stdout)).toMatchObject({
      ID: '201462124',
      FIRST_NAME: '',
      LAST_NAME: 'li',
      TAX_EXEMPT: 'true',
      SPENT: '13',
      TAGS: 'xinsheng, human',
      ADDRESSES: '上海嘉定, 上海, SH, 23456, CN',
      NOTES: 'this is new customer',
    });
    const json = await cli(['customer', 'get', '201462124', '--json'], { env: env() });
    // The id a number, as sent; every field kept, in its order; no withheld list.
    expect(json.stdout).toContain('"id":201462124');
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(DOCS_CUSTOMER));
  });

  it('a customer whose contact fields came null or empty: (withheld), and left out of --json with the withheld list', async () => {
    const r = await cli(['customer', 'list'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['201462124', '', 'li', '', '', '', '', '13', 'xinsheng, human'],
      ['201462125', '(withheld)', '(withheld)', '(withheld)', '(withheld)', 'ENABLED', '', '13', ''],
    ]);
    const json = await cli(['customer', 'get', '201462125', '--json'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual({
      id: '201462125',
      totalSpent: '13',
      tags: '[]',
      state: 'ENABLED',
      withheld: ['firstName', 'lastName', 'email', 'phone', 'addresses'],
    });
  });
});
