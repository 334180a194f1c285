// `fulfillment import FILE`: a warehouse's file of tracking numbers, each order (or each of its
// lines) marked shipped with its carrier and number, on the bulk engine (bulk/kinds/fulfillments):
// idempotent by order and tracking number, undoable (the run's fulfillments cancelled).
import { IMPORT_EXIT_CODES, IMPORT_JSON, IMPORT_VERB, importFlags, runImportVerb } from '../bulk-import.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  ...IMPORT_VERB,
  summary: 'Mark orders shipped from a file of tracking numbers (CSV or JSON lines): one fulfillment an order and number; safe to re-run, undoable',
  args: {
    file: arg(
      'CSV with the header order,trackingNumber,carrier,trackingUrl,lineItems,notify (order and trackingNumber required), a .jsonl file, or - for stdin',
    ),
  },
  flags: importFlags('the orders the file names and, where some may exist, their fulfillments', 'orders (split by the order column)'),
  json: IMPORT_JSON,
  examples: [
    'store-cli fulfillment import tracking.csv --rejects rejects.csv',
    'store-cli fulfillment import tracking.csv --dry-run',
    'store-cli fulfillment import tracking.jsonl --all-or-nothing --json',
  ],
  notes: `
Needs a token with write_fulfillments and read_orders (read_all_orders for orders older than
  60 days). A header line, then a row an order (all its lines left to ship) or a line item:
  order        the order's id, or its name such as #1001 (ignoring case)
  trackingNumber  the carrier's number (required: the import is by order and number)
  carrier, trackingUrl  as fulfillment create's --carrier and --tracking-url
  lineItems    the order's line item ids, each with an optional :quantity (none: all that is
               left of it), between them ; or , ("6100000000000000009:2;6100000000000000010");
               empty: every line left to ship
  notify       true or false (yes, no, 1, 0): email the customer
  JSON lines (.jsonl, or stdin starting with {) take the same keys, lineItems also as a list.
Rows of one order that share a tracking number are one parcel, made as one fulfillment: they
  follow each other in the file and agree on carrier, URL and notify (checked first: exit 2).
Idempotent by order and tracking number: an order that ships under the number already is
  left alone (a re-run writes nothing); one fulfilled already under another number is a
  reject naming it, as is a line shipped already. The orders are read once before the run
  (their listing, 250 a page; or each by id when that is fewer requests), and an order's
  fulfillments only when the listing does not show it unfulfilled: a fresh row costs its
  create alone. A create whose answer is lost is sent again only once the order shows no
  fulfillment with the number.
Undo: store-cli undo RUN-ID cancels the fulfillments the run created (the API deletes none),
  their lines left to ship again; one whose tracking number changed since is left alone.
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    await runImportVerb(options, ctx, (bulk) => bulk.fulfillmentImport);
  },
});
