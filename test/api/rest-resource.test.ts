// The declared resources' kit (src/api/rest-resource.ts) against a FakeTransport: tolerant
// reads (only the id is required; every other field is shown as sent, whatever its type),
// strict writes (each kind's rule, a FieldError naming the field, nothing sent), and the
// requests of one RestApi for any declaration. Also: what the declarations load at start-up.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkId, checkInput, kind, restResource, RestApi, writableFields } from '../../src/api/rest-resource.js';
import { CancelledError, FieldError, RuntimeError, UnconfirmedCreateError } from '../../src/core/errors.js';
import { toJson } from '../../src/core/json.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const things = restResource({
  name: 'thing',
  path: '/things',
  createPath: '/thing',
  wrap: { item: 'thing', list: 'things' },
  paging: { max: 250, defaultLimit: 50, sinceId: true },
  count: 'endpoint',
  id: 'thingId',
  fields: {
    thingId: kind.id(),
    title: kind.text({ max: 10, notBlank: true, write: 'required' }),
    country: kind.pattern(/^[A-Z]{2}$/, 'a two-letter country code such as US', { write: true }),
    status: kind.enum(['open', 'closed'], { write: true }),
    price: kind.decimal({ write: true }),
    rank: kind.int({ min: 1, max: 9, write: true }),
    due: kind.timestamp({ write: 'create' }),
    active: kind.bool({ write: true }),
    tags: kind.list(kind.text({ max: 5, notBlank: true }), { write: true }),
    ownerId: kind.id(),
    notes: kind.asSent(),
  },
  filters: ['ownerId', 'status'],
  createOnce: true,
});

/** The FieldError a check throws: its field and its sentence with the field named as a flag. */
function refusal(check: () => unknown): { field: string; message: string } {
  try {
    check();
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    return { field: error.field, message: error.named((root) => `--${root}`).message };
  }
  throw new Error('not refused');
}

describe('reads: tolerant, only the id checked', () => {
  it('a record whose other fields have any type is returned as sent, key order and all; so is every item of a listing', async () => {
    const odd = '{"notes":{"a":[1,2]},"thingId":40000000000000000011,"title":7,"tags":"a,b","active":"yes","extra":null}';
    const t = new FakeTransport([{ body: `{"thing":${odd}}` }, { body: `{"things":[${odd},{"thingId":"2","due":false}]}` }]);
    const api = new RestApi(t, things);
    expect(toJson(await api.get('40000000000000000011'))).toBe(odd);
    expect(toJson(await api.list())).toBe(`[${odd},{"thingId":"2","due":false}]`);
  });

  it('a record without its id, or with one that is not text or a number, is refused naming where; so is an item that is no object', async () => {
    const refused = async (body: string): Promise<Error> =>
      new RestApi(new FakeTransport([{ body }]), things).list().then(
        () => new Error('not refused'),
        (error: unknown) => error as Error,
      );
    const noId = await refused('{"things":[{"thingId":"1"},{"title":"x"}]}');
    expect(noId).toBeInstanceOf(RuntimeError);
    expect(noId.message).toBe('The store sent a thing list that does not match the API at 1.thingId: no id.');
    expect((await refused('{"things":[{"thingId":{"n":1}}]}')).message).toMatch(/at 0\.thingId: an id must be a JSON string or number/);
    expect((await refused('{"things":["x"]}')).message).toMatch(/a thing list that does not match the API at 0: not a JSON object/);
    expect((await refused('{"things":{"thingId":"1"}}')).message).toMatch(/not a JSON array/);
    await expect(new RestApi(new FakeTransport([{ body: '{"thing":{}}' }]), things).get('1')).rejects.toThrow(
      'The store sent a thing that does not match the API at thingId: no id.',
    );
  });

  it('a field marked needed (a record named by its fields, not an id) must come as text; the rest as sent', async () => {
    const named = restResource({
      name: 'definition',
      path: '/defs',
      wrap: { list: 'defs' },
      fields: { code: kind.text({ needed: true }), multi: kind.bool() },
    });
    const read = (body: string) => new RestApi(new FakeTransport([{ body }]), named).list();
    expect(toJson(await read('{"defs":[{"code":"c","multi":{"odd":1}}]}'))).toBe('[{"code":"c","multi":{"odd":1}}]');
    await expect(read('{"defs":[{"code":"c"},{"multi":true}]}')).rejects.toThrow(
      'The store sent a definition list that does not match the API at 1.code: none.',
    );
    await expect(read('{"defs":[{"code":7}]}')).rejects.toThrow('at 0.code: not text.');
  });

  it('a singleton (no id declared) is read by its path, whatever it holds; the read hook sees every record', async () => {
    const seen: unknown[] = [];
    const shop = restResource({
      name: 'shop',
      path: '/shop/info',
      wrap: { item: 'shop' },
      paging: 'unpaged',
      fields: { shopName: kind.asSent() },
      read: (r) => (seen.push(r), { ...r, marked: true }),
    });
    const t = new FakeTransport([{ body: '{"shop":{"shopName":1}}' }]);
    expect(toJson(await new RestApi(t, shop).get())).toBe('{"shopName":1,"marked":true}');
    expect(t.requests).toEqual([{ method: 'GET', path: '/api/202412/shop/info' }]);
    expect(seen).toHaveLength(1);
  });
});

