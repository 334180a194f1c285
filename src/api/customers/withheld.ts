// Protected customer fields (names, emails, phones, addresses) need an approval of their own;
// without it the store filters them out of its answers (partners.genstore.ai "Access scope").
// A store does not say it did, so store-cli tells: a customer that comes without every one
// of first name, last name, email and phone cannot be a customer the store holds (the admin
// requires one of them), so its blank protected fields were withheld. They are then left out
// and named in `withheld`, which a script can tell apart from a field that is empty
// (docs/decisions.md "Customers"). Zod-free: the doctor's check uses it too.

export const PROTECTED_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'addresses'] as const;
export type ProtectedField = (typeof PROTECTED_FIELDS)[number];

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** Absent, null, empty text or an empty list: nothing a reader could use. */
function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** True when the store withheld this customer's protected fields (none of the contact fields came). */
export function isWithheld(customer: Readonly<Record<string, unknown>>): boolean {
  return CONTACT_FIELDS.every((field) => blank(customer[field]));
}

/**
 * The customer as the store sent it, but, when its protected fields were withheld, without
 * their blank stand-ins and with `withheld` listing them (after the store's fields). A
 * customer whose fields came is returned as it is.
 */
export function markWithheld<T extends Record<string, unknown>>(customer: T): T & { withheld?: ProtectedField[] } {
  if (!isWithheld(customer)) return customer;
  const withheld = PROTECTED_FIELDS.filter((field) => blank(customer[field]));
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(customer)) if (!(withheld as readonly string[]).includes(key)) kept[key] = value;
  return { ...kept, withheld } as T & { withheld: ProtectedField[] };
}
