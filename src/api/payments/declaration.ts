// Payment transactions (About Pay Transaction, partners.genstore.ai/docs/api-rest/32): one
// payment read at `GET /payment/{paymentId}`, its id text such as PI0020241010151755224. The
// docs' object is readable up to its currency (successPaymentTime, amount, channelTrxNo,
// paymentId, fee, currency); the rest is this project's reading (docs/decisions.md "Files,
// themes and payments"). Every field is shown as the store sent it, a gateway's own fields
// too, except those a secret's name holds (a card's number, a key): masked on every read, as
// tokens and gift card codes are (core/secrets.ts).
import { withSecretsMasked } from '../../core/secrets.js';
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const payments = restResource({
  name: 'payment',
  path: '/payment',
  wrap: { item: 'payment' },
  id: 'paymentId',
  fields: {
    paymentId: kind.id(),
    orderId: kind.asSent(),
    status: kind.asSent(),
    amount: kind.asSent(),
    currency: kind.asSent(),
    fee: kind.asSent(),
    /** The gateway that took the payment, and its own transaction number. */
    channel: kind.asSent(),
    channelTrxNo: kind.asSent(),
    successPaymentTime: kind.asSent(),
    /** The gateway's own fields, as it sent them (secrets masked). */
    channelDetails: kind.asSent(),
  },
  read: (record) => withSecretsMasked(record) as Record<string, unknown>,
});

export type Payment = RecordOf<typeof payments>;

/** A payment id as the docs write one: letters and digits (PI0020241010151755224), `-` or `_`, up to 64. */
export const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
