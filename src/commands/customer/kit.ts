// The customer verbs that load on their own (verb-loaders.ts): the kit's list, get, count,
// create, update and delete over the declaration in api/customers/declaration.ts, and search
// by hand (search.ts), all showing the same table. A protected field the token may not read
// shows as `(withheld)` in a table, never as an empty cell that would say the customer has
// none; --json leaves it out and names it in `withheld`. Import and export are modules of their
// own: their bulk run, reports and dry run load only for them.
import { customers, type Customer } from '../../api/customers/declaration.js';
import type { Palette } from '../../core/colors.js';
import { UsageError } from '../../core/errors.js';
import { crudVerbs, type ColumnText, type TableText } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';
import { PROTECTED_NOTE } from './protected-note.js';
import searchVerb from './search.js';

const WITHHELD = '(withheld)';
const isWithheld = (customer: Customer, field: string) => Array.isArray(customer.withheld) && customer.withheld.includes(field);
const withheldStyle = (value: string, colors: Palette) => (value === WITHHELD ? colors.dim(value) : value);

/** A protected field as sent, or `(withheld)` when the store kept it from this token. */
const protectedField = (field: keyof Customer & string, shrinkable?: true): ColumnText<Customer> => ({
  value: (customer, text) => (isWithheld(customer, field) ? WITHHELD : text(customer[field])),
  style: withheldStyle,
  ...(shrinkable ? { shrinkable } : {}),
});

/** Tags as the store sends them (a list, or JSON-array text as the docs' sample), comma-separated. */
function tagsText(customer: Customer, text: (value: unknown) => string): string {
  let tags: unknown = customer.tags;
  if (typeof tags === 'string' && tags.trim().startsWith('[')) {
    try {
      tags = JSON.parse(tags);
    } catch {
      return tags as string;
    }
  }
  return Array.isArray(tags) ? tags.map((tag) => text(tag)).join(', ') : text(tags);
}

/** Addresses by their first line and city, the default one first as the store lists them. */
function addressesText(customer: Customer, text: (value: unknown) => string): string {
  if (isWithheld(customer, 'addresses')) return WITHHELD;
  if (!Array.isArray(customer.addresses)) return text(customer.addresses);
  return customer.addresses
    .map((address: unknown) => {
      if (address === null || typeof address !== 'object') return text(address);
      return ['address1', 'city', 'provinceCode', 'zip', 'countryCode']
        .map((key) => text((address as Record<string, unknown>)[key]))
        .filter((part) => part !== '')
        .join(', ');
    })
    .join('; ');
}

/** The listings' columns (list and search show the same) and one customer's rows. */
const table: TableText<Customer> = {
  list: ['id', 'firstName', 'lastName', 'email', 'phone', 'state', 'ordersCount', 'totalSpent', 'tags'],
  drop: ['tags', 'phone', 'state'],
  detail: [
    'id',
    'firstName',
    'lastName',
    'email',
    'phone',
    'state',
    'verifiedEmail',
    'taxExempt',
    'ordersCount',
    'totalSpent',
    'tags',
    'addresses',
    'notes',
    'createTime',
    'updateTime',
  ],
  columns: {
    id: 'ID',
    firstName: protectedField('firstName', true),
    lastName: protectedField('lastName', true),
    email: protectedField('email'),
    phone: protectedField('phone'),
    ordersCount: 'ORDERS',
    totalSpent: 'SPENT',
    tags: { value: tagsText, shrinkable: true },
    addresses: { value: addressesText, style: withheldStyle, shrinkable: true },
    notes: { shrinkable: true },
    createTime: 'CREATED',
    updateTime: 'UPDATED',
  },
};

const CONTACT = ['firstName', 'lastName', 'email', 'phone'];

