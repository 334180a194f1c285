// The names of the metafield world: field types, domains, the namespace/code pattern.
// Free of any library, so a command's --help and flag checks cost nothing at start-up.

/** The spec's field types, exact names. */
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

/** The business objects a value can belong to (DESIGN), as they appear in the path. */
export const METAFIELD_DOMAINS = ['products', 'variants', 'collections', 'customers', 'orders', 'pages', 'shop'] as const;
export type MetafieldDomain = (typeof METAFIELD_DOMAINS)[number];

/** namespace and code. */
export const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Every value of any type, counted in characters of wire text. */
export const MAX_VALUE_LENGTH = 65535;

export function parseFieldType(text: string): FieldType | undefined {
  const wanted = text.trim().toLowerCase();
  return FIELD_TYPES.find((type) => type.toLowerCase() === wanted);
}

export function isMetafieldDomain(text: string): text is MetafieldDomain {
  return (METAFIELD_DOMAINS as readonly string[]).includes(text);
}
