// `giftcard import FILE`: a migration of cards from CSV, idempotent by code, run by the bulk
// engine's gift-card kind (bulk/kinds/gift-cards); codes generated for rows without one go to
// --codes-out alone.
import { IMPORT_EXIT_CODES, IMPORT_JSON, IMPORT_VERB, importFlags, runImportVerb } from '../bulk-import.js';
import { arg, defineVerb, text } from '../verb.js';

export default defineVerb({
  ...IMPORT_VERB,
  summary: 'Bulk-load gift cards from CSV (a migration): creates missing cards, brings existing ones to the file; safe to re-run',
  args: { file: arg('CSV file with the header code,initialValue,balance,currency,note,expireTime,customerId,status (initialValue required), or - for stdin') },
  flags: {
    codesOut: text('<file>', 'write the codes generated for rows without a code to this new file (mode 0600); required when a row has none'),
    ...importFlags("the store's cards", 'cards (split by code)'),
  },
  json: IMPORT_JSON,
  examples: [
    'store-cli giftcard import cards.csv --rejects rejects.csv',
    'store-cli giftcard import cards.csv --dry-run',
    'store-cli giftcard import new-cards.csv --codes-out codes.csv',
  ],
  notes: `
CSV only (JSON lines are for metafield import): a header line, then one card per row.
  Columns (any order, any case): code, initialValue, balance (default: the initial
  value), currency (checked against the store's), note, expireTime (YYYY-MM-DD),
  customerId, status (enabled or disabled).
Idempotent by code (ignoring case): a missing card is created, an existing one gets the
  row's balance, note and expiry where they differ, and is disabled when the row says so.
The whole file is checked before anything is sent: repeated codes, spreadsheet damage
  (1.23457E+11, 01/05/2026, a semicolon-separated file), masked codes, amounts with more
  than 2 decimals, notes over 500 characters are refused with their line and column.
Rows without a code get a generated one, written to --codes-out; re-run with that file,
  not the original, or the rows get new codes (and new cards). --dry-run generates and
  writes no code but checks --codes-out as the real run does.
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    await runImportVerb(options, ctx, (bulk) => bulk.giftCardImport);
  },
});
