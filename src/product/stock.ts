// Stock of a variant at a location, between the inventory verbs (and product create's
// --location) and src/api: a location named by id or name, a variant by its SKU, and a
// quantity set or adjusted (below zero only when the caller agrees).
// The store documents no relative change (About Inventory: PUT /inventory/{variantId} sets a
// quantity), so an adjustment reads the quantity and then sets the sum: a sale between the
// two is overwritten, which the verbs say (docs/decisions.md "Inventory").
import type { Api } from '../api/index.js';
import type { InventoryItem } from '../api/inventory/declaration.js';
import type { Location } from '../api/locations/declaration.js';
import { idText } from '../api/products/draft.js';
import { ApiError, FieldError } from '../core/errors.js';
import { scalarText } from '../core/json.js';
import type { FlagChange } from './flag-change.js';
import { isId, pickByName, type Kind, type Spin } from './names.js';

export const LOCATION: Kind = { noun: 'location', field: 'location', lister: 'store-cli location list' };

/** A location's name as sent, under `name` or (another store's spelling) `locationName`. */
export function nameOf(location: Location): string {
  return scalarText(location.name ?? (location as Record<string, unknown>).locationName);
}

/**
 * The id a `--location` means: digits are an id, used as given (no request); a name is looked
 * up among every location (one listing) and must pick one, as names of collections do.
 */
export async function resolveLocation(api: Api, value: string, spin: Spin, kind: Kind = LOCATION): Promise<string> {
  if (value.trim() === '') throw new FieldError(kind.field, (flag) => `${flag()} must be a location id or name, not empty.`);
  if (isId(value)) return value;
  const locations = await spin(`Looking up '${value}'…`, () => api.locations.list({ all: true }));
  return pickByName(
    kind,
    value,
    locations.map((location) => ({ id: idText(location.locationId), name: nameOf(location) })),
  );
}

/**
 * Names of every location by id, for a listing; empty when the store refuses them (a token
 * without read_shops, a store without the listing): the ids are shown instead. A network
 * failure or an interruption still ends the command.
 */
export async function locationNames(api: Api): Promise<Map<string, string>> {
  try {
    return new Map((await api.locations.list({ all: true })).map((location) => [idText(location.locationId), nameOf(location)]));
  } catch (error) {
    if (error instanceof ApiError) return new Map();
    throw error;
  }
}

/**
 * The variant a SKU names (`inventory set --sku`): the store's listing has no SKU filter, so
 * every product is read (250 a page) and the SKU must be on exactly one variant, matched
 * exactly; none or several exit 2, listing those found, and nothing is written.
 */
export async function variantBySku(api: Api, sku: string, spin: Spin): Promise<string> {
  if (sku.trim() === '') throw new FieldError('sku', (flag) => `${flag()} must be a SKU, not empty.`);
  const found = await spin(`Looking up SKU '${sku}'…`, async () => {
    const variants: Array<{ variantId: string; title: string }> = [];
    for await (const page of api.products.list({ limit: 250 }, true)) {
      for (const product of page) {
        for (const variant of Array.isArray(product.variants) ? (product.variants as unknown[]) : []) {
          if (typeof variant !== 'object' || variant === null) continue;
          const { sku: own, variantId } = variant as Record<string, unknown>;
          if (scalarText(own) === sku && variantId !== undefined && variantId !== null)
            variants.push({ variantId: idText(variantId as string), title: scalarText(product.title) });
        }
      }
    }
    return variants;
  });
  if (found.length === 1) return found[0]!.variantId;
  if (found.length === 0)
    throw new FieldError(
      'sku',
      (flag) => `No variant has the SKU '${sku}' (${flag()}); 'store-cli product get PRODUCT' lists a product's variants and SKUs.`,
      false,
    );
  const listed = found.map((v) => `variant ${v.variantId} of '${v.title}'`).join(', ');
  throw new FieldError('sku', (flag) => `The SKU '${sku}' (${flag()}) is on ${found.length} variants: ${listed}; give the variant id instead.`, false);
}

/** What `inventory set` asks: a quantity, or a signed change to the current one. */
export type StockChange = { quantity: string } | { adjust: bigint };

/**
 * Asked before an adjustment that takes a quantity below zero is written (the read is done,
 * nothing is written yet): resolves to go on, throws to write nothing.
 */
export type BelowZero = (before: string, after: string) => Promise<void>;

export interface StockResult {
  /** The quantity before, as the store sent it; undefined when the variant was not stocked there. */
  before: string | undefined;
  after: string;
  /** The store's answer; undefined when it answered without a body. */
  item: InventoryItem | undefined;
  /** The variant was not stocked at the location: it was connected (POST /inventory/connect). */
  connected: boolean;
}

/** The largest quantity the store keeps (9 digits), either way. */
const LIMIT = 999_999_999n;

/**
 * Sets the variant's stock at the location: reads it (one listing filtered to both), then
 * PUTs the new quantity, or connects the variant there when it is not stocked there yet.
 */
export async function setStock(api: Api, variantId: string, locationId: string, change: StockChange, belowZero?: BelowZero): Promise<StockResult> {
  const current = (await api.inventory.list({ variantId, locationId })).find(
    (item) => idText(item.variantId) === variantId && idText(item.locationId) === locationId,
  );
  const before = current === undefined ? undefined : scalarText(current.available);
  let after: string;
  if ('quantity' in change) after = change.quantity;
  else {
    if (before !== undefined && !/^-?\d+$/.test(before))
      throw new FieldError(
        'adjust',
        (flag) => `${flag()}: the store sent a quantity that is not a whole number ('${before}'); set it with --quantity instead.`,
      );
    const sum = BigInt(before ?? '0') + change.adjust;
    if (sum > LIMIT || sum < -LIMIT) throw new FieldError('adjust', (flag) => `${flag()} would make the quantity ${sum}, beyond the 9 digits the store keeps.`);
    after = sum.toString();
    if (change.adjust < 0n && sum < 0n) await belowZero?.(before ?? '0', after);
  }
  const level = { locationId, available: after };
  const item = current === undefined ? await api.inventory.connect(variantId, level) : await api.inventory.set(variantId, level);
  return { before, after, item, connected: current === undefined };
}

/** The change with --location's name looked up (one listing of locations); as it is when it names none. */
export async function locate(api: Api, change: FlagChange, spin: Spin): Promise<FlagChange> {
  if (change.location === undefined) return change;
  const locationId = await resolveLocation(api, change.location, spin);
  const { location: _name, ...rest } = change;
  return { ...rest, variant: { ...change.variant, locationId } };
}
