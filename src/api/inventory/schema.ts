// Inventory items as stores send them (About Inventory, partners.genstore.ai/docs/api-rest/11:
// `{"inventory": {"productId": ..., ...}}`, the rest past the docs' readable part): one
// variant's stock at one location. The ids are required; the rest is shown as sent.
import * as z from 'zod/mini';
import type { InventoryField } from './fields.js';
import { numericId, parseInput, wireId, type Assert, type ExactFields, asSent, checkedAsSent, checkedListAsSent } from '../schema.js';

export const inventorySchema = z.looseObject({
  productId: asSent,
  variantId: wireId,
  sku: asSent,
  locationId: wireId,
  /** A whole number, negative when oversold: a JSON number or its digits as text. */
  available: asSent,
});
export type InventoryItem = z.infer<typeof inventorySchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type InventoryFieldsCheck = Assert<ExactFields<typeof inventorySchema.shape, InventoryField>>;

export const checkInventoryItem = (value: unknown): InventoryItem => checkedAsSent(inventorySchema, value, 'an inventory item');

export const checkInventoryList = (list: unknown): InventoryItem[] => checkedListAsSent(inventorySchema, list, 'an inventory list');

// ---- inputs, checked before anything is sent -------------------------------------------

/** The store keeps quantities of at most 9 digits, negative when oversold. */
export const QUANTITY = /^-?(0|[1-9][0-9]{0,8})$/;
const quantity = z.string().check(z.regex(QUANTITY, 'must be a whole number such as 12 (negative when oversold), at most 9 digits'));

const filterInput = z.object({ productId: z.optional(numericId()), variantId: z.optional(numericId()), locationId: z.optional(numericId()) });
export type InventoryFilter = z.infer<typeof filterInput>;

export const checkInventoryFilter = (value: unknown): InventoryFilter => parseInput(filterInput, value, { productId: '--product', variantId: '--variant', locationId: '--location' });
export const checkQuantity = (value: unknown, flag: string): string => parseInput(z.object({ quantity }), { quantity: value }, { quantity: flag }).quantity;
export const checkVariantId = (variantId: unknown): string => parseInput(z.object({ variantId: numericId() }), { variantId }, { variantId: '<variantId>' }).variantId;
