// A location (a warehouse or shop the store keeps stock at, `/shops/locations`) as the sandbox
// stores it, and the store's book of them. Stock itself is not here: it lives in the product
// variants' `inventoryQuantities` (one source of truth), which name locations by id.
import * as z from 'zod';
import { formatTimestamp, isTimestamp } from '../dates.js';
import { characterCount } from '../text.js';
import { compareIds, ID_PATTERN } from '../../state/ids.js';
import { DEFAULT_LOCATION_ID, MAX_TEXT_LENGTH } from '../products/decisions.js';

/** The resource's key: its section in the data file, the journal and a seed. */
export const KEY = 'locations';

/** The location a store always has: stock sent without a location is kept there; it cannot be deleted. */
export const DEFAULT_LOCATION = { locationId: DEFAULT_LOCATION_ID, name: 'Default location' } as const;

const text = z.string().refine((value) => characterCount(value) <= MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`);

export const locationRecordSchema = z.strictObject({
  locationId: z.string().regex(ID_PATTERN, 'must be a decimal id without leading zeros'),
  name: text.refine((value) => value.trim() !== '', 'must not be blank'),
  address1: text.optional(),
  address2: text.optional(),
  city: text.optional(),
  province: text.optional(),
  /** Two-letter country code. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
    .optional(),
  zip: text.optional(),
  phone: text.optional(),
  createTime: z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z'),
  updateTime: z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z'),
});

export type LocationRecord = z.infer<typeof locationRecordSchema>;

/** The address fields a request may set, in the order the store writes them. */
export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'province', 'country', 'zip', 'phone'] as const;

/** A journaled change: the location as it now is, or the id of one deleted. */
export const changeSchema = z.union([z.strictObject({ put: locationRecordSchema }), z.strictObject({ remove: z.string().regex(ID_PATTERN) })]);

/** The store's locations, ascending by id; the default one is always there. */
export class LocationBook {
  private records = new Map<string, LocationRecord>();

  /** A new store (before any seed or data file) has its default location, made now. */
  constructor() {
    this.replace([], formatTimestamp(new Date()));
  }

  /** Replaces every location; `stamp` dates the default location when the records lack it. */
  replace(records: readonly LocationRecord[], stamp: string): void {
    const next = new Map<string, LocationRecord>();
    for (const record of records) {
      if (next.has(record.locationId)) throw new Error(`location id ${record.locationId} appears twice`);
      next.set(record.locationId, record);
    }
    if (!next.has(DEFAULT_LOCATION_ID)) next.set(DEFAULT_LOCATION_ID, { ...DEFAULT_LOCATION, createTime: stamp, updateTime: stamp });
    this.records = next;
  }

  all(): LocationRecord[] {
    return [...this.records.values()].sort((a, b) => compareIds(a.locationId, b.locationId));
  }

  get(id: string): LocationRecord | undefined {
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  put(record: LocationRecord): void {
    this.records.set(record.locationId, record);
  }

  remove(id: string): void {
    this.records.delete(id);
  }
}
