import * as z from 'zod';
import { isCalendarDate, isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN, CODE_PATTERN, NOTE_MAX_LENGTH } from '../gift-card-rules.js';
import { ID_PATTERN } from '../ids.js';
import { characterCount } from '../text.js';
import { categoryRecordSchema, collectionRecordSchema, productRecordSchema } from '../product-record.js';

const id = z.string().regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const amount = z.string().regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places');
const calendarDate = z.string().refine(isCalendarDate, 'must be a calendar date YYYY-MM-DD');
const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

/** A demo gift card: the stored card minus what the sandbox supplies (currency, userId). */
export const demoGiftCardSchema = z.strictObject({
  id,
  code: z.string().regex(CODE_PATTERN, 'must be 8 to 20 letters or digits'),
  lastCharacters: z.string().length(4),
  initialValue: amount,
  balance: amount,
  customerId: id.optional(),
  orderId: id.optional(),
  lineItemId: id.optional(),
  note: z
    .string()
    .refine((note) => characterCount(note) <= NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`)
    .optional(),
  expireTime: calendarDate.nullable(),
  createTime: timestamp,
  updateTime: timestamp,
  disableTime: timestamp.optional(),
});

/** One section per resource, named like the resource's key in the data file. */
export const demoDataSchema = z.strictObject({
  giftCards: z.array(demoGiftCardSchema),
  /** The category tree; collections and products are stored records, their ids fixed. */
  categories: z.array(categoryRecordSchema),
  collections: z.array(collectionRecordSchema),
  products: z.array(productRecordSchema),
});

export type DemoGiftCard = z.infer<typeof demoGiftCardSchema>;
export type DemoData = z.infer<typeof demoDataSchema>;
