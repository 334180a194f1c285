// Undo of a writing run from its journal: every key it wrote brought back to what it held
// before (a metafield value restored, or deleted when it was absent; a gift card's balance,
// note and expiry restored; a card it created disabled, as the API deletes no card; a
// product put back whole, stock included, or deleted when the run created it; a discount
// deleted when the run created it, its fields put back otherwise: discount-undo.ts). A run
// whose writes the API cannot take back (a discount code import of before issue 29) is
// refused before anything is read.
//
// Planned first from the store as it is now: a key already as it was before is left (a
// re-run, or a write that never happened), a key that holds neither what the run wrote nor
// what it replaced was changed by someone else since and is left alone unless forced
// (changed-since.ts), a card or product the run created included.
// Each key undone is appended (synced) to undo.jsonl, so a re-run after a crash goes on
// where it stopped, reading every key again (one changed after that undo is left alone);
// undo.lock keeps two undos of one run apart, and a run whose import still holds its
// journal (writing.lock) is refused.
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GiftCard } from '../../api/gift-cards/schema.js';
import { sameAmount } from '../../api/gift-cards/match.js';
import { parseFieldType } from '../../api/metafields/types.js';
import type { Metafield } from '../../api/metafields/schema.js';
import type { Product } from '../../api/products/schema.js';
import type { WireProduct } from '../../api/products/wire.js';
import { sameValue } from '../../api/metafields/values.js';
import { ApiError, UsageError } from '../../core/errors.js';
import { scalarText } from '../../core/json.js';
import { lockHolder, OwnerLock, ownerText } from '../../core/owner-lock.js';
import { stripPeriod } from '../../core/words.js';
import { fieldsOf, maskedCode, type CardFields } from '../kinds/gift-cards/kind.js';
import { valueKey } from '../kinds/metafields/kind.js';
import type { PacedApi } from '../engine/paced-api.js';
import { discountSteps, discountTargets, isDiscountEntry, type DiscountTargets } from '../kinds/discounts/undo.js';
import { productStep, type CreatedProduct, type UpdatedProduct } from '../kinds/products/undo.js';
import { changedSince } from './changed-since.js';
import { afterEarlierUndo, type UndoAction, type UndoStep } from './undo-step.js';
import { readJournal, readMeta, runDir, writeMeta, WRITING_LOCK, type JournalEntry, type RunMeta } from './run-journal.js';

export const PROGRESS_FILE = 'undo.jsonl';
export const LOCK_FILE = 'undo.lock';

export type { UndoAction, UndoStep } from './undo-step.js';

export interface UndoPlan {
  meta: RunMeta;
  steps: UndoStep[];
}

/**
 * The run's meta and journal, or a UsageError: no such run, one the API cannot undo, one
 * whose meta.json no longer names its store, or one whose import is still writing (it holds
 * writing.lock: undoing what exists so far would leave what it writes next). The writing
 * process itself may undo its own run (a rollback). `unreadable`: lines of the journal that
 * hold no entry (damaged), whose keys cannot be undone.
 */
export async function loadRun(dataDir: string, runId: string): Promise<{ dir: string; meta: RunMeta; entries: JournalEntry[]; unreadable: number[] }> {
  const dir = runDir(dataDir, runId);
  const meta = await readMeta(dir);
  if (meta === undefined || meta.runId !== runId) throw new UsageError(`No run ${runId} is kept in ${join(dataDir, 'runs')}: \`store-cli runs\` lists the runs kept (30 days).`);
  if (meta.notUndoable !== undefined) {
    throw new UsageError(`Run ${runId} (${meta.command} ${meta.file}) cannot be undone: ${meta.notUndoable}. What it added is listed in ${join(dir, 'before.jsonl')}; nothing was sent.`);
  }
  if (meta.damaged?.includes('store')) {
    throw new UsageError(`Run ${runId}'s ${join(dir, 'meta.json')} is incomplete: it does not say which store the run wrote to, so it cannot be undone; nothing was sent.`);
  }
  const writing = lockHolder(join(dir, WRITING_LOCK));
  if (writing?.verdict === 'live') {
    throw new UsageError(`Run ${runId} is still writing: its import (${ownerText(writing.owner)}) holds its journal; undo it once that import has ended. Nothing was sent.`);
  }
  return { dir, meta, ...(await readJournal(dir)) };
}

