// A customer answer checked without zod (../well-formed.ts): an id, and every other field as
// the store sent it (schema.ts customerSchema), keyed by the --json fields, so a field added
// to fields.ts and not here fails the type check.
import { asSent, id, listOf, objectOf, optional, texts, type Kind } from '../well-formed.js';
import type { CustomerField } from './fields.js';

export const CUSTOMER_KINDS: Readonly<Record<CustomerField, Kind>> = {
  id,
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
  withheld: optional(texts),
};

export const isWellFormedCustomer = objectOf(CUSTOMER_KINDS);
export const isWellFormedCustomerList = listOf(isWellFormedCustomer);
