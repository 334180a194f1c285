import { plural } from '../../core/words.js';
import { reportFlag } from '../run-reports.js';
import { defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  name: 'export',
  summary: "Write a discount's codes as the CSV that discount import reads, or as JSON lines",
  flags: {
    discount: text('<discountId>', 'the id of the discount whose codes are written', { required: true }),
    format: oneOf('<format>', 'csv (code,usageCount,createTime) or jsonl (each code as the store sent it)', ['csv', 'jsonl'], { default: 'csv' }),
    output: text('<file>', 'write to this file instead of stdout (- is stdout; a device or FIFO is written in place)'),
    report: reportFlag(),
  },
  examples: [
    'store-cli discount export --discount 6100000000000000013 > codes.csv',
    'store-cli discount export --discount 6100000000000000013 --format jsonl | jq -r .code',
    'store-cli --profile old discount export --discount 6100000000000000013 | store-cli --profile new discount import - --discount 6200000000000000021',
  ],
  notes: `
Needs a token with the read_discounts or write_discounts scope. Every page of the codes
listing (GET discounts/{id}/codes, 250 a page) is read in turn and written as it comes, in
the store's order: memory stays flat. An --output file is written whole or not at all (an
older file there stays until the export is complete).
`,
  async run(options, ctx) {
    const [{ checkDiscountId }, { exportDiscountCodes }, { targetSink }, { outputTarget }, { dataStdout }] = await Promise.all([
      import('../../api/discounts/schema.js'),
      import('../../bulk/export-discount-codes.js'),
      import('../../bulk/export-output.js'),
      import('../../core/output-target.js'),
      import('../../core/escaping-stream.js'),
    ]);
    const discountId = checkDiscountId(options.discount, { discountId: '--discount' });
    const target = options.output === undefined ? ({ kind: 'stdout' } as const) : await outputTarget(options.output);
    const { exportReports } = await import('../run-reports.js');
    const reports = await exportReports(options.report, ctx, { command: 'discount export', output: target.kind === 'stdout' ? undefined : options.output });
    const api = await ctx.api({ governor: reports.governor });
    // At a terminal, the store's text with its control characters escaped; piped, exact.
    const sink = await targetSink(target, dataStdout(ctx.io), 'output');
    let codes: number;
    try {
      codes = await exportDiscountCodes(api.discounts.everyCode(discountId), sink, options.format);
      await sink.commit();
    } catch (error) {
      await sink.discard();
      await reports.tell(0, true);
      throw error;
    }
    await reports.tell(codes, false);
    const named = target.kind === 'stdout' ? undefined : options.output;
    if (ctx.io.isStderrTTY || named !== undefined) ctx.say(`Exported ${plural(codes, 'discount code')}${named ? ` to ${named}` : ''}.`);
  },
});