describe('what is sent: strict, by kind', () => {
  it('keeps only the fields given, in the declared order, a flag as a boolean', () => {
    const sent = checkInput(things, 'create', { tags: ['a'], active: 'true', title: 'Lamp', country: undefined, rank: 3, due: '2026-01-31T09:30:00Z' });
    expect(Object.entries(sent)).toEqual([
      ['title', 'Lamp'],
      ['rank', 3],
      ['due', '2026-01-31T09:30:00Z'],
      ['active', true],
      ['tags', ['a']],
    ]);
    expect(checkInput(things, 'update', { active: false })).toEqual({ active: false });
    expect(writableFields(things, 'create')).toEqual(['title', 'country', 'status', 'price', 'rank', 'due', 'active', 'tags']);
    expect(writableFields(things, 'update')).toEqual(['title', 'country', 'status', 'price', 'rank', 'active', 'tags']);
  });

  it('refuses each kind by its rule, naming the field (a flag, once the verb names it) and what was given', () => {
    const create = (values: Record<string, unknown>) => refusal(() => checkInput(things, 'create', { title: 'Lamp', ...values }));
    expect(refusal(() => checkInput(things, 'create', {}))).toEqual({ field: 'title', message: '--title is required.' });
    expect(create({ title: '   ' }).message).toBe("--title must not be blank (got '   ').");
    expect(create({ title: 'x'.repeat(11) }).message).toBe('--title must be at most 10 characters.');
    expect(create({ country: 'usa' }).message).toBe("--country must be a two-letter country code such as US (got 'usa').");
    expect(create({ status: 'gone' }).message).toBe("--status must be one of open, closed (got 'gone').");
    expect(create({ price: '1.999' }).message).toMatch(/^--price must be a non-negative decimal amount such as 25 or 19.99.* \(got '1.999'\)\.$/);
    expect(create({ rank: 10 }).message).toBe('--rank must be a whole number from 1 to 9.');
    expect(create({ rank: '2.5' }).message).toBe("--rank must be a whole number from 1 to 9 (got '2.5').");
    expect(create({ due: '2026-02-30T00:00:00Z' }).message).toMatch(/^--due must be a date and time such as/);
    expect(create({ due: '2026-01-31' }).message).toMatch(/^--due must be a date and time such as/);
    expect(create({ active: 'yes' }).message).toBe("--active must be true or false (got 'yes').");
    expect(create({ tags: ['ok', ' '] })).toEqual({ field: 'tags', message: "--tags must not be blank (got ' ')." });
    expect(create({ tags: ['toolong'] }).message).toBe('--tags must be at most 5 characters.');
  });

  it('filters are checked by the same kinds; a field a mode does not send is a mistake of the caller', () => {
    expect(checkInput(things, 'filter', { ownerId: '12', status: 'open' })).toEqual({ ownerId: '12', status: 'open' });
    expect(refusal(() => checkInput(things, 'filter', { ownerId: '1x' })).message).toBe("--ownerId must be a numeric id (got '1x').");
    expect(() => checkInput(things, 'update', { due: '2026-01-31T09:30:00Z' })).toThrow('thing: due is not sent on update');
    expect(() => checkInput(things, 'create', { title: 'a', notes: 'n' })).toThrow('thing: notes is not sent on create');
    expect(checkId('42', 'thing')).toBe('42');
    expect(refusal(() => checkId('../x', 'thing'))).toEqual({ field: 'thing', message: "--thing must be a numeric id (got '../x')." });
  });
});

