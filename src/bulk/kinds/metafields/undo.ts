// Undo of the metafield values a run wrote (metafield import's, and a product import's
// metafield: columns): each value put back as it was before the run's first write, restored,
// or deleted when the run created it. A value that holds neither what the run wrote nor what
// it replaced was changed by someone else since, and is left alone unless forced; one whose
// create went unanswered and then met the value is named, as whether the run made it is not
// known. Each object's values are read with one listing.
import { parseFieldType } from '../../../api/metafields/types.js';
import type { Metafield } from '../../../api/metafields/schema.js';
import { sameValue } from '../../../api/metafields/values.js';
import { entryWith, type KindUndo, type UndoContext } from '../../runs/kind-undo.js';
import type { JournalEntry } from '../../runs/run-journal.js';
import type { UndoStep } from '../../runs/undo-step.js';
import { valueKey } from './kind.js';

/** The key of one value, as every entry of a value names it (a type, not an interface: an entry is a journal line). */
type ValueKeyed = {
  domain: string;
  bizId: string;
  namespace: string;
  code: string;
};

/** The entries a metafield write leaves in the journal (watch.ts writes them). */
export type MetafieldEntry =
  /** A value about to be written: what it held (null: absent) and what the run writes (null: the run deletes it). */
  | ({ kind: 'metafield'; before: string | null; after: string | null } & ValueKeyed)
  /** Those values' create was refused as a whole (409): nothing of it was written. */
  | ({ kind: 'metafield-void' } & ValueKeyed)
  /**
   * Those values' create went unanswered, and sent again the store said they existed: the
   * lost attempt may have made them, or they were there before the run (it wrote without
   * reading first), which undo cannot tell apart.
   */
  | ({ kind: 'metafield-unsure' } & ValueKeyed);

/** One value the run wrote: as it was before the run's first write, and the run's last write. */
export type ValueTarget = ValueKeyed & {
  /** What it held before the run's first write (null: absent). */
  before: string | null;
  /** What the run's last write set (null: it deleted the value). */
  after: string | null;
  /** The run's create of it went unanswered and then met the value: whether the run made it is not known. */
  unsure?: boolean;
};

const KEYED = ['domain', 'bizId', 'namespace', 'code'];
const nullableText = (value: unknown) => value === null || typeof value === 'string';

/** The journal's metafield entries folded into one target a value: the first before-image, the last write. */
export function valueTargets(entries: readonly JournalEntry[]): ValueTarget[] {
  const writes = new Map<string, Array<Extract<MetafieldEntry, { kind: 'metafield' }> & { unsure?: boolean }>>();
  const keyOf = (entry: MetafieldEntry) => valueKey(entry.domain, entry.bizId, entry.namespace, entry.code);
  for (const entry of entries as readonly MetafieldEntry[]) {
    switch (entry.kind) {
      case 'metafield':
        writes.set(keyOf(entry), [...(writes.get(keyOf(entry)) ?? []), entry]);
        break;
      case 'metafield-void':
        // The create refused as a whole: its before-image is of no write.
        writes.get(keyOf(entry))?.pop();
        break;
      case 'metafield-unsure': {
        const list = writes.get(keyOf(entry));
        const last = list?.at(-1);
        if (list && last) list[list.length - 1] = { ...last, unsure: true };
        break;
      }
    }
  }
  const values: ValueTarget[] = [];
  for (const list of writes.values()) {
    const first = list[0];
    const last = list.at(-1);
    if (first && last) {
      const unsure = list.some((write) => write.unsure === true);
      values.push({
        domain: first.domain,
        bizId: first.bizId,
        namespace: first.namespace,
        code: first.code,
        before: first.before,
        after: last.after,
        ...(unsure ? { unsure } : {}),
      });
    }
  }
  return values;
}

export const metafieldUndo: KindUndo = {
  entries: {
    metafield: entryWith(KEYED, (entry) => nullableText(entry.before) && nullableText(entry.after)),
    'metafield-void': entryWith(KEYED),
    'metafield-unsure': entryWith(KEYED),
  },
  keys: (entries) => valueTargets(entries).map((value) => valueKey(value.domain, value.bizId, value.namespace, value.code)),
  plan: planValues,
};

/** The values, read one object at a time (through the paced pool); those of an object undo deletes whole are left to it. */
async function planValues(entries: readonly JournalEntry[], on: UndoContext): Promise<UndoStep[]> {
  const byObject = new Map<string, ValueTarget[]>();
  for (const target of valueTargets(entries)) {
    if (on.deleted(target.domain, target.bizId)) continue;
    const object = `${target.domain}\u0000${target.bizId}`;
    byObject.set(object, [...(byObject.get(object) ?? []), target]);
  }
  const { metafields } = on.api;
  const steps: UndoStep[] = [];
  await Promise.all(
    [...byObject.values()].map(async (targets) => {
      const { domain, bizId } = targets[0]!;
      const current = new Map((await metafields.list(domain, bizId)).map((value) => [`${value.namespace}\u0000${value.code}`, value]));
      for (const target of targets) steps.push(valueStep(target, current.get(`${target.namespace}\u0000${target.code}`), on.force, metafields));
    }),
  );
  return steps;
}

function valueStep(target: ValueTarget, current: Metafield | undefined, force: boolean, metafields: UndoContext['api']['metafields']): UndoStep {
  const { domain, bizId, namespace, code, before, after } = target;
  const key = valueKey(domain, bizId, namespace, code);
  const type = typeof current?.fieldType === 'string' ? parseFieldType(current.fieldType) : undefined;
  const holds = (text: string | null) => (text === null ? current === undefined : current !== undefined && sameValue(type, current.value, text));
  if (holds(before)) return { key, action: 'as-before' };
  if (target.unsure && before === null && holds(after)) {
    return {
      key,
      action: 'cannot',
      note: "the answer to the run's create of it was lost and the store then said it existed: whether the run made it or it was there before is not known (metafield delete removes it)",
    };
  }
  if (!force && !holds(after)) return { key, action: 'changed', note: current === undefined ? 'deleted since the run' : 'its value changed since the run' };
  if (before === null) return { key, action: 'delete', run: () => metafields.delete(domain, bizId, namespace, code) };
  const value = { namespace, code, value: before };
  return {
    key,
    action: 'restore',
    run: () => (current === undefined ? metafields.createBatch(domain, bizId, [value]) : metafields.update(domain, bizId, value)),
  };
}
