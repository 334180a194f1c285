// What every customer verb's help says of the protected fields (names, emails, phones,
// addresses): shown only to a token approved for them, and how they read when withheld.

export const PROTECTED_NOTE = `
Names, emails, phones and addresses are protected fields: a store shows them only to a token
approved for them (Genstore: "Protected Fields", requested in the partner platform; the
sandbox: the read_customer_protected_data scope). Without it, tables show (withheld), and
--json leaves the fields out and lists them in "withheld" (store-cli doctor says which).
`;
