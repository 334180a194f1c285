// What undo and all or nothing's rollback need of a kind of import (its `undo` member,
// kinds/<kind>/undo.ts): the journal entries it writes, each with the check a line passes
// before undo trusts it; the keys they may have changed; and the plan that takes them back,
// from what the store holds now. The journal, the plan's order, the keys an earlier undo put
// back, the progress file, the locks and the paced writes are undo's own (undo.ts, rollback.ts).
import type { Api } from '../../api/index.js';
import type { EntryCheck, JournalEntry } from './run-journal.js';
import type { UndoStep } from './undo-step.js';

export interface KindUndo {
  /** The entries the kind journals, by their `kind`, each with the fields undo needs of it checked. */
  readonly entries: Readonly<Record<string, EntryCheck>>;
  /**
   * The business objects its undo deletes whole (a product the run created), by metafield
   * domain and id: the values the run wrote on them go with them, and are not undone one by one.
   */
  deletes?(entries: readonly JournalEntry[]): Array<{ domain: string; bizId: string }>;
  /** Every key its entries may have changed, named as its steps name them. */
  keys(entries: readonly JournalEntry[]): string[];
  /** The undo of its entries (in journal order, each checked), planned from what the store holds now. */
  plan(entries: readonly JournalEntry[], on: UndoContext): Promise<UndoStep[]>;
}

/** What a kind's plan may read: the store, and what the run and the undo are. */
export interface UndoContext {
  /** The store, through the undo's paced pool. */
  api: Api;
  /** --force: keys changed since the run are put back too. */
  force: boolean;
  /** When the run started (meta.json): an object made before it is never the run's. */
  started: string;
  /** Whether undo deletes this object whole (another kind's `deletes`): its values go with it. */
  deleted(domain: string, bizId: string): boolean;
}

/** The check of an entry whose `texts` are strings and of which `more` holds. */
export function entryWith(texts: readonly string[], more?: (entry: JournalEntry) => boolean): EntryCheck {
  return (entry) => texts.every((name) => typeof entry[name] === 'string') && (more === undefined || more(entry));
}

/** A JSON object (not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of `undo`'s kinds, in journal order. */
export function entriesOf(undo: KindUndo, entries: readonly JournalEntry[]): JournalEntry[] {
  return entries.filter((entry) => Object.hasOwn(undo.entries, entry.kind));
}
