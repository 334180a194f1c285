// `customer import FILE`: customers from a CSV or JSON-lines file on the bulk engine
// (bulk/kinds/customers), matched by id, email or phone; idempotent and undoable.
import { IMPORT_EXIT_CODES, IMPORT_JSON, IMPORT_VERB, importFlags, runImportVerb } from '../bulk-import.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  ...IMPORT_VERB,
  summary: 'Create or update customers from a CSV, one row a customer, matched by id or email; safe to re-run, and undoable',
  args: { file: arg('CSV file of customers (customer export writes one), or - for stdin') },
  flags: importFlags("the store's customers", 'customers (split by id, email or phone)'),
  json: IMPORT_JSON,
  examples: [
    'store-cli customer import customers.csv --dry-run',
    'store-cli customer import customers.csv --rejects rejects.csv --max-rejects 5%',
    'store-cli customer import - < customers.csv',
  ],
  notes: `
Needs a token with the write_customers scope (a dry run: read_customers). CSV only: a header
  naming any of email, customerId, firstName, lastName, phone, tags, taxExempt, notes,
  addresses (the columns customer export writes; a rejects file's line and reason are
  ignored), one of email, customerId and phone among them, then one customer a row. From
  one store to another:
  store-cli --profile old customer export --no-ids | store-cli --profile new customer import -
Matched by customerId when the row gives one (this store's id: an id the store lacks is a
  reject), else by email ignoring case, else by phone (emails and phones are unique in a
  store): the store's customers are read first (the listing, 250 a page), a customer as the
  row says is left alone (a re-run writes nothing), one that differs is updated (PUT
  customers/{id}, the fields that differ), one the store lacks is created (POST customers).
Cells: an empty cell keeps what the store holds; tags separated by commas (or a JSON list),
  [] for none; taxExempt true or false; addresses a JSON list of objects of firstName,
  lastName, company, address1, address2, city, provinceCode, countryCode, zip, phone (the
  whole list, the first the default), [] for none.
Protected fields (names, emails, phones, addresses): a token not approved for them is shown
  none, so each row's customer is found by a search for its email or phone (one read a row),
  and the protected cells of a row are not sent to a customer the store holds: the store
  keeps what it holds there (an import never overwrites a field it may not read, nor blanks
  it), and the summary counts those rows. A new customer gets every cell. A cell that reads
  (withheld), as an export by such a token writes it, is never sent.
A lost answer never makes a second customer: the customer is looked for by its email (or
  phone) before the create is sent again. The whole file is checked before anything is
  written: ids, emails (ignoring case) and phones repeated in the file, bad cells: refused
  with their line and column (exit 2).
Undo: store-cli undo RUN-ID deletes the customers the run created and puts back the fields it
  changed; a customer changed since the run is left alone (exit 3) unless --force.
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    await runImportVerb(options, ctx, (bulk) => bulk.customerImport);
  },
});
