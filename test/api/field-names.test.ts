// The zod-free field lists that commands declare for --json are the schemas' own fields.
import { expect, it } from 'vitest';
import { categoryFields, collectionFields } from '../../src/api/categories/schema.js';
import * as names from '../../src/api/field-names.js';
import { giftCardFields } from '../../src/api/gift-cards/schema.js';
import { metafieldDefinitionFields } from '../../src/api/metafield-definitions/schema.js';
import { metafieldFields, metafieldInputFields } from '../../src/api/metafields/schema.js';
import { productFields, productListFields } from '../../src/api/products/schema.js';
import { sandboxFaultFields } from '../../src/api/sandbox-control/fault-schema.js';
import { webhookSubscriptionFields } from '../../src/api/webhook-subscriptions/schema.js';

it("each field list is its schema's top-level fields, in their order", () => {
  expect(names.GIFT_CARD_FIELDS).toEqual(giftCardFields);
  expect(names.CATEGORY_FIELDS).toEqual(categoryFields);
  expect(names.COLLECTION_FIELDS).toEqual(collectionFields);
  expect(names.METAFIELD_FIELDS).toEqual(metafieldFields);
  expect(names.METAFIELD_INPUT_FIELDS).toEqual(metafieldInputFields);
  expect(names.METAFIELD_DEFINITION_FIELDS).toEqual(metafieldDefinitionFields);
  expect(names.PRODUCT_FIELDS).toEqual(productFields);
  // product list declares the product's fields: its tolerant listing schema has the same ones.
  expect(names.PRODUCT_FIELDS).toEqual(productListFields);
  expect(names.SANDBOX_FAULT_FIELDS).toEqual(sandboxFaultFields);
  expect(names.WEBHOOK_SUBSCRIPTION_FIELDS).toEqual(webhookSubscriptionFields);
});
