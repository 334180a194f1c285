// The shop as stores send it (`GET /shops/info`, About Shop, partners.genstore.ai/docs/api-rest/28):
// every field shown as sent, whatever its type; nothing here may refuse an answer over them.
import * as z from 'zod/mini';
import type { ShopField } from './fields.js';
import { parseWire, type Assert, type ExactFields } from '../schema.js';

const asSent = z.optional(z.unknown());

export const shopSchema = z.looseObject({
  shopId: asSent,
  shopName: asSent,
  domain: asSent,
  /** Two-letter country code. */
  country: asSent,
  currency: asSent,
  /** Hours from UTC, as text ("-4"). */
  timezone: asSent,
  ianaTimezone: asSent,
  mail: asSent,
  description: asSent,
  logo: asSent,
  weightUnit: asSent,
});
export type Shop = z.infer<typeof shopSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type ShopFieldsCheck = Assert<ExactFields<typeof shopSchema.shape, ShopField>>;

/** Checked against the schema, but returned as sent: zod's copy would reorder the keys. */
export function checkShop(value: unknown): Shop {
  parseWire(shopSchema, value, 'a shop');
  return value as Shop;
}
