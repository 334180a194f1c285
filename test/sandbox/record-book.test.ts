// The sandbox's records in memory (resources/record-book.ts): kept ascending by id whatever the
// order they come in, replaced whole or not at all, and found by an id of a path as every
// resource finds them (leading zeros dropped; anything else a 404 naming the resource); and
// their state as the data file, the journal and a seed hold it (keptRecords).
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/sandbox/http/sandbox-errors.js';
import { findByPathId, keptRecords, RecordBook } from '../../src/sandbox/resources/record-book.js';

interface Note {
  id: string;
  text: string;
}

const book = (...notes: Note[]) => {
  const kept = new RecordBook<Note>((note) => note.id, 'note');
  kept.replace(notes);
  return kept;
};

function answerOf(run: () => unknown): ErrorAnswer {
  try {
    run();
  } catch (error) {
    if (error instanceof ErrorAnswer) return error;
    throw error;
  }
  throw new Error('no answer was thrown');
}

describe('RecordBook', () => {
  it('keeps records ascending by id, as numbers, however they are put', () => {
    const notes = book({ id: '30', text: 'c' }, { id: '4', text: 'a' });
    notes.put({ id: '10', text: 'b' });
    notes.put({ id: '4', text: 'A' });
    expect(notes.all().map((note) => `${note.id}:${note.text}`)).toEqual(['4:A', '10:b', '30:c']);
    notes.remove('10');
    expect(notes.all().map((note) => note.id)).toEqual(['4', '30']);
  });

  it('refuses an id twice in a replace and keeps what it had', () => {
    const notes = book({ id: '1', text: 'kept' });
    expect(() =>
      notes.replace([
        { id: '2', text: 'x' },
        { id: '2', text: 'y' },
      ]),
    ).toThrow('note id 2 appears twice');
    expect(notes.all()).toEqual([{ id: '1', text: 'kept' }]);
  });
});

describe('findByPathId', () => {
  const notes = book({ id: '42', text: 'found' });
  const find = (raw: string | undefined) => findByPathId(raw, (id) => notes.get(id), 'note');

  it('finds a record by its id with leading zeros dropped', () => {
    expect(find('0042')).toEqual({ id: '42', text: 'found' });
  });

  it('answers 404 naming the resource for an unknown, a malformed or a missing id, the id cut to 40 characters', () => {
    expect(answerOf(() => find('43'))).toMatchObject({ status: 404, message: 'No note has the id 43.' });
    expect(answerOf(() => find('x'.repeat(60))).message).toBe(`No note has the id ${'x'.repeat(40)}.`);
    expect(answerOf(() => find(undefined)).status).toBe(404);
  });
});

describe('keptRecords', () => {
  const noteSchema = z.strictObject({ id: z.string(), text: z.string() });
  const kept = () => {
    const notes = book();
    const observed: string[] = [];
    const state = keptRecords<Note>({
      schema: noteSchema,
      all: () => notes.all(),
      replaceAll(records) {
        notes.replace(records);
        observed.push(...records.map((note) => note.id));
      },
      put(note) {
        notes.put(note);
        observed.push(note.id);
      },
      remove: (id) => notes.remove(id),
    });
    return { notes, observed, state };
  };

  it('loads a section (none: no records) and dumps what it holds', () => {
    const { state, observed } = kept();
    state.load([{ id: '7', text: 'a' }]);
    expect(state.dump()).toEqual([{ id: '7', text: 'a' }]);
    expect(observed).toEqual(['7']);
    state.load(undefined);
    expect(state.dump()).toEqual([]);
    expect(() => state.load([{ id: '7' }])).toThrow();
  });

  it('redoes a journaled put or remove, and refuses any other change', () => {
    const { state, observed } = kept();
    state.apply({ put: { id: '3', text: 'b' } });
    state.apply({ put: { id: '1', text: 'a' } });
    state.apply({ remove: '3' });
    expect(state.dump()).toEqual([{ id: '1', text: 'a' }]);
    expect(observed).toEqual(['3', '1']);
    expect(() => state.apply({ remove: '03' })).toThrow();
    expect(() => state.apply({ put: { id: '2', text: 'c' }, remove: '1' })).toThrow();
  });

  it('seeds from a copy, and snapshots a copy, of the records as stored, and counts them', () => {
    const { state, notes } = kept();
    const section = [{ id: '5', text: 'seeded' }];
    state.seed(section);
    section[0]!.text = 'changed after';
    expect(notes.get('5')?.text).toBe('seeded');
    const snapshot = state.snapshot() as Note[];
    snapshot[0]!.text = 'changed in the snapshot';
    expect(notes.get('5')?.text).toBe('seeded');
    expect(state.count()).toBe(1);
  });
});
