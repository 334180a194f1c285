// How fulfillments read in a table or TSV (every verb of the noun prints them so), and the
// tracking flags create and update-tracking share, checked by the declaration's kinds with
// each error naming its flag.
import { fulfillments, type Fulfillment, type Tracking } from '../../api/fulfillments/declaration.js';
import { checkValues } from '../../api/rest-resource.js';
import { FieldError } from '../../core/errors.js';
import { tableViews, type TableText } from '../crud.js';
import { boolean, text } from '../verb.js';

/** The lines a fulfillment ships, `id×quantity` each, whatever form the store sent them in. */
function linesText(record: Fulfillment, value: (raw: unknown) => string): string {
  const lines = record.lineItems;
  if (!Array.isArray(lines)) return value(lines);
  return lines
    .map((line: unknown) =>
      line !== null && typeof line === 'object'
        ? `${value((line as Record<string, unknown>).id)}×${value((line as Record<string, unknown>).quantity)}`
        : value(line),
    )
    .join(', ');
}

export const FULFILLMENT_TABLE: TableText<Fulfillment> = {
  list: ['id', 'status', 'trackingCompany', 'trackingNumber', 'lineItems', 'createTime'],
  drop: ['createTime', 'lineItems'],
  detail: ['id', 'orderId', 'status', 'trackingCompany', 'trackingNumber', 'trackingUrl', 'notifyCustomer', 'lineItems', 'createTime', 'updateTime'],
  columns: {
    id: 'ID',
    orderId: 'ORDER',
    trackingCompany: 'CARRIER',
    trackingNumber: { header: 'TRACKING NUMBER', shrinkable: true },
    trackingUrl: { header: 'TRACKING URL', shrinkable: true },
    notifyCustomer: 'NOTIFY',
    lineItems: { header: 'LINES', shrinkable: true, value: linesText },
    createTime: 'CREATED',
    updateTime: 'UPDATED',
  },
};

export const FULFILLMENT_FIELDS = Object.keys(fulfillments.fields);

export const fulfillmentViews = () => tableViews(FULFILLMENT_TABLE, FULFILLMENT_FIELDS);

export const trackingFlags = () => ({
  trackingNumber: text('<number>', "the carrier's tracking number, 1..255 characters"),
  carrier: text('<name>', 'the carrier, such as UPS or DHL, 1..255 characters'),
  trackingUrl: text('<url>', 'where the parcel is tracked, an absolute http or https URL'),
  notify: boolean('email the customer that the order has shipped'),
});

const FLAG_OF: Readonly<Record<string, string>> = {
  trackingNumber: '--tracking-number',
  trackingCompany: '--carrier',
  trackingUrl: '--tracking-url',
  notifyCustomer: '--notify',
};

/** The tracking the flags give, checked by the declaration's kinds (exit 2 naming the flag, nothing sent). */
export function trackingOf(options: {
  trackingNumber?: string | undefined;
  carrier?: string | undefined;
  trackingUrl?: string | undefined;
  notify?: boolean | undefined;
}): Tracking {
  const { trackingCompany, trackingNumber, trackingUrl, notifyCustomer } = fulfillments.fields;
  try {
    return checkValues(
      { trackingCompany, trackingNumber, trackingUrl, notifyCustomer },
      { trackingCompany: options.carrier, trackingNumber: options.trackingNumber, trackingUrl: options.trackingUrl, notifyCustomer: options.notify },
    ) as Tracking;
  } catch (error) {
    throw error instanceof FieldError ? error.named((root) => FLAG_OF[root]) : error;
  }
}
