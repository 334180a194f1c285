// `discount export`: every discount as the CSV (or JSON lines) discount import reads, a row a
// discount with its code; --no-ids for a file two stores holding the same discounts export alike.
import { plural } from '../../core/words.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, negatable, text } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: "Write the store's discounts as the CSV (or JSON lines) discount import reads: one row a discount with its code",
  flags: {
    output: text('<file>', 'write to this file, which appears only once complete (default: stdout; - is stdout; a device or FIFO is written in place)'),
    jsonl: boolean('write JSON lines (one object a discount, keys as the CSV columns) instead of CSV'),
    ids: negatable("leave out the store's ids (discountId): two stores holding the same discounts then export the same bytes"),
    report: reportFlag(),
  },
  examples: [
    'store-cli discount export --output discounts.csv',
    'store-cli discount export --jsonl | jq -r .code',
    'store-cli --profile old discount export --no-ids | store-cli --profile new discount import -',
  ],
  notes: `
Needs a token with the read_discounts or write_discounts scope. Columns: code, discountId,
  title, discountType, valueType, value, discountMethod, eligibility, segmentIds (; between
  them), status, startTime, endTime, usageLimit, oncePerCustomer, the values as the store
  holds them (an empty cell: none). A Genstore discount holds its one code; a service
  discount's codes are read (GET discounts/{id}/codes) and written in one cell, ; between them.
Requests: the listing, 250 a page (on the service also each code discount's codes). Sorted by
  code ignoring case (a discount without one by its title), then id, so that export, import
  into another store, export again gives the same file (byte for byte with --no-ids); the
  rows are held until the last page is read. An --output file is written whole or not at all.
`,
  async run(options, ctx) {
    const { runExportVerb } = await import('../bulk-env.js');
    await runExportVerb(ctx, options, {
      spec: { command: 'discount export', output: options.output, unit: { one: 'discount', many: 'discounts' } },
      async write(run, open) {
        const { exportDiscounts } = await import('../../bulk/kinds/discounts/export.js');
        const api = await run.api();
        return exportDiscounts(api.discounts, await open(), { ids: options.ids, format: options.jsonl ? 'jsonl' : 'csv', progress: run.progress });
      },
      rows: (discounts) => discounts,
      told: (discounts, named) => `Exported ${plural(discounts, 'discount')}${named ? ` to ${named}` : ''}.`,
    });
  },
});
