// Locations (the store's warehouses, `/shops/locations`) as stores send them, and the checks
// of what a user gives before it is sent. The docs show the paths but not a location's fields
// past their readable part: the names here are the sandbox's choice (docs/decisions.md
// "Locations"), read tolerantly: only the id is required, everything else is shown as sent.
import * as z from 'zod/mini';
import type { LocationField } from './fields.js';
import { numericId, parseInput, wireId, type Assert, type ExactFields, asSent, checkedAsSent, checkedListAsSent } from '../schema.js';

export const locationSchema = z.looseObject({
  locationId: wireId,
  /** A store may call it `locationName` instead (the view reads either). */
  name: asSent,
  address1: asSent,
  address2: asSent,
  city: asSent,
  province: asSent,
  /** Two-letter country code. */
  country: asSent,
  zip: asSent,
  phone: asSent,
  createTime: asSent,
  updateTime: asSent,
});
export type Location = z.infer<typeof locationSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type LocationFieldsCheck = Assert<ExactFields<typeof locationSchema.shape, LocationField>>;

export const checkLocation = (value: unknown): Location => checkedAsSent(locationSchema, value, 'a location');

export const checkLocationList = (list: unknown): Location[] => checkedListAsSent(locationSchema, list, 'a location list');

// ---- inputs, checked before anything is sent -------------------------------------------

const MAX_TEXT = 255;
const line = () => z.string().check(z.maxLength(MAX_TEXT, `must be at most ${MAX_TEXT} characters`));
const name = z.string().check(
  z.refine((value) => value.trim() !== '', 'must not be blank'),
  z.maxLength(MAX_TEXT, `must be at most ${MAX_TEXT} characters`),
);
const country = z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US'));

const addressShape = {
  address1: z.optional(line()),
  address2: z.optional(line()),
  city: z.optional(line()),
  province: z.optional(line()),
  country: z.optional(country),
  zip: z.optional(line()),
  phone: z.optional(line()),
};

/** A new location: a name, the address optional. */
export const locationCreateInput = z.object({ name, ...addressShape });
export type LocationCreate = z.infer<typeof locationCreateInput>;
/** A change sends only the fields given. */
export const locationChangeInput = z.object({ name: z.optional(name), ...addressShape });
export type LocationChange = z.infer<typeof locationChangeInput>;

const idInput = z.object({ locationId: numericId() });

export const checkLocationCreate = (value: unknown): LocationCreate => parseInput(locationCreateInput, value);
export const checkLocationChange = (value: unknown): LocationChange => parseInput(locationChangeInput, value);
export const checkLocationId = (locationId: unknown): string => parseInput(idInput, { locationId }, { locationId: '<locationId>' }).locationId;
