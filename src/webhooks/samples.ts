// The sample event of each topic, from the JSON files beside this module (the build
// bundles them), checked against their schema on first use.
import created from './samples/products-create.json' with { type: 'json' };
import updated from './samples/products-update.json' with { type: 'json' };
import deleted from './samples/products-delete.json' with { type: 'json' };
import { sampleDeletionSchema, sampleProductSchema, type SampleDeletion, type SampleProduct } from './sample-schema.js';
import type { SampleTopic as WebhookTopic } from './wire.js';
import type * as z from 'zod/mini';

export type SamplePayload = SampleProduct | SampleDeletion;

const FILES: Record<WebhookTopic, { raw: unknown; file: string }> = {
  'products/create': { raw: created, file: 'products-create.json' },
  'products/update': { raw: updated, file: 'products-update.json' },
  'products/delete': { raw: deleted, file: 'products-delete.json' },
};

/** A fresh copy of the topic's sample; with productId, the product (and its variants and images) carry that id. */
export function samplePayload(topic: WebhookTopic, productId?: string): SamplePayload {
  const { raw, file } = FILES[topic];
  if (topic === 'products/delete') {
    const deletion = checked(sampleDeletionSchema, raw, file);
    return productId === undefined ? deletion : { productId };
  }
  const product = checked(sampleProductSchema, raw, file);
  if (productId !== undefined) putProductId(product, productId);
  return product;
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
