// The customers' section of a seed (and of a snapshot), and the demo set's customers
// (demo.json: ada@, grace@ and linus@example.com, whom the demo gift cards belong to).
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { seedSection } from '../resource.js';
import { ID_PATTERN } from '../../state/ids.js';
import demo from './demo.json' with { type: 'json' };
import { CUSTOMER_STATES, EMAIL_PATTERN, emailKey, KEY, PHONE_PATTERN, phoneKey, type CustomerRecord } from './record.js';

const id = z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');
const text = z.string().optional();

const seedAddressSchema = z.strictObject({
  id,
  firstName: text,
  lastName: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  provinceCode: text,
  countryCode: text,
  zip: text,
  phone: text,
  isDefaultAddress: z.boolean().optional(),
});

/** A customer of a seed: the stored customer with defaults for all but the id and a contact field. */
const seedCustomerSchema = z.strictObject({
  id,
  firstName: text,
  lastName: text,
  email: z.string().regex(EMAIL_PATTERN, 'must be an email address such as ada@example.com').optional(),
  phone: z.string().regex(PHONE_PATTERN, 'must be a phone number: digits, optionally a leading +').optional(),
  notes: text,
  state: z.enum(CUSTOMER_STATES).default('ENABLED'),
  verifiedEmail: z.boolean().default(false),
  taxExempt: z.boolean().default(false),
  tags: z.array(z.string().min(1)).default([]),
  addresses: z.array(seedAddressSchema).default([]),
  ordersCount: z.number().int().min(0).default(0),
  totalSpent: z.string().regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places').default('0.00'),
  createTime: timestamp.optional(),
  updateTime: timestamp.optional(),
});

type SeedCustomer = z.output<typeof seedCustomerSchema>;

export const customerSeed = seedSection({
  key: KEY,
  schema: z.array(seedCustomerSchema).default([]),
  check(seed: { customers: SeedCustomer[] }, report) {
    const seen = { id: new Map<string, number>(), email: new Map<string, number>(), phone: new Map<string, number>() };
    seed.customers.forEach((customer, index) => {
      const keys = { id: customer.id, email: customer.email === undefined ? undefined : emailKey(customer.email), phone: customer.phone === undefined ? undefined : phoneKey(customer.phone) };
      for (const field of ['id', 'email', 'phone'] as const) {
        const key = keys[field];
        if (key === undefined) continue;
        const same = seen[field].get(key);
        if (same !== undefined) report(['customers', index, field], `is the ${field} of customers[${same}] too`);
        seen[field].set(key, index);
      }
      if (customer.firstName === undefined && customer.lastName === undefined && customer.email === undefined && customer.phone === undefined) {
        report(['customers', index], 'needs at least one of firstName, lastName, email and phone');
      }
    });
  },
  fill: (customers, { stamp }): CustomerRecord[] =>
    customers.map((customer) => {
      const createTime = customer.createTime ?? stamp;
      const addresses = customer.addresses.map((address, index) => ({ ...address, isDefaultAddress: address.isDefaultAddress ?? index === 0 }));
      return { ...customer, addresses, createTime, updateTime: customer.updateTime ?? createTime };
    }),
  demo,
});
