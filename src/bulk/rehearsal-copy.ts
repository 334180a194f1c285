// What a rehearsal copies from the live store, and how it reads it: only what the file
// touches. The file is first read through the import's own row kind (the same header,
// checks and shard as the real run: a bad file stops here, before any request), noting the
// business objects; then the store is read, GETs only: the definitions of each domain and
// the values of each (domain, bizId) for metafields, the cards ending as each code of the
// file does for gift cards. The copy is held in memory only: it may hold whole codes.
import { randomInt } from 'node:crypto';
import type { Api } from '../api/index.js';
import type { ReadDefinition } from '../api/metafield-definitions/schema.js';
import type { Metafield } from '../api/metafields/schema.js';
import type { Category } from '../api/categories/declaration.js';
import type { Collection } from '../api/collections/declaration.js';
import type { Location } from '../api/locations/declaration.js';
import type { ListedProduct } from '../api/products/schema.js';
import type { GiftCard } from '../api/gift-cards/schema.js';
import { sameAmount, showsFullCode } from '../api/gift-cards/match.js';
import { ApiError, CancelledError } from '../core/errors.js';
import { scalarText } from '../core/json.js';
import { plural } from '../core/words.js';
import type { BucketReading } from '../core/store-bucket.js';
import type { IndexEntry } from './discount-kind.js';
import { giftCardKind } from './gift-card-kind.js';
import type { GiftCardRow } from './gift-card-rows.js';
import { metafieldKind } from './metafield-kind.js';
import type { Row } from './row-check.js';
import type { Group, Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { Import, type ImportSource } from './run-import.js';
import type { Shard } from './shard.js';

/** One business object's values as the store holds them. */
export interface CopiedObject {
  domain: string;
  bizId: string;
  values: Metafield[];
}

/** The products a product import's file touches, as the store listed them, with the categories and collections they hold or the rows name, and every location. */
export interface CopiedCatalog {
  products: ListedProduct[];
  categories: Category[];
  collections: Collection[];
  locations: Location[];
}

/** A discount of the store, its settings and codes as the import reads them (discount-kind.ts). */
export type CopiedDiscount = IndexEntry;

/** A card of the copy, with the whole code the copy gives it. */
export type CopiedCard = GiftCard & { code: string };

export interface StoreCopy {
  /** The definitions of every domain the file writes to. */
  definitions: Array<ReadDefinition & { domain: string }>;
  /** The objects of the file that hold values on the store. */
  metafields: CopiedObject[];
  /** The cards that hold codes of the file (as far as the store lets that be told), and one that shows the store's currency. */
  giftCards: CopiedCard[];
  /** Every discount of the store, for a discount import (which reads them all: rehearsal-copy-discounts.ts). */
  discounts?: CopiedDiscount[];
  /** The products of a product import's file, and the catalog around them (rehearsal-copy-products.ts). */
  catalog?: CopiedCatalog;
  /** How the store shows codes in reads, once a card was read. */
  codesInReads?: 'masked' | 'shown';
  /** The currency of the store's cards, once one was read. */
  currency?: string;
  /** The last rate-limit bucket the store announced in its answers. */
  bucket?: BucketReading;
  /** What was copied, for the summary: "3 objects' values and 2 definitions". */
  described: string;
}

export interface CopyPlan {
  source: ImportSource;
  shard?: Shard;
  /** Reads in flight. */
  concurrency: number;
  signal: AbortSignal;
}

/** Runs the file through `kind` as the import would, handing each group to `seen` instead of the store. */
export async function eachGroup<T extends TextOf, R extends RowOf<T>, L extends Layout>(plan: CopyPlan, kind: RowKind<T, R, L>, seen: (group: Group<R>) => void): Promise<void> {
  const scan = new Import({
    source: plan.source,
    kind: {
      ...kind,
      apply: async (group, _dryRun, settle) => {
        seen(group);
        for (const row of group.rows) settle(row, { kind: 'unchanged' });
      },
    },
    ...(plan.shard ? { shard: plan.shard } : {}),
    dryRun: true,
    concurrency: 1,
    signal: plan.signal,
  });
  const result = await scan.run();
  if (result.stop?.kind === 'interrupted' || plan.signal.aborted) throw new CancelledError();
}

/** `work` on every item, at most `limit` at once. */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A read the store refuses: definitions it does not let be read (the copy gets none, as the
 * import then claims none: undefined-fields.ts), or an object it does not take (a bizId it
 * refuses: the copy holds nothing of it, and rehearsal.ts refuses it again on the copy).
 */
export function unreadable(error: unknown): boolean {
  return error instanceof ApiError && error.status !== 401 && error.status !== 429 && error.status < 500;
}

/** An object's values; none when the store refuses to read it (the run on the copy then meets that refusal again). */
export async function readableValues(api: Api, domain: string, bizId: string): Promise<Metafield[]> {
  try {
    return await api.metafields.list(domain, bizId);
  } catch (error) {
    if (unreadable(error)) return [];
    throw error;
  }
}

export async function copyMetafields(plan: CopyPlan, api: Api, domain: string | undefined): Promise<StoreCopy> {
  const objects = new Map<string, { domain: string; bizId: string }>();
  await eachGroup(plan, metafieldKind(api.metafields, domain), (group) => {
    const { domain: objectDomain, bizId } = group.rows[0] as Row;
    objects.set(`${objectDomain}\u0000${bizId}`, { domain: objectDomain, bizId });
  });
  const domains = [...new Set([...objects.values()].map((o) => o.domain))];
  const definitions: StoreCopy['definitions'] = [];
  await eachAtMost(domains, plan.concurrency, async (objectDomain) => {
    try {
      for (const definition of await api.metafieldDefinitions.list(objectDomain)) definitions.push({ ...definition, domain: objectDomain });
    } catch (error) {
      if (!unreadable(error)) throw error;
    }
  });
  const metafields: CopiedObject[] = [];
  await eachAtMost([...objects.values()], plan.concurrency, async (object) => {
    const values = await readableValues(api, object.domain, object.bizId);
    if (values.length > 0) metafields.push({ ...object, values });
  });
  const held = metafields.reduce((sum, o) => sum + o.values.length, 0);
  return {
    definitions,
    metafields,
    giftCards: [],
    described: `the ${plural(objects.size, 'object')} of the file (${plural(held, 'value')} held) and the ${plural(definitions.length, 'definition')} of their ${domains.length === 1 ? 'domain' : 'domains'}`,
  };
}

/** Letters and digits a made-up code is drawn from. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code no row names, ending as `last` does: a card of a store that masks codes keeps its last four characters in the copy. */
function madeUpCode(last: string, taken: ReadonlySet<string>): string {
  for (;;) {
    let head = '';
    for (let i = 0; i < 12; i++) head += ALPHABET[randomInt(ALPHABET.length)];
    const code = `${head}${last}`;
    if (!taken.has(code.toLowerCase())) return code;
  }
}

const lastOf = (card: GiftCard) => (card.lastCharacters ?? card.code?.slice(-4) ?? '').toLowerCase();

/**
 * The cards of the store that end as a code of the file does. A store that shows whole codes
 * says which holds each code: those are copied. One that masks them does not say, and may
 * refuse any code of the file as taken: each code goes to a card ending as it does (one made
 * alike, with the row's initial value and its customer, first), so the copy refuses what the
 * store may refuse, and the import judges the card as it would after a refused create. Other
 * cards keep their last four characters under made-up codes, so the copy's searches find
 * what the store's do. (A code taken for sure is a rejection the real run could meet: the
 * rehearsal errs on the side of saying so; docs/decisions.md, "Rehearsal".)
 */
export async function copyGiftCards(plan: CopyPlan, api: Api): Promise<StoreCopy> {
  const rows = new Map<string, GiftCardRow>();
  let namesCurrency = false;
  await eachGroup(plan, giftCardKind(api.giftCards, undefined, new Map()), (group) => {
    for (const row of group.rows) {
      namesCurrency ||= row.currency !== undefined;
      if (row.code !== undefined) rows.set(row.code.toLowerCase(), row);
    }
  });
  const lasts = [...new Set([...rows.keys()].map((code) => code.slice(-4)))];
  const read: GiftCard[] = [];
  await eachAtMost(lasts, plan.concurrency, async (last) => {
    read.push(...(await api.giftCards.cardsEndingIn(last)));
  });
  // A row that names a currency is checked against the store's, which the import reads from its first cards: one comes along.
  let witness: GiftCard | undefined;
  if (namesCurrency) {
    for await (const page of api.giftCards.everyCard()) {
      witness = page.find((card) => typeof card.currency === 'string');
      break;
    }
  }
  const cards = cardsOfCopy(witness ? [...read, witness] : read, rows, witness);
  const shown = read.some(showsFullCode);
  const currency = read.find((card) => typeof card.currency === 'string')?.currency?.toUpperCase();
  return {
    definitions: [],
    metafields: [],
    giftCards: cards,
    ...(read.length > 0 ? { codesInReads: shown ? ('shown' as const) : ('masked' as const) } : {}),
    ...(currency !== undefined ? { currency } : {}),
    described: `the store's cards ending as the ${plural(rows.size, 'code')} of the file do (${cards.length} copied)`,
  };
}

function cardsOfCopy(read: readonly GiftCard[], rows: ReadonlyMap<string, GiftCardRow>, witness: GiftCard | undefined): CopiedCard[] {
  const copied = new Map<string, CopiedCard>();
  const masked: GiftCard[] = [];
  for (const card of read) {
    const id = scalarText(card.id);
    if (copied.has(id) || masked.some((other) => scalarText(other.id) === id)) continue;
    if (!showsFullCode(card)) masked.push(card);
    // Another whole code ending alike plays no part in the import's choices: only holders are copied (and the currency's witness).
    else if (rows.has(card.code!.toLowerCase()) || card === witness) copied.set(id, { ...card, code: card.code! });
  }
  const holders = new Set<GiftCard>();
  for (const [code, row] of rows) {
    const ending = masked.filter((card) => !holders.has(card) && lastOf(card) !== '' && code.endsWith(lastOf(card)));
    const holder = ending.find((card) => madeAlike(card, row)) ?? ending[0];
    if (holder === undefined) continue;
    holders.add(holder);
    copied.set(scalarText(holder.id), { ...holder, code: row.code! });
  }
  const taken = new Set(rows.keys());
  for (const card of masked) if (!holders.has(card)) copied.set(scalarText(card.id), { ...card, code: madeUpCode(lastOf(card), taken) });
  return [...copied.values()];
}

function madeAlike(card: GiftCard, row: GiftCardRow): boolean {
  if (card.initialValue === undefined || !sameAmount(scalarText(card.initialValue), row.initialValue)) return false;
  return row.customerId === undefined || (card.customerId !== undefined && card.customerId !== null && scalarText(card.customerId) === row.customerId);
}
