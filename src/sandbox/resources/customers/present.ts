// The wire form of a customer, as the docs' sample writes it: ids as JSON integers (strings or
// numbers by the dialect), taxExempt, ordersCount and totalSpent as text, tags as JSON-array
// text; the protected fields left out for a token without the approval.
import { JsonInteger } from '../../http/body-json.js';
import { withholdProtected } from '../../http/protected-fields.js';
import type { RouteRequest } from '../resource.js';
import { PROTECTED_CUSTOMER_FIELDS, type AddressRecord, type CustomerRecord } from './record.js';

function presentAddress(address: AddressRecord): Record<string, unknown> {
  return { ...address, id: new JsonInteger(address.id), isDefaultAddress: String(address.isDefaultAddress) };
}

/** The customer as this request's token may read it; `time` writes a stored timestamp in the dialect's form. */
export function present(customer: CustomerRecord, time: (stored: string) => string, request: Pick<RouteRequest, 'scopes'>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: new JsonInteger(customer.id),
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    state: customer.state,
    verifiedEmail: customer.verifiedEmail,
    notes: customer.notes,
    tags: JSON.stringify(customer.tags),
    taxExempt: String(customer.taxExempt),
    addresses: customer.addresses.map(presentAddress),
    ordersCount: String(customer.ordersCount),
    totalSpent: customer.totalSpent,
    createTime: time(customer.createTime),
    updateTime: time(customer.updateTime),
  };
  return withholdProtected(body, PROTECTED_CUSTOMER_FIELDS, request);
}
