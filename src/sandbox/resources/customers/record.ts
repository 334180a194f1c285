// A customer as the sandbox stores it (partners.genstore.ai "About Customer"): contact fields,
// addresses, account state, tags and what it has spent. Names, emails, phones and addresses are
// protected fields (http/protected-fields.ts); docs/decisions.md "Customers" has the choices.
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { ID_PATTERN } from '../../state/ids.js';

/** The resource's key: its section in the data file, the journal and a seed. */
export const KEY = 'customers';

/** The account states the docs enumerate. */
export const CUSTOMER_STATES = ['ENABLED', 'DISABLED', 'INVITED', 'DECLINED'] as const;

/** The fields only a token approved for protected data reads (the docs' list: name, email, phone, address). */
export const PROTECTED_CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'addresses'] as const;

/** The customer's text fields a create or update may set; the protected ones are four of them. */
export const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'notes'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const NOTES_MAX_LENGTH = 5000;
export const NAME_MAX_LENGTH = 255;

/** Loose on purpose: an address of the docs' sample is a handful of optional strings. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with an optional leading +, spaces and dashes allowed between them. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{3,30}$/;

const idText = z.string().regex(ID_PATTERN);

export const addressRecordSchema = z.strictObject({
  id: idText,
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  company: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  provinceCode: z.string().optional(),
  countryCode: z.string().optional(),
  zip: z.string().optional(),
  phone: z.string().optional(),
  isDefaultAddress: z.boolean(),
});
export type AddressRecord = z.infer<typeof addressRecordSchema>;

export const customerRecordSchema = z.strictObject({
  id: idText,
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  notes: z.string().optional(),
  state: z.enum(CUSTOMER_STATES),
  verifiedEmail: z.boolean(),
  taxExempt: z.boolean(),
  tags: z.array(z.string()),
  addresses: z.array(addressRecordSchema),
  ordersCount: z.number().int().min(0),
  totalSpent: z.string().regex(AMOUNT_PATTERN),
  createTime: z.string().refine(isTimestamp),
  updateTime: z.string().refine(isTimestamp),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** A journaled change: the customer as it now is, or the id of one deleted. */
export const changeSchema = z.union([z.strictObject({ put: customerRecordSchema }), z.strictObject({ remove: idText })]);

/** Emails are unique ignoring case (help.genstore.ai: "email addresses and phone numbers are unique"). */
export const emailKey = (email: string): string => email.toLowerCase();
/** Phones are unique by their digits (and a leading +): `+1 555-0100` is `+15550100`. */
export const phoneKey = (phone: string): string => phone.replace(/[\s-]/g, '');
