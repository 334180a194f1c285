// A customer (partners.genstore.ai "About Customer"), described once: contact fields, account
// state, tags, addresses and what it has spent. The record table makes its section of the data
// file, the journal and a seed, its bodies (a text sent as null or "" is cleared), its wire form
// (as the docs' sample writes it: taxExempt, ordersCount as text, tags as JSON-array text) and
// its routes; routes.ts adds the rules across customers, the protected fields and the search.
// The demo customers (demo.json: ada@, grace@ and linus@example.com) own the demo gift cards.
// docs/decisions.md "Customers" has the choices.
import * as z from 'zod';
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import { ID_PATTERN } from '../../state/ids.js';
import { AMOUNT_PATTERN } from '../money.js';
import { createTime, flag, kept, listRead, text, updateTime, type FieldKind } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import { characterCount } from '../text.js';
import demo from './demo.json' with { type: 'json' };

/** The scopes its routes require, in the order a token's grant lists them. */
export const SCOPES = ['read_customers', 'write_customers'] as const;

/** The account states the docs enumerate. */
const CUSTOMER_STATES = ['ENABLED', 'DISABLED', 'INVITED', 'DECLINED'] as const;
const NAME_MAX_LENGTH = 255;

/** Loose on purpose: an address of the docs' sample is a handful of optional strings. */
const ADDRESS_TEXT = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'provinceCode', 'countryCode', 'zip', 'phone'] as const;
const addressText = Object.fromEntries(ADDRESS_TEXT.map((name) => [name, z.string().optional()])) as Record<
  (typeof ADDRESS_TEXT)[number],
  z.ZodOptional<z.ZodString>
>;
const addressSchema = z.strictObject({
  id: z.string().regex(ID_PATTERN, 'must be a decimal id without leading zeros'),
  ...addressText,
  isDefaultAddress: z.boolean(),
});
type Address = z.infer<typeof addressSchema>;

/**
 * The whole list, replacing the stored one; the first is the default. Ids are the store's:
 * a read leaves them '' and the customer is given them once it is accepted (routes.ts).
 */
const addresses: FieldKind<Address[], false> = {
  ...kept(z.array(addressSchema), [], (list) =>
    list.map((address) => ({ ...address, id: new JsonInteger(address.id), isDefaultAddress: String(address.isDefaultAddress) })),
  ),
  seed: z
    .array(addressSchema.extend({ isDefaultAddress: z.boolean().optional() }))
    .default([])
    .transform((list) => list.map((address, index) => ({ ...address, isDefaultAddress: address.isDefaultAddress ?? index === 0 }))),
  read: listRead('addresses', (entry, at, errors, index) => {
    if (!isJsonObject(entry)) {
      errors.add(at, 'must be an object');
      return undefined;
    }
    const address: Address = { id: '', isDefaultAddress: index === 0 };
    for (const name of ADDRESS_TEXT) {
      const field = entry[name];
      if (field === undefined || field === null) continue;
      if (typeof field !== 'string' || characterCount(field) > NAME_MAX_LENGTH)
        errors.add(`${at}.${name}`, `must be a string of at most ${NAME_MAX_LENGTH} characters`);
      else address[name] = field;
    }
    return address;
  }),
};

/** Tags as an array of strings, or as the JSON-array text the store writes them in. */
const tags: FieldKind<string[], false> = {
  ...kept(z.array(z.string()), [], (list) => JSON.stringify(list)),
  seed: z.array(z.string().min(1)).default([]),
  read(value, at, errors) {
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        list = undefined;
      }
    }
    if (Array.isArray(list) && list.every((tag): tag is string => typeof tag === 'string' && tag.trim() !== '' && characterCount(tag) <= NAME_MAX_LENGTH))
      return [...new Set(list.map((tag) => tag.trim()))];
    errors.add(at, 'must be an array of non-empty strings (or its JSON text)');
    return undefined;
  },
};

const name = text({ max: NAME_MAX_LENGTH, clearable: true });

export const customerTable = recordTable({
  key: 'customers',
  wrap: { one: 'customer', many: 'customers' },
  fields: {
    firstName: name,
    lastName: name,
    email: text({
      max: NAME_MAX_LENGTH,
      clearable: true,
      rule: { test: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'must be an email address such as ada@example.com' },
    }),
    phone: text({
      max: NAME_MAX_LENGTH,
      clearable: true,
      rule: { test: /^\+?[0-9][0-9 -]{3,30}$/, message: 'must be a phone number: digits, optionally a leading +, spaces or dashes' },
    }),
    // A customer made through the API is invited; one a seed writes is enabled unless it says.
    state: { ...kept(z.enum(CUSTOMER_STATES), 'INVITED'), seed: z.enum(CUSTOMER_STATES).default('ENABLED') },
    verifiedEmail: flag({ initial: false, writable: false }),
    notes: text({ max: 5000, clearable: true }),
    tags,
    taxExempt: flag({ initial: false, shown: 'text' }),
    addresses,
    ordersCount: kept(z.number().int().min(0), 0, String),
    totalSpent: kept(z.string().regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places'), '0.00'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  // The listing and the search are routes.ts's (the search's method is the dialect's).
  routes: { path: '/customers', create: true, get: true, update: true, delete: true },
  // A write token reads too, as the docs say of write_orders ("Read-write").
  scopes: { read: ['read_customers', 'write_customers'], write: 'write_customers' },
  check(customers, report) {
    const seen = { email: new Map<string, number>(), phone: new Map<string, number>() };
    customers.forEach((customer, index) => {
      for (const field of ['email', 'phone'] as const) {
        const value = customer[field];
        if (value === undefined) continue;
        const same = seen[field].get(contactKey[field](value));
        if (same !== undefined) report(index, field, `is the ${field} of customers[${same}] too`);
        seen[field].set(contactKey[field](value), index);
      }
      if (CONTACT_FIELDS.every((field) => customer[field] === undefined))
        report(index, undefined, 'needs at least one of firstName, lastName, email and phone');
    });
  },
  demo,
});

export type CustomerRecord = TableRecord<typeof customerTable>;

/** A customer needs one of these: the admin asks for one at least. */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/**
 * Emails and phones are unique in a store (help.genstore.ai: "email addresses and phone numbers
 * are unique"): emails ignoring case, phones by their digits (and a leading +): `+1 555-0100` is `+15550100`.
 */
export const contactKey = { email: (email: string): string => email.toLowerCase(), phone: (phone: string): string => phone.replace(/[\s-]/g, '') };
