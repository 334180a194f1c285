// The flags create and update share: the kebab-case of the location's fields.
import { text, type Flag } from '../verb.js';

const ADDRESS = {
  address1: 'first line of the street address',
  address2: 'second line of the street address',
  city: 'city',
  province: 'province or state',
  country: 'two-letter country code, such as US',
  zip: 'postal code',
  phone: 'phone number',
} as const;

type AddressField = keyof typeof ADDRESS;

export function addressFlags() {
  return Object.fromEntries(Object.entries(ADDRESS).map(([field, summary]) => [field, text(field === 'country' ? '<code>' : '<text>', summary)])) as Record<AddressField, Flag<string | undefined>>;
}

/** The location's fields among the options, only those given: a store may read a present field as a change. */
export function locationFields(options: Partial<Record<AddressField | 'name', string | undefined>>): Partial<Record<AddressField | 'name', string>> {
  const fields: Partial<Record<AddressField | 'name', string>> = {};
  for (const field of ['name', ...Object.keys(ADDRESS)] as (AddressField | 'name')[]) {
    const value = options[field];
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}
