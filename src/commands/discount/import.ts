import { SUMMARY_FIELDS } from '../../bulk/summary-fields.js';
import { IMPORT_EXIT_CODES, IMPORT_JSON_WHAT, importFlags, importOrRehearse, importSettings, rehearseFlag, tellReport } from '../bulk-import.js';
import { arg, defineVerb, text } from '../verb.js';

export default defineVerb({
  name: 'import',
  summary: 'Add codes from a CSV code column to a code discount: codes it has are skipped, rows without a code get a generated one; safe to re-run',
  args: { file: arg('CSV file with a code column (one code a row; an empty cell gets a generated code), or - for stdin') },
  flags: {
    discount: text('<discountId>', 'the id of the code discount the codes are added to (discount list --discount-method code shows them)', { required: true }),
    codesOut: text('<file>', 'write the codes generated for rows without a code to this new file (mode 0600); required when a row has none'),
    ...importFlags("the discount's codes", 'codes (split by code)'),
    rehearse: rehearseFlag(),
  },
  json: { fields: SUMMARY_FIELDS, what: IMPORT_JSON_WHAT },
  examples: [
    'store-cli discount import codes.csv --discount 6100000000000000013',
    'store-cli discount import codes.csv --discount 6100000000000000013 --dry-run',
    'store-cli discount import blank-rows.csv --discount 6100000000000000013 --codes-out new-codes.csv',
  ],
  notes: `
Needs a token with the write_discounts scope (a dry run: read_discounts). CSV only: a header
  line with a code column (line, reason and discount export's columns are ignored, so a
  rejects, codes or export file imports as it is), then one code a row.
Idempotent by code (ignoring case): the discount's codes are read first, codes it has are
  left alone (a re-run sends no write), the others are added one request each (POST
  discounts/{id}/codes). A code another discount holds fails its row.
The whole file is checked before anything is sent: codes repeated in the file, codes that
  are not 3 to 50 letters, digits, - or _, spreadsheet damage (1.23457E+11) are refused with
  their line. A discount that applies automatically takes no codes (exit 2).
Rows with an empty code get a generated one (16 letters and digits from a CSPRNG), written
  only to --codes-out; re-run with that file, not the original, or the rows get new codes.
  --dry-run generates and writes no code but checks --codes-out as the real run does.
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    const { checkDiscountId } = await import('../../api/discounts/schema.js');
    const discountId = checkDiscountId(options.discount, { discountId: '--discount' });
    const { bulk, settings, reports, rehearse } = await importSettings(options, ctx, options.file, 'discount import');
    // Asked first, so that a bad --json sends nothing.
    const out = await ctx.output();
    const request = { file: options.file, discountId, ...settings, ...(options.codesOut !== undefined ? { codesOut: options.codesOut } : {}) };
    const report = await importOrRehearse(request, ctx, rehearse, { run: bulk.importDiscountCodes, rehearse: bulk.rehearseDiscountCodes }, reports);
    await tellReport(report, out, ctx, reports);
  },
});
