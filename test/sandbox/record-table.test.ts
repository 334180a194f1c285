// The record table (resources/record-table.ts): what a plain resource gets from its one
// description, driven through the routes, the seed section and the data file's load and
// journal, on a table of its own (the sandbox's resources are tested through HTTP elsewhere).
import { describe, expect, it } from 'vitest';
import { serializeJson } from '../../src/sandbox/http/body-json.js';
import { createDialect, type DialectName } from '../../src/sandbox/http/dialect.js';
import { ErrorAnswer } from '../../src/sandbox/http/sandbox-errors.js';
import { DefinitionCatalog } from '../../src/sandbox/resources/metafield-definitions/definitions.js';
import { Lookups } from '../../src/sandbox/resources/lookups.js';
import { choiceFilter } from '../../src/sandbox/resources/pagination.js';
import { choice, createTime, flag, text, updateTime } from '../../src/sandbox/resources/record-fields.js';
import { recordTable, type TableHooks, type TableRecord } from '../../src/sandbox/resources/record-table.js';
import type { Method, ResourceEnv, RouteReply } from '../../src/sandbox/resources/resource.js';
import { IdGenerator } from '../../src/sandbox/state/ids.js';

const PINNED = '9000000000000000001';

const noteTable = recordTable({
  key: 'notes',
  wrap: { one: 'note', many: 'notes' },
  id: 'noteId',
  fields: {
    title: text({ max: 10, required: true, notBlank: true }),
    color: choice(['red', 'blue'], { initial: 'red' }),
    memo: text({ max: 20, clearable: true }),
    code: text({ max: 5, rule: { test: /^[A-Z]+$/, message: 'must be capital letters' } }),
    pinned: flag({ initial: false, shown: 'text' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  routes: { path: '/notes', create: true, list: true, count: true, get: true, update: true, delete: true },
  scopes: { read: 'read_notes', write: 'write_notes' },
  filters: [choiceFilter('color', ['red', 'blue'], (note: { color: string }) => note.color)],
  always: [{ noteId: PINNED, title: 'Pinned' }],
  check(notes, report) {
    notes.forEach((note, index) => {
      if (note.title === 'Twice') report(index, 'title', 'is not a title');
    });
  },
});

type Note = TableRecord<typeof noteTable>;

const NOW = new Date('2026-11-21T10:00:00Z');
const LATER = new Date('2026-11-21T11:30:00Z');

function tableFor(dialect: DialectName = 'service', hooks: TableHooks<Note> = {}) {
  const changes: Array<[string, unknown]> = [];
  const env: ResourceEnv = {
    ids: new IdGenerator(),
    currency: 'USD',
    shop: { name: 'Sandbox Shop', domain: 'sandbox.localhost' },
    codesInReads: 'masked',
    idsAs: 'string',
    metafieldDefinitions: new DefinitionCatalog(),
    lookups: new Lookups(),
    dialect: createDialect(dialect),
    changed: (key, change) => changes.push([key, change]),
    emit: () => {},
  };
  const resource = noteTable.resource(env, hooks);
  const send = (method: Method, path: string, options: { body?: unknown; query?: string; now?: Date } = {}): RouteReply => {
    const [, id] = /^\/notes\/(.+)$/.exec(path) ?? [];
    const pattern = id === undefined || id === 'count' ? path : '/notes/:id';
    const route = resource.routes.find((candidate) => candidate.method === method && candidate.path === pattern);
    if (route === undefined) throw new Error(`no route ${method} ${pattern}`);
    return route.handle({
      params: id === undefined ? {} : { id },
      query: new URLSearchParams(options.query ?? ''),
      body: options.body,
      now: options.now ?? NOW,
    }) as RouteReply;
  };
  return { env, resource, changes, send };
}

/** The errors of a refused request, as the answer lists them. */
function refusal(run: () => unknown): Array<{ field: string; message: string }> {
  try {
    run();
  } catch (error) {
    if (error instanceof ErrorAnswer) return [...error.errors];
    throw error;
  }
  throw new Error('the request was not refused');
}

describe('a record table', () => {
  it('creates a record: the next id, the initial values, the times; shown in the dialect’s forms', () => {
    const { env, resource, changes, send } = tableFor();
    const reply = send('POST', '/notes', { body: { note: { title: 'Groceries', code: 'AB' } } });
    const stored = {
      noteId: '4000000000000000001',
      title: 'Groceries',
      color: 'red',
      code: 'AB',
      pinned: false,
      createTime: '2026-11-21T10:00:00Z',
      updateTime: '2026-11-21T10:00:00Z',
    };
    expect(resource.get('4000000000000000001')).toEqual(stored);
    expect(Object.keys(resource.get('4000000000000000001') as Note)).toEqual(Object.keys(stored));
    expect(env.ids.lastId).toBe('4000000000000000001');
    expect(changes).toEqual([['notes', { put: stored }]]);
    expect(reply.created).toBe(true);
    expect(serializeJson(reply.body, 'number')).toBe(
      '{"note":{"noteId":4000000000000000001,"title":"Groceries","color":"red","code":"AB","pinned":"false","createTime":"2026-11-21T10:00:00Z","updateTime":"2026-11-21T10:00:00Z"}}',
    );
    const real = tableFor('real');
    const shown = real.send('POST', '/notes', { body: { note: { title: 'Groceries' } } }).body as { note: Record<string, unknown> };
    expect(shown.note.createTime).toBe('2026-11-21T10:00:00.000');
  });

  it('refuses a body with every error at its JSON path, storing nothing and using no id', () => {
    const { env, resource, changes, send } = tableFor();
    expect(refusal(() => send('POST', '/notes', { body: { note: { title: '  ', color: 'green', memo: 5, code: 'abc', pinned: 'yes' } } }))).toEqual([
      { field: 'note.title', message: 'must not be blank' },
      { field: 'note.color', message: 'must be one of red, blue' },
      { field: 'note.memo', message: 'must be a string' },
      { field: 'note.code', message: 'must be capital letters' },
      { field: 'note.pinned', message: 'must be true or false' },
    ]);
    expect(refusal(() => send('POST', '/notes', { body: { note: { title: 'A title too long', code: 'ABCDEFG' } } }))).toEqual([
      { field: 'note.title', message: 'must be at most 10 characters' },
      { field: 'note.code', message: 'must be at most 5 characters' },
    ]);
    expect(refusal(() => send('POST', '/notes', { body: { note: { memo: 'no title' } } }))).toEqual([{ field: 'note.title', message: 'is required' }]);
    expect(refusal(() => send('POST', '/notes', { body: { title: 'unwrapped' } }))).toEqual([
      { field: 'note', message: 'is required: the body must be {"note": {...}}' },
    ]);
    expect(env.ids.lastId).toBe('4000000000000000000');
    expect(resource.all().map((note) => note.noteId)).toEqual([PINNED]);
    expect(changes).toEqual([]);
  });

  it('updates what a body sends, clears a clearable field sent as null or "", and refuses a change of nothing', () => {
    const { resource, changes, send } = tableFor();
    send('POST', '/notes', { body: { note: { title: 'Groceries', memo: 'milk' } } });
    const id = resource.all()[0]?.noteId as string;
    send('PUT', `/notes/00${id}`, { body: { note: { color: 'blue', pinned: 'true', title: null } }, now: LATER });
    expect(resource.get(id)).toMatchObject({
      title: 'Groceries',
      color: 'blue',
      memo: 'milk',
      pinned: true,
      createTime: '2026-11-21T10:00:00Z',
      updateTime: '2026-11-21T11:30:00Z',
    });
    send('PUT', `/notes/${id}`, { body: { note: { memo: '' } } });
    expect(resource.get(id)).not.toHaveProperty('memo');
    send('PUT', `/notes/${id}`, { body: { note: { memo: 'eggs' } } });
    send('PUT', `/notes/${id}`, { body: { note: { memo: null } } });
    expect(resource.get(id)).not.toHaveProperty('memo');
    expect(refusal(() => send('PUT', `/notes/${id}`, { body: { note: { other: 1 } } }))).toEqual([
      { field: 'note', message: 'must change at least one of title, color, memo, code, pinned' },
    ]);
    expect(() => send('PUT', '/notes/4000000000000000999', { body: { note: { memo: 'x' } } })).toThrow('No note has the id 4000000000000000999.');
    expect(changes.at(-1)).toEqual(['notes', { put: resource.get(id) }]);
  });

  it('deletes through the hooks: a refusal keeps the record; a delete is journaled by id', () => {
    const removed: string[] = [];
    const { resource, changes, send } = tableFor('service', {
      beforeRemove(note) {
        if (note.noteId === PINNED) throw new ErrorAnswer(409, 'conflict', 'The pinned note stays.');
      },
      removed: (note) => removed.push(note.noteId),
    });
    send('POST', '/notes', { body: { note: { title: 'Groceries' } } });
    expect(() => send('DELETE', `/notes/${PINNED}`)).toThrow('The pinned note stays.');
    expect(send('DELETE', '/notes/4000000000000000001').body).toEqual({});
    expect(resource.all().map((note) => note.noteId)).toEqual([PINNED]);
    expect(removed).toEqual(['4000000000000000001']);
    expect(changes.at(-1)).toEqual(['notes', { remove: '4000000000000000001' }]);
  });

  it('lists by id with its filters and counts with them; the token carries them, alone in the real dialect', () => {
    for (const dialect of ['service', 'real'] as const) {
      const { send } = tableFor(dialect);
      for (const [title, color] of [
        ['One', 'blue'],
        ['Two', 'red'],
        ['Three', 'blue'],
        ['Four', 'blue'],
      ])
        send('POST', '/notes', { body: { note: { title, color } } });
      expect((send('GET', '/notes/count', { query: 'color=blue' }).body as { count: { digits: string } }).count.digits).toBe('3');
      const first = send('GET', '/notes', { query: 'color=blue&limit=2' });
      expect((first.body as { notes: Array<{ title: string }> }).notes.map((note) => note.title)).toEqual(['One', 'Three']);
      const next = new URL(first.links?.next as string, 'http://sandbox').searchParams;
      const second = send('GET', '/notes', { query: `pageToken=${next.get('pageToken')}&limit=2` });
      expect((second.body as { notes: Array<{ title: string }> }).notes.map((note) => note.title)).toEqual(['Four']);
      expect(second.links?.next).toBeUndefined();
      expect(second.links?.previous).toBeDefined();
      const beside = () => send('GET', '/notes', { query: `pageToken=${next.get('pageToken')}&color=blue` });
      if (dialect === 'real') expect(refusal(beside)[0]?.field).toBe('color');
      else expect((beside().body as { notes: unknown[] }).notes).toHaveLength(1);
    }
  });

  it('gives a seed section: ids once, its own checks, times filled in, the records every store has first', () => {
    const { seed } = noteTable;
    const rows = seed.schema.parse([
      { noteId: '4000000000000000007', title: 'Seeded', createTime: '2026-01-01T00:00:00Z' },
      { noteId: '4000000000000000007', title: 'Twice' },
    ]);
    const problems: Array<[PropertyKey[], string]> = [];
    seed.check?.({ notes: rows } as never, (path, message) => problems.push([path, message]));
    expect(problems).toEqual([
      [['notes', 1, 'noteId'], 'is the id of notes[0] too'],
      [['notes', 1, 'title'], 'is not a title'],
    ]);
    const filled = seed.fill(seed.schema.parse([{ noteId: '4000000000000000007', title: 'Seeded', createTime: '2026-01-01T00:00:00Z' }]), {
      stamp: '2026-11-21T10:00:00Z',
      earlier: {},
      problems: [],
    });
    expect(filled).toEqual([
      { noteId: PINNED, title: 'Pinned', color: 'red', pinned: false, createTime: '2026-11-21T10:00:00Z', updateTime: '2026-11-21T10:00:00Z' },
      { noteId: '4000000000000000007', title: 'Seeded', color: 'red', pinned: false, createTime: '2026-01-01T00:00:00Z', updateTime: '2026-01-01T00:00:00Z' },
    ]);
    expect(seed.schema.safeParse([{ noteId: 7, title: 'x' }]).error?.issues[0]?.message).toBe('must be a decimal id as a JSON string');
  });

  it('loads a data file section and redoes journaled changes; the ids of the records every store has are not the sequence’s', () => {
    const { env, resource } = tableFor();
    const note = {
      noteId: '4000000000000000042',
      title: 'Kept',
      color: 'blue',
      pinned: true,
      createTime: '2026-01-01T00:00:00Z',
      updateTime: '2026-01-02T00:00:00Z',
    };
    resource.load([note]);
    expect(resource.dump()).toEqual([note, expect.objectContaining({ noteId: PINNED, title: 'Pinned' })]);
    expect(env.ids.lastId).toBe('4000000000000000042');
    expect(() => resource.load([note, note])).toThrow('note id 4000000000000000042 appears twice');
    expect(() => resource.load([{ ...note, title: '' }])).toThrow('must not be blank');
    resource.apply?.({ put: { ...note, noteId: '4000000000000000050', title: 'Redone' } });
    resource.apply?.({ remove: '4000000000000000042' });
    expect(resource.all().map((kept) => kept.title)).toEqual(['Redone', 'Pinned']);
    expect(() => resource.apply?.({ put: { ...note, color: 'green' } })).toThrow();
    expect(resource.snapshot()).toEqual(resource.dump());
  });

  it('keeps a record’s id under `id` when the description names no id field', () => {
    const tagTable = recordTable({
      key: 'tags',
      wrap: { one: 'tag', many: 'tags' },
      fields: { name: text({ max: 10, required: true }) },
      routes: { path: '/tags', create: true, get: true },
      scopes: { read: 'read_notes', write: 'write_notes' },
    });
    const { env } = tableFor();
    const resource = tagTable.resource(env);
    const create = resource.routes.find((route) => route.method === 'POST')!;
    const reply = create.handle({ params: {}, query: new URLSearchParams(), body: { tag: { name: 'sale' } }, now: NOW }) as RouteReply;
    expect(serializeJson(reply.body, 'number')).toBe('{"tag":{"id":4000000000000000001,"name":"sale"}}');
    expect(resource.get('4000000000000000001')).toEqual({ id: '4000000000000000001', name: 'sale' });
    expect(tagTable.seed.schema.safeParse([{ name: 'x' }]).error?.issues[0]?.path).toEqual([0, 'id']);
  });
});