describe('RestApi: the requests of a declaration', () => {
  it('pages with filters and since-id on the first page, the token alone after; an empty filter is none; without all, one page and its token', async () => {
    const t = new FakeTransport([
      { body: '{"things":[{"thingId":"1"}]}', headers: { link: '</api/202412/things?limit=1&pageToken=p2>; rel="next"' } },
      { body: '{"things":[{"thingId":"2"}]}' },
      { body: '{"things":[{"thingId":"1"}]}', headers: { link: '</api/202412/things?pageToken=p2>; rel="next"' } },
    ]);
    const api = new RestApi(t, things);
    expect(await api.list({ limit: 1, sinceId: '0', ownerId: '7', status: '' })).toHaveLength(2);
    const pages = api.pages({ pageToken: 'p1' }, false);
    expect((await pages.next()).value).toHaveLength(1);
    expect(await pages.next()).toEqual({ done: true, value: 'p2' });
    expect(t.requests.map((r) => r.query)).toEqual([{ ownerId: '7', limit: '1', sinceId: '0' }, { limit: '1', pageToken: 'p2' }, { pageToken: 'p1' }]);
  });

  it('creates at createPath under its wrapper, never resending one that may have arrived; changes, counts and deletes at the path, ids as one segment', async () => {
    const t = new FakeTransport([{ body: '{"thing":{"thingId":"9"}}', status: 201 }, { body: '' }, { body: '{"count":"007"}' }, { body: '' }]);
    const api = new RestApi(t, things);
    expect(await api.create({ title: 'Lamp' })).toEqual({ thingId: '9' });
    expect(await api.update('9/..', { rank: 2 })).toBeUndefined();
    expect(await api.count({ status: 'open' })).toBe('7');
    await api.delete('9');
    expect(t.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query ?? null)} ${JSON.stringify(r.body ?? null)}`)).toEqual([
      'POST /api/202412/thing null {"thing":{"title":"Lamp"}}',
      'PUT /api/202412/things/9%2F.. null {"thing":{"rank":2}}',
      'GET /api/202412/things/count {"status":"open"} null',
      'DELETE /api/202412/things/9 null null',
    ]);
    const lost = new RestApi({ request: () => Promise.reject(new CancelledError('Interrupted.')) }, things);
    const error = await lost.create({ title: 'Lamp' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnconfirmedCreateError);
    expect((error as Error).message).toBe('Interrupted. The thing may have been created anyway.');
  });

  it('readBack reads a change answered without a body; a count by listing reads the largest pages to the end', async () => {
    const counted = restResource({ ...things, count: 'listing', readBack: true });
    const t = new FakeTransport([
      { body: '' },
      { body: '{"thing":{"thingId":"9","rank":"2"}}' },
      { body: '{"things":[{"thingId":"1"},{"thingId":"2"}]}', headers: { link: '</api/202412/things?limit=250&pageToken=n>; rel="next"' } },
      { body: '{"things":[{"thingId":"3"}]}' },
    ]);
    const api = new RestApi(t, counted);
    expect(await api.update('9', { rank: 2 })).toEqual({ thingId: '9', rank: '2' });
    expect(await api.count()).toBe('3');
    expect(t.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query ?? null)}`)).toEqual([
      'PUT /api/202412/things/9 null',
      'GET /api/202412/things/9 null',
      'GET /api/202412/things {"limit":"250"}',
      'GET /api/202412/things {"limit":"250","pageToken":"n"}',
    ]);
  });
});

describe('what a declared resource loads when its verbs are declared', () => {
  const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
  /** The modules a file imports for its values at load time (not types, not a dynamic import), followed through src/. */
  function loadedBy(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const [, typeOnly, spec] of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[\w*{}\s,$]*?\s*from\s+['"]([^'"]+)['"]/gm)) {
      if (typeOnly) continue;
      if (spec!.startsWith('.')) loadedBy(resolve(dirname(file), spec!).replace(/\.js$/, '.ts'), seen);
      else seen.add(spec!);
    }
    return seen;
  }

  it('the kit, a noun made with it and every declaration load no zod (nor does reading metafield definitions)', () => {
    const declared = ['locations', 'customers', 'webhook-subscriptions', 'collections', 'categories', 'shop', 'inventory', 'metafield-definitions'].map(
      (name) => `api/${name}/declaration.ts`,
    );
    for (const entry of ['commands/crud.ts', 'commands/location/index.ts', 'api/metafield-definitions/requests.ts', ...declared]) {
      const loaded = [...loadedBy(join(SRC, entry))];
      expect(loaded, entry).toContain(join(SRC, 'api/rest-resource.ts'));
      expect(
        loaded.filter((spec) => spec.startsWith('zod')),
        entry,
      ).toEqual([]);
    }
  });
});
