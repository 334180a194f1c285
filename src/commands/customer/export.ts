// `customer export`: every customer as CSV or JSON lines on the one runExport (bulk/kinds/customers),
// the file `customer import` reads back; withheld fields written as such, never blank.
import { plural } from '../../core/words.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, negatable, oneOf, text } from '../verb.js';
import { PROTECTED_NOTE } from './protected-note.js';

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: "Write the store's customers as the CSV (or JSON lines) customer import reads: one row a customer",
  flags: {
    output: text(
      '<file>',
      "write to this file (mode 0600: it holds customers' personal data), which appears only once complete; default: stdout (- is stdout; a device or FIFO is written in place)",
    ),
    jsonl: boolean('write JSON lines (one object a customer, keys as the CSV columns) instead of CSV'),
    ids: negatable("leave out the store's ids (customerId): the file then matches by email, and two stores holding the same customers export the same bytes"),
    sinceId: text('<id>', 'only customers with an id greater than this'),
    sort: oneOf(
      '<order>',
      "row order: email (ignoring case, then the other cells, then id; the rows are held until the last page is read) or none (the store's order, ascending ids, written page by page; resumable)",
      ['email', 'none'],
      { default: 'email' },
    ),
    resume: boolean('go on with the interrupted export of --output (FILE.partial) with --sort none, and the same --since-id and --no-ids'),
    report: reportFlag(),
  },
  examples: [
    'store-cli customer export --output customers.csv',
    'store-cli customer export --jsonl | jq -r .email',
    'store-cli --profile old customer export --no-ids | store-cli --profile new customer import -',
  ],
  notes: `
Columns: email, customerId, firstName, lastName, phone, tags (separated by commas, or a JSON
  list when a tag holds a comma), taxExempt (true or false), notes, addresses (a JSON list of
  addresses, the default first: firstName, lastName, company, address1, address2, city,
  provinceCode, countryCode, zip, phone; the store's address ids left out): what customer
  import writes. What the store keeps itself (state, orders, spending, times) is customer
  list's. An empty cell: the store holds none.
Sorted by email ignoring case (customers without one last), then the other cells, then id,
  so that export, import into another store, export again gives the same file (byte for byte
  with --no-ids). Requests: the listing, 250 a page (the store's listing takes no filter but
  --since-id). An --output file is written whole or not at all; with --sort none it is
  written as FILE.partial page by page, and after a kill or Ctrl-C (exit 130) --resume goes on
  after its last customer: store-cli customer export --sort none --output all.csv --resume
A token not approved for protected fields: names, emails, phones and addresses are written
  (withheld), never as empty cells, and a warning counts those customers; customer import
  never sends such a cell.
${PROTECTED_NOTE}Needs a token with the read_customers or write_customers scope.
`,
  async run(options, ctx) {
    const { checkId } = await import('../../api/rest-resource.js');
    const sinceId = options.sinceId === undefined ? undefined : checkId(options.sinceId, 'sinceId');
    const { runExportVerb } = await import('../bulk-env.js');
    const counts = await runExportVerb(ctx, options, {
      spec: { command: 'customer export', output: options.output, unit: { one: 'customer', many: 'customers' } },
      async write(run, open) {
        const { exportCustomers } = await import('../../bulk/kinds/customers/export.js');
        const request = {
          ids: options.ids,
          format: options.jsonl ? ('jsonl' as const) : ('csv' as const),
          sort: options.sort,
          resume: options.resume === true,
        };
        return exportCustomers(sinceId === undefined ? request : { ...request, sinceId }, run, open);
      },
      rows: (written) => written.customers,
      told: (written, named) =>
        `Exported ${plural(written.customers, 'customer')}${named ? ` to ${named}` : ''}${written.resumedAfter === null ? '' : ` (resumed after customer ${written.resumedAfter})`}.`,
    });
    if (counts.withheld > 0)
      ctx.warn(
        `the store withheld the protected fields of ${plural(counts.withheld, 'customer')} from this token: their names, emails, phones and addresses read (withheld), which customer import never sends.`,
      );
  },
});
