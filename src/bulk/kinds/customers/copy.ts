// What a customer import's rehearsal copies: every customer of the store, as the real run
// reads them (the listing, 250 a page), so that each row meets on the copy what it meets on
// the store: its id, email or phone held or not. A token not approved for protected fields is
// shown none of them: the copy then withholds them from its own token too, and each row's
// email (or phone) is searched on the store, as the real run searches it, and given to the
// customer found, so that the copy's search finds the same one. A withheld customer nothing
// of the file names keeps a stand-in name the copy's token is not shown (a customer needs one
// contact field). The file is first read through the import's own checks (a bad file stops
// here, before any request).
import type { Api } from '../../../api/index.js';
import type { Customer } from '../../../api/customers/declaration.js';
import { heldCustomer, TEXT_FIELDS, type HeldCustomer } from '../../../api/customers/writable.js';
import { scalarText } from '../../../core/json.js';
import { plural } from '../../../core/words.js';
import { eachAtMost, eachGroup, seedTime, type CopyPlan, type StoreCopy } from '../../engine/store-copy.js';
import { CustomerIndex, customerKind } from './kind.js';

/** A withheld customer's stand-in contact field: the copy's token is not shown it. */
const STAND_IN = { firstName: 'withheld' };

export async function copyCustomers(plan: CopyPlan, api: Api): Promise<StoreCopy> {
  const contacts: Array<{ email: string } | { phone: string }> = [];
  await eachGroup(plan, customerKind(api.customers, new CustomerIndex(), { withheldRows: 0 }), (group) => {
    for (const row of group.rows) {
      if (row.id !== undefined) continue;
      const { email, phone } = row.wanted;
      if (email !== undefined) contacts.push({ email });
      else if (phone !== undefined) contacts.push({ phone });
    }
  });
  const read: Customer[] = [];
  for await (const page of api.customers.everyCustomer()) read.push(...page);
  const held = read.map(heldCustomer);
  const withheld = held.some((customer) => customer.withheld.length > 0);
  // Shown no email or phone, the store is asked for each of the file's, as the real run asks.
  const found = new Map<string, { email?: string; phone?: string }>();
  if (withheld) {
    await eachAtMost(contacts, plan.concurrency, async (contact) => {
      for (const customer of await api.customers.find(contact)) found.set(scalarText(customer.id), { ...found.get(scalarText(customer.id)), ...contact });
    });
  }
  const customers = read.map((customer, index) => customerSeed(customer, held[index]!, found.get(held[index]!.id)));
  return {
    seed: { customers },
    ...(withheld ? { withholdsProtected: true } : {}),
    described: withheld
      ? `the store's ${plural(customers.length, 'customer')}, their protected fields withheld from the token (${plural(found.size, 'customer')} found by the file's emails and phones)`
      : `the store's ${plural(customers.length, 'customer')}`,
  };
}

/** A customer of the copy as the seed's customers section holds it: its fields as the store holds them, addresses with their ids. */
function customerSeed(customer: Customer, held: HeldCustomer, found: { email?: string; phone?: string } | undefined): object {
  const { fields } = held;
  const contact = { ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, fields[name]])), ...found };
  const named = ['firstName', 'lastName', 'email', 'phone'].some((name) => (contact as Record<string, unknown>)[name] !== undefined);
  const addresses = Array.isArray(customer.addresses) ? customer.addresses : [];
  const seed = {
    id: held.id,
    ...contact,
    ...(named ? {} : STAND_IN),
    tags: fields.tags,
    taxExempt: fields.taxExempt,
    addresses: fields.addresses.map((address, index) => ({ id: addressId(addresses[index], index), ...address, isDefaultAddress: index === 0 })),
    createTime: typeof customer.createTime === 'string' ? seedTime(customer.createTime) : undefined,
    updateTime: typeof customer.updateTime === 'string' ? seedTime(customer.updateTime) : undefined,
  };
  return Object.fromEntries(Object.entries(seed).filter(([, value]) => value !== undefined));
}

/** The store's id of an address when it is one a seed takes (digits), else its place. */
function addressId(address: unknown, index: number): string {
  const id = address !== null && typeof address === 'object' ? scalarText((address as Record<string, unknown>).id) : '';
  return /^[1-9]\d*$/.test(id) ? id : String(index + 1);
}
