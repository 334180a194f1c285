// A customer's writable fields in one form, whatever form the store wrote them in (tags as a
// list or as its JSON text, taxExempt as true or "true", addresses with the store's ids and
// default flags), and what a bulk run sends back (CustomerWrite): the declared fields and
// the addresses, which no flag sets. Customer import compares the two, customer export writes
// the first, undo puts back what an import replaced. A field the store withheld from the
// token (withheld.ts) is named as such, never read as empty. Zod-free.
import { scalarText } from '../../core/json.js';
import type { ChangeOf } from '../rest-resource.js';
import type { customers, Customer } from './declaration.js';
import { PROTECTED_FIELDS, type ProtectedField } from './withheld.js';

/** An address's fields, in the order the docs' sample and an export write them; its id and default flag are the store's. */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'provinceCode', 'countryCode', 'zip', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type CustomerAddress = Partial<Record<AddressField, string>>;

/** What a create or a change sends: the declared fields, and the whole list of addresses (the first the default). */
export type CustomerWrite = ChangeOf<typeof customers> & { addresses?: CustomerAddress[] };

/** A customer's writable fields as the store holds them: a text field absent when the store sent none (or an empty one). */
export interface CustomerFields {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  tags: string[];
  taxExempt?: boolean;
  notes?: string;
  addresses: CustomerAddress[];
}

export type CustomerField = keyof CustomerFields;
export type TextField = 'email' | 'firstName' | 'lastName' | 'phone' | 'notes';

/** Every writable field, in the order an export writes them. */
export const CUSTOMER_FIELDS: readonly CustomerField[] = ['email', 'firstName', 'lastName', 'phone', 'tags', 'taxExempt', 'notes', 'addresses'];
export const TEXT_FIELDS: readonly TextField[] = ['email', 'firstName', 'lastName', 'phone', 'notes'];

export function isProtected(field: CustomerField): field is ProtectedField {
  return (PROTECTED_FIELDS as readonly string[]).includes(field);
}

/** The customer's fields as held, and those the store withheld from this token. */
export interface HeldCustomer {
  id: string;
  fields: CustomerFields;
  withheld: readonly ProtectedField[];
}

/** A customer as read (through the declaration: `withheld` marked) as its writable fields. */
export function heldCustomer(customer: Customer): HeldCustomer {
  const withheld = Array.isArray(customer.withheld) ? (customer.withheld as unknown[]).filter(isProtectedName) : [];
  const fields: CustomerFields = { tags: tagsOf(customer.tags), addresses: addressesOf(customer.addresses) };
  for (const name of TEXT_FIELDS) {
    const text = textOf(customer[name]);
    if (text !== undefined) fields[name] = text;
  }
  const taxExempt = flagOf(customer.taxExempt);
  if (taxExempt !== undefined) fields.taxExempt = taxExempt;
  return { id: scalarText(customer.id), fields, withheld };
}

function isProtectedName(value: unknown): value is ProtectedField {
  return typeof value === 'string' && (PROTECTED_FIELDS as readonly string[]).includes(value);
}

/** Text as sent (a number as its digits); nothing for null or empty text. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'string' ? value : scalarText(value);
  return text === '' ? undefined : text;
}

function flagOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Tags as a list (the docs' sample writes them as JSON-array text; a plain text is taken as tags separated by commas). */
export function tagsOf(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        list = text.split(',');
      }
    } else list = text === '' ? [] : text.split(',');
  }
  if (!Array.isArray(list)) return [];
  return list.map((tag) => (typeof tag === 'string' ? tag.trim() : scalarText(tag))).filter((tag) => tag !== '');
}

/** Addresses as the store lists them, the default one first, each with its known fields only (not its id: a store's own). */
function addressesOf(value: unknown): CustomerAddress[] {
  if (!Array.isArray(value)) return [];
  const read = value
    .filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry === 'object' && !Array.isArray(entry))
    .map((entry) => ({ address: addressOf(entry), isDefault: flagOf(entry.isDefaultAddress) === true }));
  const first = read.findIndex((entry) => entry.isDefault);
  if (first > 0) read.unshift(...read.splice(first, 1));
  return read.map((entry) => entry.address);
}

function addressOf(entry: Record<string, unknown>): CustomerAddress {
  const address: CustomerAddress = {};
  for (const name of ADDRESS_FIELDS) {
    const text = textOf(entry[name]);
    if (text !== undefined) address[name] = text;
  }
  return address;
}

/** Whether `field` holds the same in both (tags as a set, addresses in order, a flag absent as false). */
export function sameField(field: CustomerField, a: CustomerFields, b: CustomerFields): boolean {
  switch (field) {
    case 'tags': {
      const [x, y] = [new Set(a.tags), new Set(b.tags)];
      return x.size === y.size && [...x].every((tag) => y.has(tag));
    }
    case 'addresses':
      return JSON.stringify(a.addresses.map(ordered)) === JSON.stringify(b.addresses.map(ordered));
    case 'taxExempt':
      return (a.taxExempt ?? false) === (b.taxExempt ?? false);
    default:
      return (a[field] ?? '') === (b[field] ?? '');
  }
}

/** An address with its fields in the one order, empty ones left out: two alike compare alike. */
export function ordered(address: CustomerAddress): CustomerAddress {
  const out: CustomerAddress = {};
  for (const name of ADDRESS_FIELDS) if (address[name] !== undefined && address[name] !== '') out[name] = address[name];
  return out;
}

/**
 * What sets `names` as `fields` holds them: a text field absent is sent empty (the store
 * clears it), tags and addresses absent as empty lists, taxExempt absent as false.
 */
export function writeOf(fields: CustomerFields, names: readonly CustomerField[]): CustomerWrite {
  const write: CustomerWrite = {};
  for (const name of names) {
    if (name === 'tags') write.tags = [...fields.tags];
    else if (name === 'addresses') write.addresses = fields.addresses.map(ordered);
    else if (name === 'taxExempt') write.taxExempt = fields.taxExempt ?? false;
    else write[name] = fields[name] ?? '';
  }
  return write;
}
