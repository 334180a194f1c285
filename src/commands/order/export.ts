// `order export`: orders as CSV or JSON lines, one row a line item, on the one runExport (resumable).
import { ORDER_EXPORT_SUMMARY_FIELDS } from '../../bulk/engine/summary-fields.js';
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES } from '../../api/orders/fields.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, oneOf, text } from '../verb.js';
import { orderQuery } from './filters.js';

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: 'Write the orders of a time window as CSV (or JSON lines), one row per line item, with flat money columns; paced and resumable',
  flags: {
    since: text('<date>', 'orders created at or after this date or time (YYYY-MM-DD is midnight UTC)', { required: true }),
    until: text('<date>', 'orders created up to the end of this date, or at or before this time; not before --since (default: now)'),
    status: oneOf('<status>', 'only orders in this state', ORDER_STATUSES, { default: 'any' }),
    financialStatus: oneOf('<status>', 'only orders in this payment state', FINANCIAL_STATUSES),
    fulfillmentStatus: oneOf('<status>', 'only orders in this fulfilment state', FULFILLMENT_STATUSES),
    customer: text('<id|email>', "only this customer's orders: a customer id or an email address"),
    output: text(
      '<file>',
      "write to this file (mode 0600: it holds buyers' emails), which appears only once complete (written as FILE.partial meanwhile); default: stdout (- is stdout; a device or FIFO is written in place)",
    ),
    jsonl: boolean('write JSON lines (one object per line item, keys as the CSV columns) instead of CSV'),
    resume: boolean('go on with the interrupted export of --output (FILE.partial), with the same --since, --until and filters'),
    report: reportFlag(),
  },
  json: {
    fields: ORDER_EXPORT_SUMMARY_FIELDS,
    what: 'the summary {orders, rows, resumedAfter, windowLimited, requests, refused, elapsedMs} as JSON on stdout (with --output only: without it, stdout holds the rows)',
  },
  examples: [
    'store-cli order export --since 2026-10-01 --until 2026-10-31 --output october.csv',
    'store-cli order export --since 2026-11-01 --jsonl | jq -r .lineTotal',
    'store-cli order export --since 2026-10-01 --until 2026-10-31 --output october.csv --resume',
  ],
  notes: `
Rows: orderId,orderName,createTime,status,financialStatus,fulfillmentStatus,currency,
  subtotal,shipping,tax,discounts,total,customerId,email,lineItemId,productId,variantId,
  sku,title,lineQuantity,linePrice,lineDiscount,lineTotal: one per line item (an order
  without line items gets one row, its line cells empty); amounts as the store wrote them,
  lineTotal = lineQuantity x linePrice in exact decimals. Orders in ascending id order.
Filters: the store is trusted with --financial-status and --fulfillment-status (the filters
  its docs show); --since, --until, --status and --customer are sent too and checked by
  store-cli on every order that comes back, so a store that ignores one cannot widen the file.
The 60-day window: a token without read_all_orders sees only the orders of the last 60
  days. When --since reaches further back and the token lacks it, a warning says so on
  stderr and the --json summary has windowLimited: true.
Resuming: with --output, each page's rows reach FILE.partial before FILE.progress.json
  counts them; after a kill or Ctrl-C (exit 130), --resume cuts FILE.partial back to the
  last page counted and goes on after its last order.
`,
  async run(options, ctx) {
    const { runExportVerb } = await import('../bulk-env.js');
    await runExportVerb(
      ctx,
      options,
      {
        spec: { command: 'order export', output: options.output, unit: { one: 'order', many: 'orders' } },
        async write(run, open) {
          const window = { createdSince: options.since, createdUntil: options.until };
          const { limit: _limit, pageToken: _token, ...filters } = await orderQuery({ ...options, ...window }, {}, { since: '--since', until: '--until' });
          const { exportOrders } = await import('../../bulk/kinds/orders/export.js');
          return exportOrders({ filters, format: options.jsonl ? 'jsonl' : 'csv', resume: options.resume === true }, run, open);
        },
        rows: (report) => report.summary.rows,
        told: (report) => report.lines,
        summary: (report) => report.summary,
      },
      () => ctx.output(),
    );
  },
});
