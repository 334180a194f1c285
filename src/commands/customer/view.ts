// How a customer reads in a table or TSV. A protected field the token may not read shows as
// `(withheld)`, never as an empty cell that would say the customer has none.
import type { Customer } from '../../api/customers/schema.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/view.js';
import type { CustomerListColumn } from './columns.js';

export const WITHHELD = '(withheld)';

const withheldStyle = (value: string, colors: Palette) => (value === WITHHELD ? colors.dim(value) : value);

/** A field as sent, or `(withheld)` when the store kept it from this token. */
function field(name: keyof Customer, shrinkable = false): Column<Customer> {
  return {
    header: name.replace(/[A-Z]/g, (letter) => ` ${letter}`).toUpperCase(),
    value: (customer) => (customer.withheld?.includes(name) ? WITHHELD : scalarText(customer[name])),
    style: withheldStyle,
    ...(shrinkable ? { shrinkable } : {}),
  };
}

/** Tags as the store sends them (a list, or JSON-array text as the docs' sample), comma-separated. */
function tagsText(customer: Customer): string {
  let tags: unknown = customer.tags;
  if (typeof tags === 'string' && tags.trim().startsWith('[')) {
    try {
      tags = JSON.parse(tags);
    } catch {
      return tags as string;
    }
  }
  return Array.isArray(tags) ? tags.map((tag) => scalarText(tag)).join(', ') : scalarText(tags);
}

/** Addresses by their first line and city, the default one first as the store lists them. */
function addressesText(customer: Customer): string {
  if (customer.withheld?.includes('addresses')) return WITHHELD;
  if (!Array.isArray(customer.addresses)) return scalarText(customer.addresses);
  return customer.addresses
    .map((address: unknown) => {
      if (address === null || typeof address !== 'object') return scalarText(address);
      const parts = ['address1', 'city', 'provinceCode', 'zip', 'countryCode'].map((key) => scalarText((address as Record<string, unknown>)[key])).filter((part) => part !== '');
      return parts.join(', ');
    })
    .join('; ');
}

const columns: Record<CustomerListColumn, Column<Customer>> = {
  id: { header: 'ID', value: (customer) => scalarText(customer.id) },
  firstName: field('firstName', true),
  lastName: field('lastName', true),
  email: field('email'),
  phone: field('phone'),
  state: { header: 'STATE', value: (customer) => scalarText(customer.state) },
  ordersCount: { header: 'ORDERS', value: (customer) => scalarText(customer.ordersCount) },
  totalSpent: { header: 'SPENT', value: (customer) => scalarText(customer.totalSpent) },
  tags: { header: 'TAGS', value: tagsText, shrinkable: true },
};

/** A listing, in the column order list and search declare; a narrow table drops tags, then phone. */
export function customerListView(order: readonly CustomerListColumn[]): View<Customer> {
  return listView(columns, order, ['tags', 'phone', 'state']);
}

/** One customer, field by field. */
export function customerDetailView(): View<Customer> {
  return {
    columns: [
      columns.id,
      columns.firstName,
      columns.lastName,
      columns.email,
      columns.phone,
      columns.state,
      { header: 'VERIFIED EMAIL', value: (customer) => scalarText(customer.verifiedEmail) },
      { header: 'TAX EXEMPT', value: (customer) => scalarText(customer.taxExempt) },
      columns.ordersCount,
      columns.totalSpent,
      columns.tags,
      { header: 'ADDRESSES', value: addressesText, style: withheldStyle, shrinkable: true },
      { header: 'NOTES', value: (customer) => scalarText(customer.notes), shrinkable: true },
      { header: 'CREATED', value: (customer) => scalarText(customer.createTime) },
      { header: 'UPDATED', value: (customer) => scalarText(customer.updateTime) },
    ],
  };
}
