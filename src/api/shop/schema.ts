// The shop as stores send it (`GET /shops/info`, About Shop, partners.genstore.ai/docs/api-rest/28):
// every field shown as sent, whatever its type; nothing here may refuse an answer over them.
import * as z from 'zod/mini';
import type { ShopField } from './fields.js';
import { type Assert, type ExactFields, asSent, checkedAsSent } from '../schema.js';

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

export const checkShop = (value: unknown): Shop => checkedAsSent(shopSchema, value, 'a shop');
