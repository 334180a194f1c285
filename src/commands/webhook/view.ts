// How deliveries and sent events look as table and TSV rows; --json shows the records.
import type { Column, View } from '../../core/output.js';
import type { ReceivedDelivery } from '../../webhooks/receiver.js';

export const DELIVERY_FIELDS = [
  'receivedAt',
  'topic',
  'webhookId',
  'triggeredAt',
  'apiVersion',
  'brand',
  'shopDomain',
  'productId',
  'title',
  'verified',
  'status',
  'forwardStatus',
  'payload',
] as const;

const forwardColumn: Column<ReceivedDelivery> = {
  header: 'FORWARDED',
  value: (d) => (typeof d.forwardStatus === 'number' ? String(d.forwardStatus) : 'unreachable'),
  style: (text, c, d) => (typeof d.forwardStatus === 'number' && d.forwardStatus < 300 ? c.green(text) : c.red(text)),
};

/** One row per delivery: when, what, which product, whether signed and in which header family, what the app said. */
export function deliveryView(forwarding: boolean): View<ReceivedDelivery> {
  return {
    columns: [
      { header: 'TIME', value: (d) => d.receivedAt },
      { header: 'TOPIC', value: (d) => d.topic ?? '' },
      { header: 'PRODUCT ID', value: (d) => d.productId ?? '' },
      { header: 'TITLE', value: (d) => d.title ?? '', shrinkable: true },
      { header: 'SIGNATURE', value: (d) => (d.verified ? 'verified' : 'unchecked'), style: (text, c, d) => (d.verified ? c.green(text) : c.yellow(text)) },
      { header: 'BRAND', value: (d) => d.brand ?? '' },
      ...(forwarding ? [forwardColumn] : []),
    ],
  };
}

export interface SentEvent {
  topic: string;
  webhookId: string;
  /** A product topic's product; absent for the other topics. */
  productId?: string;
  url: string;
  status: number;
}

export const SENT_FIELDS = ['topic', 'webhookId', 'productId', 'url', 'status'] as const;

export const sentView: View<SentEvent> = {
  columns: [
    { header: 'TOPIC', value: (e) => e.topic },
    { header: 'WEBHOOK ID', value: (e) => e.webhookId },
    { header: 'PRODUCT ID', value: (e) => e.productId ?? '' },
    { header: 'URL', value: (e) => e.url, shrinkable: true },
    { header: 'STATUS', value: (e) => String(e.status), style: (text, c, e) => (e.status < 300 ? c.green(text) : c.red(text)) },
  ],
};
