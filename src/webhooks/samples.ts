// The sample event of each topic, from the JSON files beside this module (the build
// bundles them), checked against their topic's schema on first use.
import productsCreate from './samples/products-create.json' with { type: 'json' };
import productsUpdate from './samples/products-update.json' with { type: 'json' };
import productsDelete from './samples/products-delete.json' with { type: 'json' };
import ordersCreate from './samples/orders-create.json' with { type: 'json' };
import ordersUpdate from './samples/orders-update.json' with { type: 'json' };
import ordersDelete from './samples/orders-delete.json' with { type: 'json' };
import ordersPaid from './samples/orders-paid.json' with { type: 'json' };
import ordersCancelled from './samples/orders-cancelled.json' with { type: 'json' };
import ordersFulfilled from './samples/orders-fulfilled.json' with { type: 'json' };
import ordersPartiallyFulfilled from './samples/orders-partiallyFulfilled.json' with { type: 'json' };
import customersCreate from './samples/customers-create.json' with { type: 'json' };
import customersUpdate from './samples/customers-update.json' with { type: 'json' };
import customersDelete from './samples/customers-delete.json' with { type: 'json' };
import customersMerge from './samples/customers-merge.json' with { type: 'json' };
import discountsCreate from './samples/discounts-create.json' with { type: 'json' };
import discountsUpdate from './samples/discounts-update.json' with { type: 'json' };
import discountsDelete from './samples/discounts-delete.json' with { type: 'json' };
import customersDataRequest from './samples/customers-data_request.json' with { type: 'json' };
import customersRedact from './samples/customers-redact.json' with { type: 'json' };
import shopUpdate from './samples/shop-update.json' with { type: 'json' };
import shopRedact from './samples/shop-redact.json' with { type: 'json' };
import appScopesUpdate from './samples/app-scopesUpdate.json' with { type: 'json' };
import appUninstalled from './samples/app-uninstalled.json' with { type: 'json' };
import appAuthorizationCodeGranted from './samples/app-authorizationCodeGranted.json' with { type: 'json' };
import discountsCreateNested from './samples/discounts-create.nested.json' with { type: 'json' };
import discountsUpdateNested from './samples/discounts-update.nested.json' with { type: 'json' };
import discountsDeleteNested from './samples/discounts-delete.nested.json' with { type: 'json' };
import { shapeOf, type DiscountShape } from '../api/discounts/wire-shape.js';
import type { Brand } from '../core/brand.js';
import { sampleDeletionSchema, sampleSchemaOf, type SampleDeletion, type SampleProduct } from './sample-schema.js';
import type { SampleTopic as WebhookTopic } from './wire.js';
import type * as z from 'zod/mini';

/** A product, a deletion, or another topic's object (an order, a customer, a discount, the shop, an app event, a compliance request). */
export type SamplePayload = SampleProduct | SampleDeletion | Record<string, unknown>;

const FILES: Record<WebhookTopic, unknown> = {
  'products/create': productsCreate,
  'products/update': productsUpdate,
  'products/delete': productsDelete,
  'orders/create': ordersCreate,
  'orders/update': ordersUpdate,
  'orders/delete': ordersDelete,
  'orders/paid': ordersPaid,
  'orders/cancelled': ordersCancelled,
  'orders/fulfilled': ordersFulfilled,
  'orders/partiallyFulfilled': ordersPartiallyFulfilled,
  'customers/create': customersCreate,
  'customers/update': customersUpdate,
  'customers/delete': customersDelete,
  'customers/merge': customersMerge,
  'customers/data_request': customersDataRequest,
  'customers/redact': customersRedact,
  'discounts/create': discountsCreate,
  'discounts/update': discountsUpdate,
  'discounts/delete': discountsDelete,
  'shop/update': shopUpdate,
  'shop/redact': shopRedact,
  'app/scopesUpdate': appScopesUpdate,
  'app/uninstalled': appUninstalled,
  'app/authorizationCodeGranted': appAuthorizationCodeGranted,
};

/**
 * The discounts' samples in Genstore's nested shape (docs/decisions.md "Discounts"): a
 * discount's shape follows the family it goes to, so its topics keep one sample a shape,
 * FILES the service's flat one. Every other topic has one sample for both families.
 */
const NESTED_FILES: Partial<Record<WebhookTopic, unknown>> = {
  'discounts/create': discountsCreateNested,
  'discounts/update': discountsUpdateNested,
  'discounts/delete': discountsDeleteNested,
};

/** The topics whose sample has a shape a family: the discounts'. */
export function hasShapes(topic: WebhookTopic): boolean {
  return NESTED_FILES[topic] !== undefined;
}

/** The file a topic's sample is kept in: `orders/paid` in orders-paid.json; Genstore's discount in discounts-create.nested.json. */
export function sampleFile(topic: WebhookTopic, shape: DiscountShape = 'flat'): string {
  return `${topic.replace('/', '-')}${shape === 'nested' && hasShapes(topic) ? '.nested' : ''}.json`;
}

/**
 * A fresh copy of the topic's sample for a store of the `brand` family (a discount in its
 * shape); with productId (product topics), the product (and its variants and images) carry
 * that id.
 */
export function samplePayload(topic: WebhookTopic, productId?: string, brand: Brand = 'service'): SamplePayload {
  const shape = shapeOf(brand);
  const raw = (shape === 'nested' ? NESTED_FILES[topic] : undefined) ?? FILES[topic];
  if (topic === 'products/delete') {
    const deletion = checked(sampleDeletionSchema, raw, sampleFile(topic));
    return productId === undefined ? deletion : { productId };
  }
  const payload = checked(sampleSchemaOf(topic, shape), raw, sampleFile(topic, shape)) as Record<string, unknown>;
  if (productId !== undefined) putProductId(payload, productId);
  return payload;
}

/** Puts `productId` on a payload of any shape: the product, and each of its variants and images (a deletion has only the first). */
export function putProductId(payload: unknown, productId: string): void {
  if (!isRecord(payload)) return;
  payload.productId = productId;
  for (const list of [payload.variants, payload.images]) if (Array.isArray(list)) for (const item of list) if (isRecord(item)) item.productId = productId;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A fresh, checked copy. The files ship with the build and a test checks them: a mismatch is a broken build, not bad input. */
function checked<T>(schema: z.ZodMiniType<T>, raw: unknown, file: string): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return structuredClone(parsed.data);
  const issue = parsed.error.issues[0]!;
  throw new Error(`The sample ${file} does not match its schema at ${issue.path.join('.')}: ${issue.message}`);
}
