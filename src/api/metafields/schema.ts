// Metafield values: the schemas of what stores send back. The requests themselves are in
// requests.ts; the value formats by field type in values.ts.
import * as z from 'zod/mini';
import { LosslessNumber, toJson } from '../../core/json.js';
import type { MetafieldField, MetafieldInputField } from './fields.js';
import { parseWire, wireId, type Assert, type ExactFields } from '../schema.js';

/** What is written: one value of one business object. */
export interface MetafieldInput {
  namespace: string;
  code: string;
  value: string;
}

/** A value as read (detail and list), with the definition's fields. Unknown fields are kept. */
export interface Metafield extends MetafieldInput {
  definitionName?: string;
  description?: string;
  fieldType?: string;
  bizResource?: string;
  /** Opaque; a store may send it as a JSON number (kept digit-exact), so --json stays exact. */
  bizId?: string | LosslessNumber;
  [field: string]: unknown;
}

const text = z.optional(z.nullable(z.string()));
/** The wire says a string; a tolerant store may send an object, an array, a number or a boolean. */
const wireValue = z.union([z.string(), z.instanceof(LosslessNumber), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

const writtenSchema = z.looseObject({
  namespace: z.string(),
  code: z.string(),
  value: wireValue,
});

const metafieldSchema = z.looseObject({
  namespace: z.string(),
  code: z.string(),
  fieldType: text,
  value: wireValue,
  definitionName: text,
  description: text,
  bizResource: text,
  bizId: z.optional(z.nullable(wireId)),
});

/** fields.ts names exactly these fields (tsc checks it). */
export type MetafieldFieldsCheck = Assert<ExactFields<typeof metafieldSchema.shape, MetafieldField>>;
export type MetafieldInputFieldsCheck = Assert<ExactFields<typeof writtenSchema.shape, MetafieldInputField>>;

/** The checks of one value and of a list of them as `schema` reads them, each value then as wire text (asText). */
function checksBy<T extends { value: unknown }>(schema: z.ZodMiniType) {
  return {
    one(value: unknown): T {
      parseWire(schema, value, 'a metafield value');
      return asText(value as T);
    },
    list(list: unknown): T[] {
      parseWire(z.array(schema), list, 'a metafield value list');
      return (list as T[]).map(asText);
    },
  };
}

/** A value as read (detail and list), with its definition's fields. */
export const { one: checkMetafield, list: checkMetafieldList } = checksBy<Metafield>(metafieldSchema);
/** A value as a write answers it. */
export const { one: checkWritten, list: checkWrittenList } = checksBy<MetafieldInput>(writtenSchema);

/**
 * The value as wire text, whatever the store sent: the client speaks one form (an object
 * from a tolerant store becomes its compact JSON, numbers digit-exact). Other fields are
 * kept as sent, in their order.
 */
function asText<T extends { value: unknown }>(item: T): T {
  return typeof item.value === 'string' ? item : { ...item, value: toJson(item.value) };
}
