// The creates a run's journal tells of, as every kind's undo reads them: an entry written
// before each create was sent, and one with its answer after. An answer is matched with the
// earliest create of its key still waiting, as a kind sends a key's creates one after another.
// A create the store made is known by its id; one it refused is dropped; one whose answer never
// came (a crash, an interruption) stays `unsure`: undo looks for it among what the store holds.
import { entryWith, isRecord } from './kind-undo.js';
import type { EntryCheck } from './run-journal.js';

/** What a kind keeps of one create: `unsure` while its answer is not known. */
export interface JournaledCreate {
  unsure: boolean;
  id?: string;
}

export class JournaledCreates<C extends JournaledCreate> {
  private readonly waiting = new Map<string, C[]>();
  private readonly answered: C[] = [];

  /** A create about to be sent (its entry written before the request). */
  sent(key: string, create: C): void {
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), create]);
  }

  /** The answer to the earliest waiting create of `key`: kept when `made`, with what the answer adds (its id); dropped when not. */
  answer(key: string, made: boolean, adds: Partial<C>): void {
    const create = this.waiting.get(key)?.shift();
    if (create === undefined || !made) return;
    this.answered.push({ ...create, unsure: false, ...adds });
  }

  /** Every create kept: those answered, in the order of their answers, then those whose answer never came. */
  all(): C[] {
    return [...this.answered, ...[...this.waiting.values()].flat()];
  }
}

/**
 * The entries of a kind whose objects are named by a key (customers by email or phone,
 * discounts by code or title): one before each create is sent, with what it sends; one with the
 * create's answer (the object made, and its id when known; none: refused, or not made by an
 * attempt whose answer was lost); one before each change, with the fields as they were and as sent.
 */
export type KeyedWriteEntry<P extends string, Before, Sent> =
  | { kind: `${P}-create`; key: string; sent: Sent }
  | { kind: `${P}-created`; key: string; made: boolean; id?: string }
  | { kind: `${P}-update`; id: string; key: string; before: Before; sent: Sent };

/** The checks undo makes of a keyed kind's entries (KeyedWriteEntry) before it trusts them. */
export function keyedWriteChecks(prefix: string): Record<string, EntryCheck> {
  return {
    [`${prefix}-create`]: entryWith(['key'], (entry) => isRecord(entry.sent)),
    [`${prefix}-created`]: entryWith(['key'], (entry) => typeof entry.made === 'boolean'),
    [`${prefix}-update`]: entryWith(['id', 'key'], (entry) => isRecord(entry.before) && isRecord(entry.sent)),
  };
}

/** What a keyed kind keeps of one create: the key it was made under, and what it sent. */
export interface KeyedCreate<Sent> extends JournaledCreate {
  key: string;
  sent: Sent;
}

/** An object a keyed kind changed: as it was before the run's first change, and everything the run set. */
export interface KeyedUpdate<Before, Sent> {
  id: string;
  before: Before;
  sent: Sent;
}

/**
 * A keyed kind's entries (KeyedWriteEntry) folded: every object created, and one target an
 * object changed, with every write the run sent it. `joinBefore` says how it was before the
 * run from its earlier before-image and a later one (which may show what the run wrote).
 */
export function keyedTargets<Before, Sent extends object>(
  entries: readonly KeyedWriteEntry<string, Before, Sent>[],
  joinBefore: (earlier: Before, later: Before) => Before,
): { created: KeyedCreate<Sent>[]; updated: KeyedUpdate<Before, Sent>[] } {
  const created = new JournaledCreates<KeyedCreate<Sent>>();
  const updated = new Map<string, KeyedUpdate<Before, Sent>>();
  for (const entry of entries) {
    if ('before' in entry) {
      const earlier = updated.get(entry.id);
      const before = earlier === undefined ? entry.before : joinBefore(earlier.before, entry.before);
      updated.set(entry.id, { id: entry.id, before, sent: { ...earlier?.sent, ...entry.sent } });
    } else if ('made' in entry) created.answer(entry.key, entry.made, entry.id !== undefined ? { id: entry.id } : {});
    else created.sent(entry.key, { key: entry.key, sent: entry.sent, unsure: true });
  }
  return { created: created.all(), updated: [...updated.values()] };
}
