// Undo of a fulfillment import's writes: every fulfillment the run created is cancelled (PUT
// fulfillments/{id}/cancel; the API deletes none), its lines left to ship again, and nothing
// else: a fulfillment the run found and left alone is no key of it. A key is an order and a
// tracking number. A create whose answer never came (a crash, answers lost to the end) is
// looked for among the order's fulfillments with that number made since the run began. One
// cancelled already is as before; one whose tracking number changed since the run was taken up
// by someone (a correction): left alone unless forced. Planned from the store as it is now.
import type { Fulfillment } from '../../../api/fulfillments/declaration.js';
import { unlessGone } from '../../../core/errors.js';
import { scalarText } from '../../../core/json.js';
import { plural } from '../../../core/words.js';
import { entryWith, type KindUndo, type UndoContext } from '../../runs/kind-undo.js';
import type { JournalEntry } from '../../runs/run-journal.js';
import type { UndoStep } from '../../runs/undo-step.js';
import { trackingKey } from './rows.js';

/** The entries a fulfillment create leaves in the journal (watch.ts writes them). */
export type FulfillmentEntry =
  /** A fulfillment about to be created for the order, with this tracking number. */
  | { kind: 'fulfillment-create'; orderId: string; trackingNumber: string }
  /** What that create gave: the fulfillment made (its id), or none (the store refused it). */
  | { kind: 'fulfillment-created'; orderId: string; trackingNumber: string; made: boolean; id?: string };

/** What the run made for one order and tracking number: the ids the store gave, and whether a create may have made one more. */
interface Target {
  orderId: string;
  trackingNumber: string;
  ids: Set<string>;
  unsure: boolean;
}

/** The journal's entries folded: one target an order and tracking number. */
export function fulfillmentTargets(entries: readonly JournalEntry[]): Target[] {
  const targets = new Map<string, Target & { pending: number }>();
  for (const entry of entries as readonly FulfillmentEntry[]) {
    const key = `${entry.orderId}\u0000${trackingKey(entry.trackingNumber)}`;
    const target = targets.get(key) ?? { orderId: entry.orderId, trackingNumber: entry.trackingNumber, ids: new Set<string>(), unsure: false, pending: 0 };
    targets.set(key, target);
    if (entry.kind === 'fulfillment-create') target.pending += 1;
    else {
      target.pending = Math.max(0, target.pending - 1);
      if (entry.made && entry.id !== undefined) target.ids.add(entry.id);
      else if (entry.made) target.unsure = true;
    }
  }
  // A create without its answer: the crash, or every answer lost, came between.
  return [...targets.values()]
    .map(({ pending, ...target }) => ({ ...target, unsure: target.unsure || pending > 0 }))
    .filter((target) => target.ids.size > 0 || target.unsure);
}

const keyOf = (target: Pick<Target, 'orderId' | 'trackingNumber'>) => `order ${target.orderId} tracking number ${target.trackingNumber}`;

export const fulfillmentUndo: KindUndo = {
  entries: {
    'fulfillment-create': entryWith(['orderId', 'trackingNumber']),
    'fulfillment-created': entryWith(['orderId', 'trackingNumber'], (entry) => typeof entry.made === 'boolean'),
  },
  keys: (entries) => fulfillmentTargets(entries).map(keyOf),
  plan: planCancels,
};

async function planCancels(entries: readonly JournalEntry[], on: UndoContext): Promise<UndoStep[]> {
  const targets = fulfillmentTargets(entries);
  const { fulfillments } = on.api;
  // Each order's fulfillments read once, whatever number of its parcels the run made.
  const read = new Map<string, Promise<Fulfillment[] | undefined>>();
  const ofOrder = (orderId: string) => {
    let pending = read.get(orderId);
    if (pending === undefined) {
      pending = unlessGone(fulfillments.listFor(orderId));
      read.set(orderId, pending);
    }
    return pending;
  };
  const steps: UndoStep[] = [];
  for (const target of targets) steps.push(stepOf(target, await ofOrder(target.orderId), on));
  return steps;
}

/** The run's fulfillments of the target, as the order shows them now, and what undo does with them. */
function stepOf(target: Target, shown: readonly Fulfillment[] | undefined, on: UndoContext): UndoStep {
  const key = keyOf(target);
  if (shown === undefined) return { key, action: 'cannot', note: 'the order is no longer seen by this token (gone, or older than its 60-day window)' };
  const since = Date.parse(on.started) - 1000;
  const made = shown.filter((fulfillment) => {
    const id = scalarText(fulfillment.id);
    if (target.ids.has(id)) return true;
    // A create whose answer never came: a fulfillment with its number made since the run began is the run's.
    const time = Date.parse(scalarText(fulfillment.createTime));
    return target.unsure && trackingKey(scalarText(fulfillment.trackingNumber)) === trackingKey(target.trackingNumber) && !(time < since);
  });
  const missing = [...target.ids].filter((id) => !made.some((fulfillment) => scalarText(fulfillment.id) === id));
  if (made.length === 0)
    return target.ids.size === 0
      ? { key, action: 'as-before', note: 'the answer to its create never came, and the order shows no fulfillment with the number made since the run began' }
      : { key, action: 'cannot', note: `the order no longer shows fulfillment ${missing.join(', ')}` };
  const live = made.filter((fulfillment) => scalarText(fulfillment.status).toLowerCase() !== 'cancelled');
  if (live.length === 0) return { key, action: 'as-before', note: 'cancelled already' };
  const renumbered = live.filter((fulfillment) => trackingKey(scalarText(fulfillment.trackingNumber)) !== trackingKey(target.trackingNumber));
  if (renumbered.length > 0 && !on.force)
    return {
      key,
      action: 'changed',
      note: `its tracking number is ${renumbered.map((fulfillment) => scalarText(fulfillment.trackingNumber)).join(', ')} since the run: a correction someone made, left shipped`,
    };
  const ids = live.map((fulfillment) => scalarText(fulfillment.id));
  return {
    key,
    action: 'cancel',
    note: `created by the run: ${plural(ids.length, 'fulfillment')} ${ids.join(', ')} cancelled, ${ids.length === 1 ? 'its' : 'their'} lines left to ship again`,
    run: async () => {
      for (const id of ids) await on.api.fulfillments.cancel(id);
    },
  };
}
