// The flags create and update share: the kebab-case of the location's fields.
import { text, type Flag } from '../verb.js';

const ADDRESS = {
  address1: 'first line of the street address, at most 255 characters',
  address2: 'second line of the street address, at most 255 characters',
  city: 'city, at most 255 characters',
  province: 'province or state, at most 255 characters',
  country: 'two-letter country code, such as US',
  zip: 'postal code, at most 255 characters',
  phone: 'phone number, at most 255 characters',
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
