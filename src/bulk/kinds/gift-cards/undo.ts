// Undo of a gift card import's writes: a card's balance, note and expiry put back as they were
// before the run's first update; a card the run created disabled, as the API deletes no card.
// A card that holds other values than the run left it with was changed (or used) by someone
// since, and is left alone unless forced: disabling it would take it from its holder for good.
// A disabled card cannot be enabled again, nor changed: said, left. A create whose answer was
// lost is looked for among the cards ending alike made since the run started.
import type { GiftCard } from '../../../api/gift-cards/schema.js';
import { sameAmount } from '../../../api/gift-cards/match.js';
import { unlessGone } from '../../../core/errors.js';
import { scalarText } from '../../../core/json.js';
import { changedSince } from '../../runs/changed-since.js';
import { entryWith, isRecord, type KindUndo, type UndoContext } from '../../runs/kind-undo.js';
import { JournaledCreates, type JournaledCreate } from '../../runs/journaled-creates.js';
import type { JournalEntry } from '../../runs/run-journal.js';
import type { UndoStep } from '../../runs/undo-step.js';
import { fieldsOf, maskedCode, type CardFields } from './kind.js';

/** The entries a gift card write leaves in the journal (watch.ts writes them); a code is a secret: its last four characters only. */
export type GiftCardEntry =
  /**
   * A gift card about to be created; `after`: the fields the run leaves it holding (balance,
   * note, expiry), and `disables` when it disables it (written since 2026-11-28: undo compares
   * a created card with them).
   */
  | { kind: 'giftcard-create'; last4: string; initialValue: string; customerId?: string; after?: CardFields; disables?: boolean }
  /**
   * What that create gave: the card made (its id when the store said), or none (the code was
   * taken). `unsure`: the answer was lost and the resend found the code taken, so the lost
   * attempt may have made the card (undo looks for it as for a create a crash cut short).
   */
  | { kind: 'giftcard-created'; last4: string; made: boolean; id?: string; unsure?: boolean }
  /** A gift card about to be updated (and disabled when `disables`). */
  | { kind: 'giftcard-update'; id: string; last4: string; before: CardFields; after: CardFields; disables: boolean };

