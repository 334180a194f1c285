// Customers (partners.genstore.ai "About Customer"), declared: `/customers` under the
// `customer` wrapper. Strict in what we send, tolerant in what we read: a listing needs a
// customer's id; every other field is shown as the store sent it, whatever its JSON type (the
// docs' sample writes taxExempt as "true", tags as JSON-array text, ordersCount as an object in
// one place and a string in another). Every read passes through markWithheld (withheld.ts), so
// no command shows a withheld field as empty. The docs show no count: the listing is counted.
import { kind, restResource, type RecordOf } from '../rest-resource.js';
import { markWithheld } from './withheld.js';

const name = kind.text({ max: 255, notBlank: true, write: true });

/** The docs' page size of a listing that sends no limit, and the largest. */
export const CUSTOMER_PAGING = { max: 250, defaultLimit: 50, sinceId: true } as const;

export const customers = restResource({
  name: 'customer',
  path: '/customers',
  wrap: { item: 'customer', list: 'customers' },
  paging: CUSTOMER_PAGING,
  count: 'listing',
  id: 'id',
  fields: {
    id: kind.id(),
    firstName: name,
    lastName: name,
    email: kind.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an email address such as ada@example.com', { max: 255, write: true }),
    phone: kind.pattern(/^\+?[0-9][0-9 -]{3,30}$/, 'a phone number: digits, optionally a leading +, spaces or dashes', { write: true }),
    state: kind.asSent(),
    verifiedEmail: kind.asSent(),
    notes: kind.text({ max: 5000, write: true }),
    tags: kind.list(kind.text({ max: 255, notBlank: true }), { write: true }),
    taxExempt: kind.bool({ write: true }),
    taxExemptions: kind.asSent(),
    addresses: kind.asSent(),
    ordersCount: kind.asSent(),
    totalSpent: kind.asSent(),
    emailMarketingConsent: kind.asSent(),
    smsMarketingConsent: kind.asSent(),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
    /** store-cli's, never the store's: the protected fields withheld from this token (withheld.ts). */
    withheld: kind.asSent(),
  },
  // A lost answer is not resent: `customer search --email` shows whether it exists.
  createOnce: true,
  readBack: true,
  read: markWithheld,
});

export type Customer = RecordOf<typeof customers>;

/** What a search matches (an email exactly, a phone by its digits, part of a name). */
export interface CustomerSearch {
  email?: string;
  phone?: string;
  name?: string;
}
