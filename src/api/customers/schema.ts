// Customers (partners.genstore.ai "About Customer"): the schema of a customer as stores send
// it, and the checks of every input before it is sent. The requests are in requests.ts.
import * as z from 'zod/mini';
import type { CustomerField } from './fields.js';
import { numericId, parseInput, wireId, type Assert, type ExactFields, asSent, checkedAsSent, checkedListAsSent } from '../schema.js';

/**
 * Strict in what we send, tolerant in what we read: a listing needs a customer's id; every
 * other field is shown as the store sent it, whatever its JSON type (the docs' sample writes
 * taxExempt as "true", tags as JSON-array text, ordersCount as an object in one place and a
 * string in another).
 */
export const customerSchema = z.looseObject({
  id: wireId,
  firstName: asSent,
  lastName: asSent,
  email: asSent,
  phone: asSent,
  state: asSent,
  verifiedEmail: asSent,
  notes: asSent,
  tags: asSent,
  taxExempt: asSent,
  taxExemptions: asSent,
  addresses: asSent,
  ordersCount: asSent,
  totalSpent: asSent,
  emailMarketingConsent: asSent,
  smsMarketingConsent: asSent,
  createTime: asSent,
  updateTime: asSent,
  /** store-cli's, never the store's: the protected fields withheld from this token (withheld.ts). */
  withheld: z.optional(z.array(z.string())),
});
export type Customer = z.infer<typeof customerSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type CustomerFieldsCheck = Assert<ExactFields<typeof customerSchema.shape, CustomerField>>;

// ---- inputs, checked before anything is sent -------------------------------------------

const name = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters'));
const email = z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address such as ada@example.com'), z.maxLength(255, 'must be at most 255 characters'));
const phone = z.string().check(z.regex(/^\+?[0-9][0-9 -]{3,30}$/, 'must be a phone number: digits, optionally a leading +, spaces or dashes'));
const tag = z.string().check(z.regex(/\S/, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters'));

const customerFields = {
  firstName: z.optional(name),
  lastName: z.optional(name),
  email: z.optional(email),
  phone: z.optional(phone),
  notes: z.optional(z.string().check(z.maxLength(5000, 'must be at most 5000 characters'))),
  tags: z.optional(z.array(tag)),
  taxExempt: z.optional(z.boolean()),
};

const CONTACT = ['firstName', 'lastName', 'email', 'phone'] as const;

export const customerCreateInput = z
  .object(customerFields)
  .check(z.refine((input) => CONTACT.some((field) => input[field] !== undefined), { message: 'needs at least one of --first-name, --last-name, --email and --phone', path: ['customer'] }));
export type CustomerCreate = z.infer<typeof customerCreateInput>;

export const customerChangeInput = z.object(customerFields);
export type CustomerChange = z.infer<typeof customerChangeInput>;

export const customerSearchInput = z.object({ email: z.optional(email), phone: z.optional(phone), name: z.optional(name) });
export type CustomerSearch = z.infer<typeof customerSearchInput>;

const idInput = z.object({ customerId: numericId() });
const idNames = { customerId: '<customerId>' };

const inputNames = { customer: 'A customer', tags: '--tag' };
export const checkCustomerCreate = (value: unknown) => parseInput(customerCreateInput, value, inputNames);
export const checkCustomerChange = (value: unknown) => parseInput(customerChangeInput, value, inputNames);
export const checkCustomerSearch = (value: unknown) => parseInput(customerSearchInput, value);
export const checkCustomerId = (customerId: unknown) => parseInput(idInput, { customerId }, idNames).customerId;

export const checkCustomer = (value: unknown): Customer => checkedAsSent(customerSchema, value, 'a customer');

export const checkCustomerList = (list: unknown): Customer[] => checkedListAsSent(customerSchema, list, 'a customer list');
