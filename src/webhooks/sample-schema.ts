// The shape of the sample payloads `webhook trigger` sends: a product exactly as
// GET /products/{id} returns it (ids as decimal strings, flags and numbers as strings, as
// in the spec's samples), and `{productId}` for a deletion.
import * as z from 'zod/mini';
import type { DiscountShape } from '../api/discounts/wire-shape.js';

const id = z.string().check(z.regex(/^[1-9][0-9]{0,19}$/, 'must be a decimal id without leading zeros'));
const flag = z.enum(['true', 'false']);
const count = z.string().check(z.regex(/^(0|[1-9][0-9]*)$/, 'must be a whole number as a string'));
const amount = z.string().check(z.regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal amount with at most 2 decimals'));
const text = z.string();

const optionValue = z.strictObject({ name: z.string().check(z.minLength(1)), id, position: count });

export const sampleVariantSchema = z.strictObject({
  variantId: id,
  productId: id,
  sku: text,
  barcode: text,
  price: amount,
  costPrice: amount,
  compareOfPrice: amount,
  weight: z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a decimal number')),
  weightUnit: z.enum(['g', 'kg', 'lb', 'oz']),
  inventoryManagement: flag,
  isDisabled: flag,
  inventoryQuantities: z.array(z.strictObject({ locationId: id, available: count })).check(z.minLength(1)),
  options: z.array(z.strictObject({ name: text, id, position: count, value: optionValue })),
});

export const sampleProductSchema = z.strictObject({
  productId: id,
  title: z.string().check(z.minLength(1), z.maxLength(255)),
  subTitle: text,
  bodyHtml: text,
  vendor: text,
  productType: text,
  status: z.enum(['active', 'draft', 'archived']),
  isMultiVariant: flag,
  categoryId: id,
  productCategory: z.strictObject({ categoryId: id, categoryName: z.string().check(z.minLength(1)) }),
  /** JSON-array text of collection ids. */
  collections: text,
  images: z.array(z.strictObject({ id, productId: id, src: z.url({ protocol: /^https$/ }), position: count })),
  options: z
    .array(z.strictObject({ name: z.string().check(z.minLength(1)), id, position: count, value: z.array(optionValue).check(z.minLength(1)) }))
    .check(z.maxLength(3)),
  variants: z.array(sampleVariantSchema).check(z.minLength(1), z.maxLength(100)),
  marketAssigns: z.array(z.strictObject({ isAssigned: flag, marketId: id })),
  salesChannels: z.array(z.strictObject({ salesChannelCode: z.string().check(z.minLength(1)) })).check(z.minLength(1)),
});

export const sampleDeletionSchema = z.strictObject({ productId: id });

export type SampleProduct = z.infer<typeof sampleProductSchema>;
export type SampleDeletion = z.infer<typeof sampleDeletionSchema>;

// ---- orders, customers and discounts (issue 21) -------------------------------------------
// Their objects as the docs print them, as far as the docs are readable (partners.genstore.ai
// "About Order", "About Customer", "About Discount"): the fields a handler keys on are checked,
// every other field is kept as written (loose), since the docs show more than they explain.

const optionalText = z.optional(z.nullable(z.string()));
const optionalAmount = z.optional(z.nullable(amount));

export const sampleOrderSchema = z.looseObject({
  orderId: id,
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD'))),
  financialStatus: optionalText,
  fulfillmentStatus: optionalText,
  totalPrice: optionalAmount,
  totalTax: optionalAmount,
  totalDiscounts: optionalAmount,
  totalOutstanding: optionalAmount,
  lineItems: z.optional(z.array(z.looseObject({ lineItemId: id, quantity: count, price: amount }))),
  customer: z.optional(z.looseObject({ id })),
});

export const sampleCustomerSchema = z.looseObject({
  id,
  email: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  phone: optionalText,
  state: z.optional(z.enum(['ENABLED', 'DISABLED', 'INVITED', 'DECLINED'])),
  addresses: z.optional(z.array(z.looseObject({ id }))),
});

// A discount in each family's shape (docs/decisions.md "Discounts", api/discounts/wire-shape.ts):
// the service's flat one (`id`, the type and the method at the top), Genstore's nested one
// (`discountId`, the type, the method and the code inside promotionType).
const discountType = z.optional(z.enum(['PRODUCT_DISCOUNT', 'ORDER_DISCOUNT', 'SHIPPING_DISCOUNT']));
const discountMethod = z.optional(z.enum(['CODE_DISCOUNT', 'AUTOMATIC_DISCOUNT']));
const discountSettings = {
  valueType: z.optional(z.enum(['FIXED_AMOUNT_OFF', 'PERCENTAGE'])),
  value: z.optional(z.string().check(z.regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal number as a string'))),
  eligibility: z.optional(z.enum(['ALL', 'SEGMENT'])),
};

export const sampleDiscountSchema = z.looseObject({ id, discountType, discountMethod, ...discountSettings });

export const sampleNestedDiscountSchema = z.looseObject({
  discountId: id,
  promotionType: z.optional(
    z.looseObject({
      categoryType: discountType,
      generateType: z.optional(z.looseObject({ discountCode: z.optional(z.string().check(z.minLength(1))), generateDiscountType: discountMethod })),
    }),
  ),
  ...discountSettings,
});

export const sampleOrderDeletionSchema = z.strictObject({ orderId: id });
export const sampleCustomerDeletionSchema = z.strictObject({ id });
export const sampleDiscountDeletionSchema = z.strictObject({ id });
export const sampleNestedDiscountDeletionSchema = z.strictObject({ discountId: id });

// ---- the shop's, the app's and the compliance topics (issue 29) ---------------------------
// The shop's and the app's as the docs print their "Event Data" (partners.genstore.ai "About
// Shop", "About App", "About Authorization"): wrapped in `shop`, `authScope`, `uninstalled`,
// `authCode`. The compliance topics' bodies are past the readable part of the docs: ours name
// the shop, the customer and the orders concerned (docs/decisions.md "Webhook samples").

const currency = z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD'));
const scopeList = z.union([z.string(), z.array(z.string())]);

export const sampleShopUpdateSchema = z.looseObject({
  shop: z.looseObject({ shopId: id, domain: z.optional(text), shopName: z.optional(text), currency: z.optional(currency) }),
});

const shopOfRequest = { shopId: id, shopDomain: z.string().check(z.minLength(1)) };
const requestedCustomer = z.looseObject({ id, email: optionalText, phone: optionalText });

export const sampleShopRedactSchema = z.looseObject(shopOfRequest);
export const sampleDataRequestSchema = z.looseObject({
  ...shopOfRequest,
  customer: requestedCustomer,
  ordersRequested: z.array(id),
  dataRequest: z.optional(z.looseObject({ id })),
});
export const sampleCustomerRedactSchema = z.looseObject({ ...shopOfRequest, customer: requestedCustomer, ordersToRedact: z.array(id) });

const installation = { clientId: z.string().check(z.minLength(1)), shopId: id };
export const sampleScopesUpdateSchema = z.looseObject({ authScope: z.looseObject({ ...installation, current: scopeList, previous: scopeList }) });
export const sampleUninstalledSchema = z.looseObject({ uninstalled: z.looseObject(installation) });
export const sampleCodeGrantedSchema = z.looseObject({ authCode: z.looseObject({ ...installation, code: z.string().check(z.minLength(1)) }) });

/** The topics whose payload is not their noun's object nor a deletion: each its own schema. */
const OWN_SCHEMAS: Readonly<Record<string, z.ZodMiniType<unknown>>> = {
  'customers/data_request': sampleDataRequestSchema,
  'customers/redact': sampleCustomerRedactSchema,
  'shop/update': sampleShopUpdateSchema,
  'shop/redact': sampleShopRedactSchema,
  'app/scopesUpdate': sampleScopesUpdateSchema,
  'app/uninstalled': sampleUninstalledSchema,
  'app/authorizationCodeGranted': sampleCodeGrantedSchema,
};

/** The schema a topic's payload (its sample, a --file, a --set) must match; a discount's in the shape of the family it goes to. */
export function sampleSchemaOf(topic: string, discountShape: DiscountShape = 'flat'): z.ZodMiniType<unknown> {
  const own = OWN_SCHEMAS[topic];
  if (own !== undefined) return own;
  const [noun, verb] = topic.split('/') as [string, string];
  const deletion = verb === 'delete';
  switch (noun) {
    case 'products':
      return deletion ? sampleDeletionSchema : sampleProductSchema;
    case 'orders':
      return deletion ? sampleOrderDeletionSchema : sampleOrderSchema;
    case 'customers':
      return deletion ? sampleCustomerDeletionSchema : sampleCustomerSchema;
    case 'discounts':
      if (discountShape === 'nested') return deletion ? sampleNestedDiscountDeletionSchema : sampleNestedDiscountSchema;
      return deletion ? sampleDiscountDeletionSchema : sampleDiscountSchema;
    default:
      throw new Error(`no sample schema for the topic ${topic}`);
  }
}
