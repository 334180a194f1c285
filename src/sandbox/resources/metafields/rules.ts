/**
 * The metafield rules the sandbox enforces where the spec says "not shown" (DESIGN's
 * decisions table and the shared wire contract), used by the routes, the definitions file
 * schema and the value validation alike.
 */

/** Domain name in the path -> the bizResource read responses carry. */
export const BIZ_RESOURCES = {
  products: 'PRODUCT',
  variants: 'VARIANT',
  collections: 'COLLECTION',
  customers: 'CUSTOMER',
  orders: 'ORDER',
  pages: 'PAGE',
  shop: 'SHOP',
} as const;

export type Domain = keyof typeof BIZ_RESOURCES;

export const DOMAINS = Object.keys(BIZ_RESOURCES) as Domain[];

export function isDomain(name: string): name is Domain {
  return Object.hasOwn(BIZ_RESOURCES, name);
}

/** namespace and code alike. */
export const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const NAME_RULE = 'must be 1 to 64 letters, digits, "_" or "-"';

export const MAX_BATCH = 100;

/** Any value's wire text, whatever its type. */
export const MAX_VALUE_LENGTH = 65535;
/** SingleLineText and SKU. */
export const MAX_LINE_LENGTH = 255;

export const FIELD_TYPES = [
  'SingleLineText',
  'MultiLineText',
  'Integer',
  'Decimal',
  'MonthDay',
  'Date',
  'DateTime',
  'Weight',
  'Size',
  'Volume',
  'Product',
  'Customer',
  'SKU',
  'Collection',
  'Page',
  'File',
  'Color',
  'Money',
  'Url',
  'Boolean',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** The type of a value stored without a definition. */
export const UNDEFINED_FIELD_TYPE: FieldType = 'SingleLineText';
