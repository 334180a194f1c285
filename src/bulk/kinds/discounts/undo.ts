// Undo of a discount import's writes: a discount the run created is deleted (its code with
// it), one it changed gets back the fields it held before (its status through /status). A
// discount that holds neither what the run wrote nor what it replaced was changed by someone
// else since, and is left alone unless forced. A code the run added to a service discount it
// did not make cannot be taken back (the API deletes no code): said, left. Planned from the
// store as it is now, as undo.ts plans the other kinds.
import type { DiscountsApi } from '../../../api/discounts/requests.js';
import { ApiError } from '../../../core/errors.js';
import { entryOf, readDiscountIndex, type IndexEntry } from './kind.js';
import { changeTo, differences, holdsWritten, type DiscountSettings, type DiscountWrite, type SettingName } from './settings.js';
import type { JournalEntry } from '../../runs/run-journal.js';
import { afterEarlierUndo, type UndoStep } from '../../runs/undo-step.js';

/** A discount the run created: its id when the store said; `unsure` when the create's answer was lost. */
interface CreatedDiscount {
  key: string;
  sent: DiscountWrite;
  id?: string;
  unsure: boolean;
}

/** A discount the run changed: as it was before the run's first change, and everything the run set. */
interface UpdatedDiscount {
  id: string;
  before: DiscountSettings;
  sent: DiscountWrite;
}

export interface DiscountTargets {
  created: CreatedDiscount[];
  updated: UpdatedDiscount[];
  /** Codes added to service discounts (those of a discount the run created go with it). */
  codes: Array<{ discountId: string; code?: string; line: number }>;
}

type DiscountEntry = Extract<JournalEntry, { kind: 'discount-create' | 'discount-created' | 'discount-update' | 'discount-code-create' }>;

export function isDiscountEntry(entry: JournalEntry): entry is DiscountEntry {
  return entry.kind === 'discount-create' || entry.kind === 'discount-created' || entry.kind === 'discount-update' || entry.kind === 'discount-code-create';
}

/** The journal's discount entries folded into one target a discount: the first before-image, every write after it. */
export function discountTargets(entries: readonly DiscountEntry[]): DiscountTargets {
  const pending = new Map<string, CreatedDiscount[]>();
  const created: CreatedDiscount[] = [];
  const updated = new Map<string, UpdatedDiscount>();
  const codes: DiscountTargets['codes'] = [];
  for (const entry of entries) {
    switch (entry.kind) {
      case 'discount-create':
        pending.set(entry.key, [...(pending.get(entry.key) ?? []), { key: entry.key, sent: entry.sent, unsure: true }]);
        break;
      case 'discount-created': {
        const made = pending.get(entry.key)?.shift();
        if (made === undefined || !entry.made) break;
        created.push({ ...made, unsure: false, ...(entry.id !== undefined ? { id: entry.id } : {}) });
        break;
      }
      case 'discount-update': {
        const earlier = updated.get(entry.id);
        updated.set(entry.id, { id: entry.id, before: earlier?.before ?? entry.before, sent: { ...earlier?.sent, ...entry.sent } });
        break;
      }
      case 'discount-code-create':
        codes.push({ discountId: entry.discountId, line: entry.line, ...(entry.code !== undefined ? { code: entry.code } : {}) });
        break;
    }
  }
  for (const made of pending.values()) created.push(...made);
  return { created, updated: [...updated.values()], codes };
}

type Discounts = Pick<DiscountsApi, 'shape' | 'get' | 'everyDiscount' | 'everyCode' | 'update' | 'setStatus' | 'delete'>;

/** Every discount key the run's writes may have changed, named as its undo steps name them. */
export function discountKeys(targets: DiscountTargets): string[] {
  return [
    ...targets.created.map(createdKey),
    ...targets.updated.map((change) => `discount ${change.id}`),
    ...targets.codes.map((code) => (code.code !== undefined ? `discount ${code.discountId} code ${code.code}` : `discount ${code.discountId}: the code generated for line ${code.line}`)),
  ];
}