interface ValueTarget {
  domain: string;
  bizId: string;
  namespace: string;
  code: string;
  /** What it held before the run's first write (null: absent). */
  before: string | null;
  /** What the run's last write set (null: it deleted the value). */
  after: string | null;
  /** The run's create of it went unanswered and then met the value: whether the run made it is not known. */
  unsure?: boolean;
}

interface CreatedCard {
  last4: string;
  initialValue: string;
  id?: string;
  /** The create's answer was lost (a crash, or a lost answer): the card may or may not exist. */
  unsure: boolean;
  /** What the run left it holding (journals written before 2026-11-28 do not say). */
  after?: CardFields;
  disables?: boolean;
}

interface UpdatedCard {
  id: string;
  last4: string;
  before: CardFields;
  after: CardFields;
  disables: boolean;
}

/** The journal folded into one target per key: the first before-image, the last write. */
export function targetsOf(entries: readonly JournalEntry[]): {
  values: ValueTarget[];
  created: CreatedCard[];
  updated: UpdatedCard[];
  products: { created: CreatedProduct[]; updated: UpdatedProduct[] };
  discounts: DiscountTargets;
} {
  const writes = new Map<string, Array<Extract<JournalEntry, { kind: 'metafield' }> & { unsure?: boolean }>>();
  const created: CreatedCard[] = [];
  const pendingCreates = new Map<string, CreatedCard[]>();
  const updated = new Map<string, UpdatedCard>();
  const productWrites = new Map<string, Array<{ before: Product; sent: WireProduct; after?: Product }>>();
  const createdProducts: CreatedProduct[] = [];
  const pendingProducts = new Map<string, CreatedProduct[]>();
  for (const entry of entries) {
    if (isDiscountEntry(entry)) continue;
    switch (entry.kind) {
      case 'metafield': {
        const key = valueKey(entry.domain, entry.bizId, entry.namespace, entry.code);
        writes.set(key, [...(writes.get(key) ?? []), entry]);
        break;
      }
      case 'metafield-void':
        // The create refused as a whole: its before-image is of no write.
        writes.get(valueKey(entry.domain, entry.bizId, entry.namespace, entry.code))?.pop();
        break;
      case 'metafield-unsure': {
        const list = writes.get(valueKey(entry.domain, entry.bizId, entry.namespace, entry.code));
        const last = list?.at(-1);
        if (list && last) list[list.length - 1] = { ...last, unsure: true };
        break;
      }
      case 'giftcard-create': {
        const card: CreatedCard = {
          last4: entry.last4,
          initialValue: entry.initialValue,
          unsure: true,
          ...(entry.after !== undefined ? { after: entry.after } : {}),
          ...(entry.disables !== undefined ? { disables: entry.disables } : {}),
        };
        pendingCreates.set(entry.last4, [...(pendingCreates.get(entry.last4) ?? []), card]);
        break;
      }
      case 'giftcard-created': {
        const card = pendingCreates.get(entry.last4)?.shift();
        // Unsure: the card is looked for as one whose create's answer never came.
        if (card === undefined || (!entry.made && entry.unsure !== true)) break;
        created.push({ ...card, unsure: entry.unsure === true, ...(entry.id !== undefined ? { id: entry.id } : {}) });
        break;
      }
      case 'giftcard-update': {
        const earlier = updated.get(entry.id);
        updated.set(entry.id, { id: entry.id, last4: entry.last4, before: earlier?.before ?? entry.before, after: entry.after, disables: (earlier?.disables ?? false) || entry.disables });
        break;
      }
      case 'product-update':
        productWrites.set(entry.id, [...(productWrites.get(entry.id) ?? []), { before: entry.before, sent: entry.sent }]);
        break;
      case 'product-updated': {
        const list = productWrites.get(entry.id);
        // A refused PUT wrote nothing: its before-image is of no write.
        if (!entry.made) list?.pop();
        else if (list && list.length > 0 && entry.after !== undefined) list[list.length - 1]!.after = entry.after;
        break;
      }
      case 'product-create': {
        const product: CreatedProduct = { identity: entry.identity, sent: entry.sent, unsure: true };
        pendingProducts.set(entry.identity, [...(pendingProducts.get(entry.identity) ?? []), product]);
        break;
      }
      case 'product-created': {
        const product = pendingProducts.get(entry.identity)?.shift();
        if (product === undefined || !entry.made) break;
        createdProducts.push({ ...product, unsure: false, ...(entry.id !== undefined ? { id: entry.id } : {}), ...(entry.after !== undefined ? { after: entry.after } : {}) });
        break;
      }
    }
  }
  for (const products of pendingProducts.values()) createdProducts.push(...products);
  const updatedProducts: UpdatedProduct[] = [];
  for (const [id, list] of productWrites) {
    const first = list[0];
    const last = list.at(-1);
    if (first && last) updatedProducts.push({ id, before: first.before, sent: last.sent, ...(last.after !== undefined ? { after: last.after } : {}) });
  }
  for (const cards of pendingCreates.values()) created.push(...cards);
  const values: ValueTarget[] = [];
  for (const list of writes.values()) {
    const first = list[0];
    const last = list.at(-1);
    if (first && last) {
      const unsure = list.some((write) => write.unsure === true);
      values.push({ domain: first.domain, bizId: first.bizId, namespace: first.namespace, code: first.code, before: first.before, after: last.after, ...(unsure ? { unsure } : {}) });
    }
  }
  return { values, created, updated: [...updated.values()], products: { created: createdProducts, updated: updatedProducts }, discounts: discountTargets(entries.filter(isDiscountEntry)) };
}

