// `payment get ID`: one payment transaction (About Pay Transaction), the kit's get over
// api/payments/declaration.ts. A payment's id is text (PI0020241010151755224), so the
// argument is checked by its own rule rather than as digits; every read has its secret fields
// masked (a card's number, a key) before anything shows it.
import { PAYMENT_ID, payments } from '../../api/payments/declaration.js';
import { FieldError } from '../../core/errors.js';
import { crudNoun } from '../crud.js';

/** A gateway's own fields as `name: value` pairs, so a terminal can wrap them; anything else as sent. */
const detailsText = (details: unknown, text: (value: unknown) => string) =>
  details !== null && typeof details === 'object' && !Array.isArray(details) && !('isLosslessNumber' in details)
    ? Object.entries(details)
        .map(([name, value]) => `${name}: ${text(value)}`)
        .join(', ')
    : text(details);

export const payment = crudNoun(payments, {
  noun: 'payment',
  summary: 'Show a payment transaction: amount, fee, status, the gateway and its transaction number',
  api: (api) => api.payments,
  arg: { name: 'id', help: 'the payment id, such as PI0020241010151755224' },
  resolve: async (_api, value) => {
    if (!PAYMENT_ID.test(value))
      throw new FieldError(
        'id',
        (name) => `${name()} must be a payment id: letters, digits, - or _, such as PI0020241010151755224 (got '${value.slice(0, 70)}').`,
      );
    return value;
  },
  fields: {},
  table: {
    detail: ['paymentId', 'orderId', 'status', 'amount', 'currency', 'fee', 'channel', 'channelTrxNo', 'successPaymentTime', 'channelDetails'],
    columns: {
      paymentId: 'ID',
      orderId: 'ORDER',
      channel: 'GATEWAY',
      channelTrxNo: 'GATEWAY TRANSACTION',
      successPaymentTime: 'PAID',
      channelDetails: { header: 'GATEWAY DETAILS', value: (record, text) => detailsText(record.channelDetails, text) },
    },
  },
  get: {
    summary: 'Show one payment transaction; card numbers and keys are masked',
    examples: ['store-cli payment get PI0020261101093000101', 'store-cli payment get PI0020261101093000101 --json amount,fee,channelTrxNo'],
    notes: `
One request (GET payment/{id}). GATEWAY TRANSACTION is the gateway's own number, for
reconciling with its statements. --json prints every field the store sent, a gateway's own
fields too; a field named as a secret (a card number, a security code, a token, a password,
a key) shows only its last four characters, everywhere. Needs a token with the read_payments
scope.
`,
  },
});