/** How a step names a discount: by its code, or its title. */
function createdKey(made: CreatedDiscount): string {
  const code = made.sent.codes?.[0];
  return code !== undefined ? `discount ${code}` : `discount "${made.sent.title ?? made.key}"`;
}

/** The undo of every discount the run wrote, planned from what the store holds now. */
export async function discountSteps(targets: DiscountTargets, done: ReadonlySet<string>, store: Discounts, force: boolean): Promise<UndoStep[]> {
  const planned: UndoStep[] = [];
  // A key an earlier undo put back is read again like any other (afterEarlierUndo).
  const steps = { push: (...more: UndoStep[]) => planned.push(...more.map((step) => afterEarlierUndo(step, done, force))) };
  if (targets.created.length + targets.updated.length + targets.codes.length === 0) return planned;
  const shape = await store.shape();
  const current = async (id: string): Promise<IndexEntry | undefined> => {
    try {
      return await entryOf(store, await store.get(id), shape);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  };
  // A create whose answer was lost: found by its code (or title), which the store holds unique.
  let lookup: Promise<Map<string, IndexEntry>> | undefined;
  const found = async (made: CreatedDiscount): Promise<IndexEntry | undefined> => {
    const index = await (lookup ??= readDiscountIndex(store).then(
      (read) => new Map([...read.byCode, ...[...read.byTitle].filter(([, list]) => list.length === 1).map(([title, list]) => [`title:${title}`, list[0]!] as const)]),
    ));
    const code = made.sent.codes?.[0];
    return index.get(code !== undefined ? code.toLowerCase() : `title:${(made.sent.title ?? '').toLowerCase()}`);
  };

  const deleted = new Set<string>();
  for (const made of targets.created) {
    const key = createdKey(made);
    const entry = made.id !== undefined ? await current(made.id) : await found(made);
    if (entry === undefined) {
      steps.push({ key, action: 'as-before', note: made.unsure ? 'the run was stopped while creating it, and no such discount exists' : 'already deleted' });
      continue;
    }
    deleted.add(entry.id);
    if (!force && !holdsWritten(entry.settings, made.sent)) {
      steps.push({ key, action: 'changed', note: `created by the run (discount ${entry.id}), and changed since: deleting it would lose those changes` });
      continue;
    }
    steps.push({ key, action: 'delete', note: `created by the run (discount ${entry.id})`, run: () => store.delete(entry.id) });
  }

  for (const change of targets.updated) {
    const key = `discount ${change.id}`;
    const entry = await current(change.id);
    if (entry === undefined) {
      steps.push({ key, action: 'cannot', note: 'the discount is no longer on the store' });
      continue;
    }
    const names = Object.keys(change.sent).filter((name) => name !== 'codes') as SettingName[];
    const asBefore = differences(Object.fromEntries(names.map((name) => [name, change.before[name]])), entry.settings).length === 0;
    if (asBefore) {
      steps.push({ key, action: 'as-before' });
      continue;
    }
    if (!force && !holdsWritten(entry.settings, change.sent)) {
      steps.push({ key, action: 'changed', note: 'its fields changed since the run' });
      continue;
    }
    steps.push({ key, action: 'restore', run: () => restore(store, change.id, change.before, names) });
  }

  for (const code of targets.codes) {
    if (deleted.has(code.discountId)) continue;
    const key = `discount ${code.discountId} code ${code.code ?? `of line ${code.line}`}`;
    steps.push({ key, action: 'cannot', note: 'the API deletes no discount code: it stays on its discount (discount delete takes the discount and its codes)' });
  }
  return planned;
}

/** The fields the run changed put back (one PUT), then the status (its own request). */
async function restore(store: Discounts, id: string, before: DiscountSettings, names: readonly SettingName[]): Promise<void> {
  const fields = names.filter((name) => name !== 'status');
  if (fields.length > 0) await store.update(id, changeTo(before, fields));
  if (names.includes('status') && (before.status === 'ENABLED' || before.status === 'DISABLED')) await store.setStatus(id, before.status);
}
