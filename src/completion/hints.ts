// What the completion scripts offer for values that commander cannot tell: enums a command
// checks itself (case-insensitively, or with its own error message, so `.choices()` would
// change its behaviour) and the dynamic profile names. Keyed by command path ('' is the
// program itself), then by a flag's long name or an argument's <name>. The model throws on
// a key the tree does not have, so a renamed flag fails the generator instead of going stale.
// A discount's documented values complete as their short words (the flags take either).
// Options with `.choices()` need no entry, nor do file values: a value named <file> or
// <path> completes as a file name (see model.ts).
import { DISCOUNT_METHODS, DISCOUNT_STATUSES, DISCOUNT_TYPES, ELIGIBILITIES, VALUE_TYPES } from '../api/discounts/fields.js';
import { FIELD_TYPES, METAFIELD_DOMAINS } from '../api/metafields/types.js';
import { DOCUMENTED_TOPICS, SAMPLE_TOPICS } from '../webhooks/wire.js';

export type ValueHint = { words: readonly string[] } | { files: true } | { profiles: true };

const domains = { words: METAFIELD_DOMAINS };
const onObject = { '<domain>': domains };
const topics = { words: DOCUMENTED_TOPICS };
const shortWords = (words: Record<string, string>) => ({ words: Object.keys(words) });
const discountFilters = {
  '--status': shortWords(DISCOUNT_STATUSES),
  '--discount-method': shortWords(DISCOUNT_METHODS),
  '--discount-type': shortWords(DISCOUNT_TYPES),
};
const discountSettings = { '--discount-type': shortWords(DISCOUNT_TYPES), '--value-type': shortWords(VALUE_TYPES), '--eligibility': shortWords(ELIGIBILITIES) };

export const VALUE_HINTS: Readonly<Record<string, Readonly<Record<string, ValueHint>>>> = {
  '': { '--profile': { profiles: true } },
  'auth switch': { '<name>': { profiles: true } },
  'metafield set': { ...onObject, '--type': { words: FIELD_TYPES } },
  'metafield get': onObject,
  'metafield list': onObject,
  'metafield count': onObject,
  'metafield delete': onObject,
  'metafield import': { '--domain': domains },
  'metafield definition list': onObject,
  'metafield definition get': onObject,
  'metafield definition create': { ...onObject, '--field-type': { words: FIELD_TYPES } },
  'metafield definition update': { ...onObject, '--field-type': { words: FIELD_TYPES } },
  'metafield definition delete': onObject,
  'metafield definition export': { '<domains>': domains },
  'webhook trigger': { '<topic>': { words: SAMPLE_TOPICS } },
  'webhook subscribe': { '--topic': topics },
  'webhook subscriptions': { '--topic': topics },
  'webhook subscription update': { '--topic': topics },
  'webhook subscription count': { '--topic': topics },
  'discount list': discountFilters,
  'discount count': discountFilters,
  'discount create': { ...discountSettings, '--discount-method': shortWords(DISCOUNT_METHODS) },
  'discount update': discountSettings,
};