/** list, get, count, create, update and delete. */
export const verbs = crudVerbs(customers, {
  noun: 'customer',
  api: (api) => api.customers,
  arg: { name: 'customerId', help: 'the customer id' },
  check: (values, _ctx, mode) => {
    if (mode === 'create' && !CONTACT.some((field) => values[field] !== undefined))
      throw new UsageError('A customer needs at least one of --first-name, --last-name, --email and --phone.');
  },
  label: (customer, text) =>
    [customer.firstName, customer.lastName]
      .map((part) => text(part))
      .filter(Boolean)
      .join(' ') || text(customer.email),
  fields: {
    firstName: {
      placeholder: '<name>',
      help: "the customer's first name, text of at most 255 characters (protected: stores show it only to tokens approved for it)",
    },
    lastName: { placeholder: '<name>', help: "the customer's last name, text of at most 255 characters (protected)" },
    email: { placeholder: '<address>', help: 'email address, unique in the store (protected)' },
    phone: { placeholder: '<number>', help: 'phone number such as +1 212 555 0100, unique in the store (protected)' },
    notes: { placeholder: '<text>', help: 'a note about the customer, at most 5000 characters' },
    tags: { placeholder: '<tag>', help: 'a tag, text of at most 255 characters; repeat for several (update: replaces every tag)' },
    taxExempt: { placeholder: '<true|false>', help: "whether the customer's orders are exempt from tax" },
  },
  table,
  list: {
    summary: "List the store's customers, oldest first; --all follows every page",
    examples: ['store-cli customer list', 'store-cli customer list --all --jsonl | jq -r .id', 'store-cli customer list --json id,email,withheld'],
    notes: `${PROTECTED_NOTE}Needs a token with the read_customers or write_customers scope.\n`,
  },
  get: {
    summary: 'Show a customer: contact, state, orders, spending, tags and addresses',
    examples: ['store-cli customer get 7300000000000000101', 'store-cli customer get 7300000000000000101 --json email,withheld'],
    notes: `${PROTECTED_NOTE}Needs a token with the read_customers or write_customers scope.\n`,
  },
  count: {
    summary: 'Count the customers of the store',
    examples: ['store-cli customer count', 'store-cli customer count --json'],
    notes: `
The store documents no count of customers, so store-cli reads the listing to its end in
pages of 250 and counts them: one request for every 250 customers.
Needs a token with the read_customers or write_customers scope.
`,
  },
  create: {
    summary: 'Create a customer from a name, email or phone (at least one)',
    examples: [
      'store-cli customer create --email ada@example.com --first-name Ada --last-name Lovelace',
      'store-cli customer create --phone "+1 212 555 0100" --tag wholesale --tag vip',
      'store-cli customer create --email kj@example.com --json id | jq -r .id',
    ],
    notes: `
The store keeps emails and phones unique: a second customer with one answers 409. A create
is not sent again after a lost answer; 'customer search --email' then shows whether it exists.
${DRY_RUN_NOTE}${PROTECTED_NOTE}Needs a token with the write_customers scope.
`,
    lost: (input) => {
      const lookup =
        input.email !== undefined
          ? `store-cli customer search --email ${String(input.email)}`
          : input.phone !== undefined
            ? `store-cli customer search --phone "${String(input.phone)}"`
            : 'store-cli customer list';
      return `Check with '${lookup}' before creating it again.`;
    },
  },
  update: {
    summary: "Change a customer's name, email, phone, notes, tags or tax exemption",
    examples: [
      'store-cli customer update 7300000000000000101 --notes "Call before delivery"',
      'store-cli customer update 7300000000000000101 --tag vip --tag wholesale',
      'store-cli customer update 7300000000000000101 --email ada@lovelace.example --dry-run',
    ],
    notes: `
Only the fields given are sent; --tag replaces the whole list of tags.
${DRY_RUN_NOTE}${PROTECTED_NOTE}Needs a token with the write_customers scope.
`,
  },
  delete: {
    summary: 'Delete a customer; asks first unless --yes',
    examples: [
      'store-cli customer delete 7300000000000000101',
      'store-cli customer delete 7300000000000000101 --yes',
      'store-cli customer delete 7300000000000000101 --dry-run --json',
    ],
    notes: `${DRY_RUN_NOTE}A dry run asks no confirmation. Needs a token with the write_customers scope.\n`,
    consequence: 'This cannot be undone.',
  },
});

/** `customer search --email|--phone|--query`, with the listings' table. */
export const search = searchVerb(table, PROTECTED_NOTE);
