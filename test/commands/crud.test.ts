// The kit's verbs (src/commands/crud.ts) as a declared noun shows them, on `location`: a
// store's fields of any type are shown as sent and never fail a listing (only a record
// without its id does); what we send is checked by the fields' kinds, naming the flag, with
// nothing sent; the table's columns and headers come from the noun's `table` entry.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { useDocumentedStore } from '../helpers/documented-store.js';
import { useSandbox } from '../helpers/sandbox.js';
import { expectUsageError, requestLog, tsvRows } from './_support.js';

const ODD = '{"locationId":81000000000000000011,"locationName":"Annex","city":{"en":"Oakland"},"country":7,"zip":null,"phone":["1","2"],"createTime":true}';

describe('a declared noun reads tolerantly', () => {
  const store = useDocumentedStore({
    '/api/202412/shops/locations': `{"locations":[${ODD},{"locationId":"4000000000000000003","name":"Downtown Store"}]}`,
    '/api/202412/shops/locations/81000000000000000011': `{"location":${ODD}}`,
    '/api/202412/shops/locations/1': '{"location":{"name":"no id"}}',
  });

  it('a listing shows fields of any type as sent, ids digit-exact; --json is the store bytes, key order and all', async () => {
    const rows = await cli(['location', 'list'], { env: store.env });
    expect(rows.code, rows.stderr).toBe(0);
    expect(tsvRows(rows.stdout)).toEqual([
      ['81000000000000000011', 'Annex', '{"en":"Oakland"}', '7'],
      ['4000000000000000003', 'Downtown Store', '', ''],
    ]);
    const json = await cli(['location', 'list', '--json'], { env: store.env });
    expect(json.stdout).toBe(`[${ODD},{"locationId":"4000000000000000003","name":"Downtown Store"}]\n`);
  });

  it('one record shows every field of the table entry under its header; one without its id is a failure of the store (exit 1)', async () => {
    const one = await cli(['location', 'get', '81000000000000000011'], { env: store.env });
    expect(one.code, one.stderr).toBe(0);
    expect(tsvRows(one.stdout)).toEqual([
      ['ID', '81000000000000000011'],
      ['NAME', 'Annex'],
      ['ADDRESS1', ''],
      ['ADDRESS2', ''],
      ['CITY', '{"en":"Oakland"}'],
      ['PROVINCE', ''],
      ['COUNTRY', '7'],
      ['ZIP', ''],
      ['PHONE', '["1","2"]'],
      ['CREATED', 'true'],
      ['UPDATED', ''],
    ]);
    const broken = await cli(['location', 'get', '1'], { env: store.env });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('The store sent a location that does not match the API at locationId: no id.');
  });
});

describe('a declared noun sends strictly', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('each value is checked by its field kind, naming the flag, before anything is sent (exit 2)', async () => {
    log.clear();
    expectUsageError(await cli(['location', 'create', '--name', '   '], { env: s.env }), "--name must not be blank (got '   ').");
    expectUsageError(await cli(['location', 'create', '--name', 'Depot', '--city', 'x'.repeat(256)], { env: s.env }), '--city must be at most 255 characters.');
    expectUsageError(
      await cli(['location', 'update', '4000000000000000003', '--country', 'usa'], { env: s.env }),
      "--country must be a two-letter country code such as US (got 'usa').",
    );
    expectUsageError(
      await cli(['location', 'update', '4000000000000000003'], { env: s.env }),
      'Give at least one of --name, --address1, --address2, --city, --province, --country, --zip, --phone: what the location changes to. Nothing was sent.',
    );
    expect(await log.take()).toEqual([]);
  });

  it('a create sends only the fields given, in the declared order, under the wrapper', async () => {
    const dry = await cli(['location', 'create', '--phone', '+1 555 0100', '--name', 'Depot', '--dry-run', '--json'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([
      { method: 'POST', path: '/api/202412/shops/location', body: { location: { name: 'Depot', phone: '+1 555 0100' } } },
    ]);
  });
});
