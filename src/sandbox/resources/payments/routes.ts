// The payment transactions (record.ts), read one at a time at `GET /payment/{paymentId}` in the
// docs' order (successPaymentTime, amount, channelTrxNo, paymentId, fee, currency, then the
// rest), times in the dialect's form, the gateway's own fields as it sent them. Read-only: no
// route writes one, so nothing is journaled.
import * as z from 'zod';
import { JsonInteger } from '../../http/body-json.js';
import { notFound } from '../../http/sandbox-errors.js';
import { READ_ONCE, type Resource, type ResourceEnv, type RouteRequest } from '../resource.js';
import { paymentSchema, type PaymentRecord } from './record.js';

export { SCOPES } from './record.js';

export function createPaymentResource(env: ResourceEnv): Resource<PaymentRecord[]> {
  let payments: PaymentRecord[] = [];

  function present(payment: PaymentRecord): Record<string, unknown> {
    const { successPaymentTime, amount, channelTrxNo, paymentId, fee, currency, orderId, ...rest } = payment;
    return {
      ...(successPaymentTime === undefined ? {} : { successPaymentTime: env.dialect.time(successPaymentTime) }),
      amount,
      channelTrxNo,
      paymentId,
      fee,
      currency,
      ...(orderId === undefined ? {} : { orderId: new JsonInteger(orderId) }),
      ...rest,
    };
  }

  function get(request: RouteRequest) {
    const id = request.params.id ?? '';
    const payment = payments.find((record) => record.paymentId === id);
    if (payment === undefined) throw notFound(`No payment has the id ${id.slice(0, 64)}.`);
    return { body: { payment: present(payment) } };
  }

  return {
    key: 'payments',
    routes: [{ method: 'GET', path: '/payment/:id', scope: 'read_payments', handle: get }],
    load(section) {
      payments = z.array(paymentSchema).parse(section ?? [], READ_ONCE);
    },
    dump: () => payments,
    seed(section) {
      payments = structuredClone(section);
    },
    count: () => payments.length,
    snapshot: () => structuredClone(payments),
  };
}
