// The flags create and update share: a customer's own fields, kebab-case of the API's names.
import { list, oneOf, text } from '../verb.js';

export const customerFlags = {
  firstName: text('<name>', "the customer's first name, text of at most 255 characters (protected: stores show it only to tokens approved for it)"),
  lastName: text('<name>', "the customer's last name, text of at most 255 characters (protected)"),
  email: text('<address>', 'email address, unique in the store (protected)'),
  phone: text('<number>', 'phone number such as +1 212 555 0100, unique in the store (protected)'),
  notes: text('<text>', 'a note about the customer, at most 5000 characters'),
  tag: list('<tag>', 'a tag, text of at most 255 characters; repeat for several (update: replaces every tag)'),
  taxExempt: oneOf('<true|false>', "whether the customer's orders are exempt from tax", ['true', 'false'] as const),
};

export interface CustomerFlagValues {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  notes?: string | undefined;
  tag?: string[] | undefined;
  taxExempt?: 'true' | 'false' | undefined;
}

/** The flags as the API's fields, unchecked (the schema's check names the flag at fault). */
export function customerFields(options: CustomerFlagValues): Record<string, unknown> {
  return {
    firstName: options.firstName,
    lastName: options.lastName,
    email: options.email,
    phone: options.phone,
    notes: options.notes,
    tags: options.tag,
    taxExempt: options.taxExempt === undefined ? undefined : options.taxExempt === 'true',
  };
}

export const PROTECTED_NOTE = `
Names, emails, phones and addresses are protected fields: a store shows them only to a token
approved for them (Genstore: "Protected Fields", requested in the partner platform; the
sandbox: the read_customer_protected_data scope). Without it, tables show (withheld), and
--json leaves the fields out and lists them in "withheld" (store-cli doctor says which).
`;