interface CreatedCard extends JournaledCreate {
  last4: string;
  initialValue: string;
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

/** The fields undo reads of a card's before-image or write. */
const cardFields = (value: unknown) => isRecord(value) && ['balance', 'note'].every((field) => typeof value[field] === 'string');

/** The journal's gift card entries folded: every card created (its create's answer or not), and one target a card updated (its first before-image, its last write). */
export function cardTargets(entries: readonly JournalEntry[]): { created: CreatedCard[]; updated: UpdatedCard[] } {
  const created = new JournaledCreates<CreatedCard>();
  const updated = new Map<string, UpdatedCard>();
  for (const entry of entries as readonly GiftCardEntry[]) {
    switch (entry.kind) {
      case 'giftcard-create': {
        const card: CreatedCard = {
          last4: entry.last4,
          initialValue: entry.initialValue,
          unsure: true,
          ...(entry.after !== undefined ? { after: entry.after } : {}),
          ...(entry.disables !== undefined ? { disables: entry.disables } : {}),
        };
        created.sent(entry.last4, card);
        break;
      }
      case 'giftcard-created':
        // Unsure: the card is looked for as one whose create's answer never came.
        created.answer(entry.last4, entry.made || entry.unsure === true, {
          unsure: entry.unsure === true,
          ...(entry.id !== undefined ? { id: entry.id } : {}),
        });
        break;
      case 'giftcard-update': {
        const earlier = updated.get(entry.id);
        updated.set(entry.id, {
          id: entry.id,
          last4: entry.last4,
          before: earlier?.before ?? entry.before,
          after: entry.after,
          disables: (earlier?.disables ?? false) || entry.disables,
        });
        break;
      }
    }
  }
  return { created: created.all(), updated: [...updated.values()] };
}

/** How a step names a card: masked to its last four characters, with its id when known. */
const cardKey = (last4: string, id: string | undefined) => (id !== undefined ? `${maskedCode(`____${last4}`)} ${id}` : maskedCode(`____${last4}`));

export const giftCardUndo: KindUndo = {
  entries: {
    'giftcard-create': entryWith(['last4', 'initialValue'], (entry) => entry.after === undefined || cardFields(entry.after)),
    'giftcard-created': entryWith(['last4'], (entry) => typeof entry.made === 'boolean'),
    'giftcard-update': entryWith(['id', 'last4'], (entry) => cardFields(entry.before) && cardFields(entry.after) && typeof entry.disables === 'boolean'),
  },
  keys(entries) {
    const { created, updated } = cardTargets(entries);
    return [...created.map((made) => cardKey(made.last4, made.id)), ...updated.map((changed) => cardKey(changed.last4, changed.id))];
  },
  plan: planCards,
};

/** The cards the run created, then those it updated: a card it created and then updated (its create's answer was lost) is disabled, its update not put back. */
async function planCards(entries: readonly JournalEntry[], on: UndoContext): Promise<UndoStep[]> {
  const { created, updated } = cardTargets(entries);
  const { giftCards } = on.api;
  const steps: UndoStep[] = [];
  const createdCards = new Set<string>();
  for (const card of created) {
    const { step, id } = await createdCardStep(card, giftCards, on.started, on.force);
    if (id !== undefined) createdCards.add(id);
    steps.push(step);
  }
  for (const card of updated) {
    if (!createdCards.has(card.id)) steps.push(await updatedCardStep(card, giftCards, on.force));
  }
  return steps;
}

type GiftCards = UndoContext['api']['giftCards'];

async function updatedCardStep(card: UpdatedCard, giftCards: GiftCards, force: boolean): Promise<UndoStep> {
  const key = cardKey(card.last4, card.id);
  const found = await unlessGone(giftCards.get(card.id));
  if (found === undefined) return { key, action: 'cannot', note: 'the card is no longer on the store' };
  const now = fieldsOf(found);
  const asBefore = changedSince(now, { ...card.before }).length === 0;
  if (found.disableTime) {
    const what = card.disables ? 'the run disabled it' : 'it was disabled since';
    return asBefore
      ? { key, action: 'cannot', note: `${what}, and a disabled card cannot be enabled again` }
      : { key, action: 'cannot', note: `${what}, and a disabled card cannot change` };
  }
  if (asBefore) return { key, action: 'as-before' };
  const changed = changedSince(now, { ...card.after });
  if (!force && changed.length > 0) return { key, action: 'changed', note: `its ${changed.join(' and ')} changed since the run` };
  const { before } = card;
  return {
    key,
    action: 'restore',
    run: () => giftCards.update({ giftCardId: card.id, balance: before.balance, note: before.note, expireTime: before.expireTime }),
  };
}

/**
 * A card the run created: disabled (the API deletes no card), unless it holds other values
 * than the run left it with (someone used or changed it since: disabling it would take it
 * from them, for good), or it is gone or disabled already.
 */
async function createdCardStep(card: CreatedCard, giftCards: GiftCards, started: string, force: boolean): Promise<{ step: UndoStep; id?: string }> {
  const key = cardKey(card.last4, card.id);
  const found = card.id !== undefined ? await unlessGone(giftCards.get(card.id)) : await findCreated(giftCards, card, started);
  if (found === undefined) {
    const step: UndoStep = card.unsure
      ? { key, action: 'as-before', note: 'the answer to its create never came, and no card ending alike was made since the run started' }
      : { key, action: 'cannot', note: 'the card is no longer on the store' };
    return { step };
  }
  if (found === 'ambiguous')
    return { step: { key, action: 'cannot', note: `several cards ending in ${card.last4} were made alike: disable the right one with giftcard disable` } };
  const id = scalarText(found.id);
  if (found.disableTime) {
    return {
      id,
      step:
        card.disables === true
          ? { key, action: 'as-before', note: 'the run disabled it, and it stays so' }
          : { key, action: 'as-before', note: 'already disabled' },
    };
  }
  const changed = card.after === undefined ? [] : changedSince(fieldsOf(found), { ...card.after });
  if (!force && changed.length > 0) {
    return {
      id,
      step: {
        key,
        action: 'changed',
        note: `created by the run, and its ${changed.join(' and ')} changed since: disabling it would take it from whoever holds it, for good`,
      },
    };
  }
  return { id, step: { key, action: 'disable', note: 'created by the run: the API deletes no card, so it is disabled', run: () => giftCards.disable(id) } };
}

/**
 * A created card the store gave no id for: the one card ending alike, with its initial
 * value, made since the run started (an older card alike is never the run's).
 */
async function findCreated(giftCards: GiftCards, card: CreatedCard, started: string): Promise<GiftCard | 'ambiguous' | undefined> {
  const since = Date.parse(started) - 1000;
  const alike = (await giftCards.cardsEndingIn(card.last4)).filter(
    (c) =>
      c.initialValue !== undefined &&
      sameAmount(scalarText(c.initialValue), card.initialValue) &&
      !(typeof c.createTime === 'string' && Date.parse(c.createTime) < since),
  );
  if (alike.length > 1) return 'ambiguous';
  return alike[0];
}
