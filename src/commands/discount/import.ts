// `discount import FILE`: discounts from the CSV discount export writes, idempotent by code, run by
// the bulk engine's discounts kind; --like copies one discount's settings for a file of codes.
import { definedOnly } from '../../core/defined-only.js';
import { IMPORT_EXIT_CODES, IMPORT_JSON, IMPORT_VERB, importFlags, runImportVerb } from '../bulk-import.js';
import { arg, defineVerb, text } from '../verb.js';

export default defineVerb({
  ...IMPORT_VERB,
  summary:
    'Create or update discounts from a CSV, one row a discount with its code; --like copies a discount for a file of codes; safe to re-run, and undoable',
  args: { file: arg('CSV file of discounts (discount export writes one), or - for stdin') },
  flags: {
    like: text(
      '<discount>',
      'the id or code of a discount whose every setting each row takes where its cells are empty; ' +
        "a copy's title is the discount's with its code (names are unique on Genstore)",
    ),
    codesOut: text('<file>', 'write the codes generated for code rows without a code to this new file (mode 0600); required when a row has none'),
    ...importFlags("the store's discounts", 'discounts (split by code)'),
  },
  json: IMPORT_JSON,
  examples: [
    'store-cli discount import discounts.csv',
    'store-cli discount import codes.csv --like SUMMER15 --dry-run',
    'store-cli discount import blank-codes.csv --like 6100000000000000013 --codes-out new-codes.csv',
  ],
  notes: `
Needs a token with the write_discounts scope (a dry run: read_discounts). CSV only: a header
  naming any of code, discountId, title, discountType, valueType, value, discountMethod,
  eligibility, segmentIds, status, startTime, endTime, usageLimit, oncePerCustomer (the
  columns discount export writes; discountId is never read, and a rejects file's line and
  reason are ignored), then one discount a row. From one store to another:
  store-cli --profile old discount export --no-ids | store-cli --profile new discount import - Values as discount create takes them
  (ORDER_DISCOUNT or order, PERCENTAGE or percentage, any case); a time or a date; none for
  no end time or no usage limit; segment ids separated by ;. An empty cell keeps what the
  store holds (a new discount: the store's default).
Idempotent by code (ignoring case; a discount without a code, by its title): the store's
  discounts are read first (the listing, 250 a page; on the service also each code
  discount's codes), a discount as the row says is left alone (a re-run writes nothing), one
  that differs is updated (PUT discounts/{id}, and PUT .../status for its status), one the
  store lacks is created (POST discounts: on Genstore with its code inside; on the service
  its codes are added after, POST discounts/{id}/codes). The method cannot change.
--like DISCOUNT (its id, or its code): every empty cell takes that discount's setting, so a
  campaign of 500 single-use codes is a file of one code column. Each copy's title is the
  discount's with its code ("Summer sale 71NLIYCH"): discount names are unique on Genstore.
A code follows the store's rule: Genstore 8 letters and digits ("a custom 8-digit code"), the
  service 3 to 50 letters, digits, - or _ (a service discount may hold several, ; between
  them). Code rows without a code get one generated (8 letters and digits from a CSPRNG),
  written only to --codes-out; re-run with that file, not the original.
The whole file is checked before anything is written: codes repeated in the file (ignoring
  case), titles repeated (all on Genstore; those of discounts without a code elsewhere),
  values that are no amount, a percentage above 100, a start not before its end, spreadsheet
  damage (1.23457E+11, 01/05/2026): refused with their line (exit 2).
Undo: store-cli undo RUN-ID deletes the discounts the run created and puts back the fields
  it changed; one changed since the run is left alone (exit 3) unless --force. A code added
  to a service discount the run did not make cannot be taken back (the API deletes no code).
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    const { like } = options;
    await runImportVerb(
      options,
      ctx,
      (bulk) => bulk.discountImport,
      async (request) => ({
        ...request,
        // The store's family, as the command knows it before any request (a rehearsal's pre-flight checks codes by its rule).
        family: (await ctx.brand()).value,
        ...definedOnly({ like }),
      }),
    );
  },
});
