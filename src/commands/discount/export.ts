import { plural } from '../../core/words.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  name: 'export',
  summary: "Write a discount's codes as the CSV that discount import reads, or as JSON lines",
  flags: {
    discount: text('<discountId>', 'the id of the discount whose codes are written', { required: true }),
    format: oneOf('<format>', 'csv (code,usageCount,createTime) or jsonl (each code as the store sent it); --jsonl is the same as --format jsonl', ['csv', 'jsonl'], { default: 'csv' }),
    jsonl: boolean('write JSON lines (each code as the store sent it) instead of CSV, as every export spells it'),
    output: text('<file>', 'write to this file instead of stdout (- is stdout; a device or FIFO is written in place)'),
    report: reportFlag(),
  },
  examples: [
    'store-cli discount export --discount 6100000000000000013 > codes.csv',
    'store-cli discount export --discount 6100000000000000013 --jsonl | jq -r .code',
    'store-cli --profile old discount export --discount 6100000000000000013 | store-cli --profile new discount import - --discount 6200000000000000021',
  ],
  notes: `
Needs a token with the read_discounts or write_discounts scope. Every page of the codes
listing (GET discounts/{id}/codes, 250 a page) is read in turn and written as it comes, in
the store's order: memory stays flat. An --output file is written whole or not at all (an
older file there stays until the export is complete).
`,
  async run(options, ctx) {
    const { startExport } = await import('../export-run.js');
    const run = await startExport(ctx, { command: 'discount export', report: options.report, output: options.output, unit: { one: 'discount code', many: 'discount codes' } });
    let sink;
    let codes: number;
    try {
      const [{ checkDiscountId }, { exportDiscountCodes }, { countedPages }] = await Promise.all([
        import('../../api/discounts/schema.js'),
        import('../../bulk/export-discount-codes.js'),
        import('../../bulk/export-progress.js'),
      ]);
      const discountId = checkDiscountId(options.discount, { discountId: '--discount' });
      const api = await ctx.api({ governor: run.governor });
      sink = await run.open();
      codes = await exportDiscountCodes(countedPages(api.discounts.everyCode(discountId), run.progress), sink, options.jsonl ? 'jsonl' : options.format);
      await sink.commit();
    } catch (error) {
      await sink?.discard();
      await run.failed(error);
      throw error;
    }
    await run.done(codes);
    const { named } = run;
    if (ctx.io.isStderrTTY || named !== undefined) ctx.say(`Exported ${plural(codes, 'discount code')}${named ? ` to ${named}` : ''}.`);
  },
});