/** The keys an earlier undo of this run finished. */
async function doneKeys(dir: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(join(dir, PROGRESS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const done = new Set<string>();
  for (const line of text.split('\n')) {
    try {
      done.add((JSON.parse(line) as { key: string }).key);
    } catch {
      // A line cut by a crash: that key is planned again (and found as before).
    }
  }
  return done;
}

/**
 * Plans the undo of the run in `dir`, reading what each key holds now (a key an earlier undo
 * put back too: see afterEarlierUndo). `unreadable`: lines of the journal that hold no entry,
 * each a key that cannot be undone.
 */
export async function planUndo(dir: string, meta: RunMeta, entries: readonly JournalEntry[], paced: PacedApi, force: boolean, unreadable: readonly number[] = []): Promise<UndoPlan> {
  const { values, created, updated, products, discounts } = targetsOf(entries);
  const done = await doneKeys(dir);
  const steps: UndoStep[] = [];
  const { metafields, giftCards } = paced.api;
  const earlier = (step: UndoStep) => afterEarlierUndo(step, done, force);

  // A product the run created is deleted with its values: they are not undone one by one.
  const createdIds = new Set(products.created.flatMap((product) => (product.id !== undefined ? [product.id] : [])));
  // Metafield values, read one object at a time.
  const byObject = new Map<string, ValueTarget[]>();
  for (const target of values) {
    if (target.domain === 'products' && createdIds.has(target.bizId)) continue;
    const object = `${target.domain}\u0000${target.bizId}`;
    byObject.set(object, [...(byObject.get(object) ?? []), target]);
  }
  await Promise.all(
    [...byObject.values()].map(async (targets) => {
      const { domain, bizId } = targets[0]!;
      const current = new Map((await metafields.list(domain, bizId)).map((value) => [`${value.namespace}\u0000${value.code}`, value]));
      for (const target of targets) steps.push(earlier(valueStep(target, current.get(`${target.namespace}\u0000${target.code}`), force, metafields)));
    }),
  );

  // Products, read one each (as metafield objects are, through the paced pool).
  steps.push(...(await Promise.all([...products.updated, ...products.created].map((product) => productStep(product, done, paced.api.products, force)))));
  steps.push(...(await discountSteps(discounts, done, paced.api.discounts, force)));

  // A card the run created and then updated (its create's answer was lost) is disabled: its update is not put back.
  const createdCards = new Set<string>();
  for (const card of created) {
    const { step, id } = await createdCardStep(card, giftCards, meta.started, force);
    if (id !== undefined) createdCards.add(id);
    steps.push(earlier(step));
  }

  for (const card of updated) {
    if (createdCards.has(card.id)) continue;
    const key = `${maskedCode(`____${card.last4}`)} ${card.id}`;
    const found = await readCard(giftCards, card.id);
    if (found === undefined) {
      steps.push(earlier({ key, action: 'cannot', note: 'the card is no longer on the store' }));
      continue;
    }
    const now = fieldsOf(found);
    const asBefore = sameFields(now, card.before);
    if (found.disableTime) {
      const what = card.disables ? 'the run disabled it' : 'it was disabled since';
      steps.push(
        earlier(asBefore ? { key, action: 'cannot', note: `${what}, and a disabled card cannot be enabled again` } : { key, action: 'cannot', note: `${what}, and a disabled card cannot change` }),
      );
      continue;
    }
    if (asBefore) {
      steps.push(earlier({ key, action: 'as-before' }));
      continue;
    }
    const changed = changedNames(now, card.after);
    if (!force && changed.length > 0) {
      steps.push(earlier({ key, action: 'changed', note: `its ${changed.join(' and ')} changed since the run` }));
      continue;
    }
    const { before } = card;
    steps.push(earlier({ key, action: 'restore', run: () => giftCards.update({ giftCardId: card.id, balance: before.balance, note: before.note, expireTime: before.expireTime }) }));
  }

  for (const line of unreadable) steps.push({ key: `${BEFORE_LINE} ${line}`, action: 'cannot', note: 'the line is damaged (no before-image can be read from it), so what it wrote is not known' });
  return { meta, steps };
}

/** How a damaged line of the journal is named among the keys. */
const BEFORE_LINE = 'before.jsonl line';

/**
 * A card the run created: disabled (the API deletes no card), unless it holds other values
 * than the run left it with (someone used or changed it since: disabling it would take it
 * from them, for good), or it is gone or disabled already.
 */
async function createdCardStep(card: CreatedCard, giftCards: PacedApi['api']['giftCards'], started: string, force: boolean): Promise<{ step: UndoStep; id?: string }> {
  const key = card.id !== undefined ? `${maskedCode(`____${card.last4}`)} ${card.id}` : maskedCode(`____${card.last4}`);
  const found = card.id !== undefined ? await readCard(giftCards, card.id) : await findCreated(giftCards, card, started);
  if (found === undefined) {
    const step: UndoStep = card.unsure
      ? { key, action: 'as-before', note: 'the answer to its create never came, and no card ending alike was made since the run started' }
      : { key, action: 'cannot', note: 'the card is no longer on the store' };
    return { step };
  }
  if (found === 'ambiguous') return { step: { key, action: 'cannot', note: `several cards ending in ${card.last4} were made alike: disable the right one with giftcard disable` } };
  const id = scalarText(found.id);
  if (found.disableTime) {
    return { id, step: card.disables === true ? { key, action: 'as-before', note: 'the run disabled it, and it stays so' } : { key, action: 'as-before', note: 'already disabled' } };
  }
  const changed = card.after === undefined ? [] : changedSince(fieldsOf(found), { ...card.after });
  if (!force && changed.length > 0) {
    return { id, step: { key, action: 'changed', note: `created by the run, and its ${changed.join(' and ')} changed since: disabling it would take it from whoever holds it, for good` } };
  }
  return { id, step: { key, action: 'disable', note: 'created by the run: the API deletes no card, so it is disabled', run: () => giftCards.disable(id) } };
}

function valueStep(target: ValueTarget, current: Metafield | undefined, force: boolean, metafields: PacedApi['api']['metafields']): UndoStep {
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
  return { key, action: 'restore', run: () => (current === undefined ? metafields.createBatch(domain, bizId, [value]) : metafields.update(domain, bizId, value)) };
}

async function readCard(giftCards: PacedApi['api']['giftCards'], id: string): Promise<GiftCard | undefined> {
  try {
    return await giftCards.get(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * A created card the store gave no id for: the one card ending alike, with its initial
 * value, made since the run started (an older card alike is never the run's).
 */
async function findCreated(giftCards: PacedApi['api']['giftCards'], card: CreatedCard, started: string): Promise<GiftCard | 'ambiguous' | undefined> {
  const since = Date.parse(started) - 1000;
  const alike = (await giftCards.cardsEndingIn(card.last4)).filter(
    (c) => c.initialValue !== undefined && sameAmount(scalarText(c.initialValue), card.initialValue) && !(typeof c.createTime === 'string' && Date.parse(c.createTime) < since),
  );
  if (alike.length > 1) return 'ambiguous';
  return alike[0];
}

function sameFields(a: CardFields, b: CardFields): boolean {
  return changedNames(a, b).length === 0;
}

function changedNames(now: CardFields, written: CardFields): string[] {
  return changedSince(now, { ...written });
}

export interface UndoCounts {
  restored: number;
  deleted: number;
  disabled: number;
  asBefore: number;
  leftAlone: number;
  failed: number;
}

/** How many steps do what: the plan's, before it runs. */
export function countSteps(steps: readonly UndoStep[]): Record<UndoAction, number> {
  const counts: Record<UndoAction, number> = { restore: 0, delete: 0, disable: 0, 'as-before': 0, changed: 0, cannot: 0, done: 0 };
  for (const step of steps) counts[step.action] += 1;
  return counts;
}

/**
 * Runs the plan's writes, `concurrency` at a time (paced by the api's governor), each key
 * appended to the progress file once its write is answered; a key the store refuses is
 * reported and the rest go on. Marks the run undone when every key is.
 */
export async function runUndo(dir: string, plan: UndoPlan, concurrency: number, signal: AbortSignal, say: (line: string) => void): Promise<UndoCounts> {
  const counts: UndoCounts = { restored: 0, deleted: 0, disabled: 0, asBefore: 0, leftAlone: 0, failed: 0 };
  const progress = await open(join(dir, PROGRESS_FILE), 'a', 0o600);
  let queue: Promise<void> = Promise.resolve();
  const markDone = (key: string, action: string) => {
    queue = queue.then(async () => {
      await progress.write(`${JSON.stringify({ key, action })}\n`);
      await progress.datasync();
    });
    return queue;
  };
  try {
    const writes = plan.steps.filter((step) => step.run !== undefined);
    for (const step of plan.steps) {
      if (step.action === 'as-before' || step.action === 'done') counts.asBefore += 1;
      if (step.action === 'changed' || step.action === 'cannot') counts.leftAlone += 1;
    }
    let next = 0;
    const worker = async () => {
      while (next < writes.length && !signal.aborted) {
        const step = writes[next++]!;
        try {
          await step.run!();
        } catch (error) {
          if (!(error instanceof ApiError) || error.status === 401 || error.status === 403 || error.status === 429 || error.status >= 500) throw error;
          counts.failed += 1;
          say(`${step.key}: the store refused the undo: ${stripPeriod(error.message)}.`);
          continue;
        }
        if (step.action === 'restore') counts.restored += 1;
        else if (step.action === 'delete') counts.deleted += 1;
        else counts.disabled += 1;
        await markDone(step.key, step.action);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, writes.length)) }, worker));
    await queue;
  } finally {
    await progress.close();
  }
  await recordUndo(dir, plan.meta, counts, signal.aborted);
  return counts;
}

/**
 * Writes how the undo ended into the run's meta.json (for `store-cli runs`): complete when
 * every key is as before the run (then `undone` too); an interrupted undo is not complete.
 */
export async function recordUndo(dir: string, meta: RunMeta, counts: Pick<UndoCounts, 'leftAlone' | 'failed'>, interrupted = false): Promise<RunMeta> {
  const at = new Date().toISOString();
  const complete = !interrupted && counts.leftAlone === 0 && counts.failed === 0;
  const recorded: RunMeta = { ...meta, undo: { at, complete, leftAlone: counts.leftAlone, failed: counts.failed }, ...(complete ? { undone: at } : {}) };
  await writeMeta(dir, recorded);
  return recorded;
}

/**
 * Takes the run's undo lock (undo.lock: this process, its start time and place; see
 * core/owner-lock.ts): a second undo of the run is refused while the first lives, and the
 * lock of one that is gone (killed) is taken over. Returns its release.
 */
export async function lockRun(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const lock = await OwnerLock.take(path, 'an undo of this run', {
    refuse: (owner, verdict) =>
      verdict === 'self'
        ? new UsageError('This process is undoing the run already.')
        : new UsageError(`Another undo of this run is under way (${ownerText(owner)}); wait for it, or remove ${path} if that process is not store-cli.`),
  });
  return async () => lock.release();
}
