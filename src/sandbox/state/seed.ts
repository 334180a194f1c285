// A seed: the state a sandbox starts from and returns to on reset, and the form of a state
// snapshot (GET/PUT /_sandbox/state). One JSON document, one zod schema, whose errors name
// the JSON path at fault. The demo data (data/demo.json, `--demo`) is one such seed.
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { isLosslessNumber } from 'lossless-json';
import demo from '../data/demo.json' with { type: 'json' };
import { formatTimestamp, isCalendarDate, isTimestamp } from '../resources/dates.js';
import { AMOUNT_PATTERN, CODE_PATTERN, lastCharactersOf, NOTE_MAX_LENGTH } from '../resources/gift-cards/rules.js';
import { ID_PATTERN } from './ids.js';
import { definitionSchema, jsonPath, noDuplicateDefinitions, toDefinition, type MetafieldDefinition } from '../resources/metafield-definitions/definitions.js';
import { DOMAINS, FIELD_TYPES, NAME_PATTERN, NAME_RULE, UNDEFINED_FIELD_TYPE, type Domain } from '../resources/metafields/rules.js';
import type { StoredValue } from '../resources/metafields/value-store.js';
import { checkValue } from '../resources/metafields/value-check.js';
import { ROOT_PARENT_ID } from '../resources/products/decisions.js';
import { categoryRecordSchema, collectionRecordSchema, productRecordSchema, type ProductRecord } from '../resources/products/record.js';
import { SandboxUsageError, type FieldError } from '../http/sandbox-errors.js';
import { characterCount, isHttpUrl } from '../resources/text.js';
import { jsonProblem } from '../http/json-position.js';
import { MAX_ADDRESS_LENGTH, SUBSCRIPTION_TOPICS } from '../resources/webhook-subscriptions/topics.js';

const id = z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const amount = z.string({ error: 'must be a decimal amount as a JSON string' }).regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places');
const calendarDate = z.string().refine(isCalendarDate, 'must be a calendar date YYYY-MM-DD');
const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

/**
 * A gift card of a seed: the stored card minus what the sandbox supplies. `lastCharacters`
 * is derived from the code (checked when given); `balance` defaults to `initialValue`,
 * `expireTime` to null, `currency` to the shop's, the times to when the seed is loaded.
 */
const seedGiftCardSchema = z.strictObject({
  id,
  code: z.string({ error: 'must be 8 to 20 letters or digits' }).regex(CODE_PATTERN, 'must be 8 to 20 letters or digits'),
  lastCharacters: z.string().optional(),
  initialValue: amount,
  balance: amount.optional(),
  customerId: id.optional(),
  orderId: id.optional(),
  lineItemId: id.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .optional(),
  note: z
    .string()
    .refine((note) => characterCount(note) <= NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`)
    .optional(),
  expireTime: calendarDate.nullable().optional(),
  createTime: timestamp.optional(),
  updateTime: timestamp.optional(),
  disableTime: timestamp.optional(),
});

const name = z.string({ error: NAME_RULE }).regex(NAME_PATTERN, NAME_RULE);

/** Values as the API answers them: canonical text (structured types as JSON text), and the type they were checked against. */
const seedValueSchema = z.strictObject({
  namespace: name,
  code: name,
  value: z.string({ error: 'must be the value as a JSON string (structured values as JSON text)' }),
  fieldType: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }).optional(),
});

const seedObjectSchema = z.strictObject({
  domain: z.enum(DOMAINS, { error: `must be one of ${DOMAINS.join(', ')}` }),
  bizId: id,
  values: z.array(seedValueSchema),
});

/** A webhook subscription (`/app/webhooks`): the times default to when the seed is loaded. */
const seedSubscriptionSchema = z.strictObject({
  id,
  address: z
    .string({ error: 'must be an absolute http or https URL' })
    .refine(isHttpUrl, 'must be an absolute http or https URL')
    .refine((address) => address.length <= MAX_ADDRESS_LENGTH, `must be at most ${MAX_ADDRESS_LENGTH} characters`),
  topic: z.string({ error: `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}` }).refine((topic) => SUBSCRIPTION_TOPICS.includes(topic), `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`),
  format: z.literal('json', { error: 'must be json (the only format deliveries have)' }).default('json'),
  createTime: timestamp.optional(),
  updateTime: timestamp.optional(),
});

/** The sections of a seed and of a snapshot, in the order a snapshot writes them; each is a resource's key. */
export const SEED_SECTIONS = ['giftCards', 'categories', 'collections', 'products', 'metafieldDefinitions', 'metafields', 'webhooks'] as const;
export type SeedSection = (typeof SEED_SECTIONS)[number];

/** Every section is optional: a seed holds what it needs. */
export const seedSchema = z
  .strictObject(
    {
      giftCards: z.array(seedGiftCardSchema).default([]),
      /** The category tree; collections and products are stored records, their ids fixed. */
      categories: z.array(categoryRecordSchema).default([]),
      collections: z.array(collectionRecordSchema).default([]),
      products: z.array(productRecordSchema).default([]),
      metafieldDefinitions: z.array(definitionSchema).superRefine(noDuplicateDefinitions('metafieldDefinitions')).default([]),
      metafields: z.array(seedObjectSchema).default([]),
      /** Webhook subscriptions, as `/app/webhooks` lists them. */
      webhooks: z.array(seedSubscriptionSchema).default([]),
    },
    { error: `must be a JSON object with the sections ${SEED_SECTIONS.join(', ')}` },
  )
  .superRefine(crossCheck);

/** A seed as its author writes it (every section and many fields optional). */
export type SandboxSeed = z.input<typeof seedSchema>;

type ParsedSeed = z.output<typeof seedSchema>;
type SeedGiftCard = ParsedSeed['giftCards'][number];
type SeedSubscription = ParsedSeed['webhooks'][number];

/** A checked seed with every default filled in: what the store loads. */
export interface StoreSeed {
  giftCards: Array<Required<Pick<SeedGiftCard, 'balance' | 'createTime' | 'updateTime'>> & Omit<SeedGiftCard, 'lastCharacters'> & { expireTime: string | null }>;
  categories: ParsedSeed['categories'];
  collections: ParsedSeed['collections'];
  products: ParsedSeed['products'];
  metafieldDefinitions: MetafieldDefinition[];
  metafields: Array<{ domain: Domain; bizId: string; values: StoredValue[] }>;
  webhooks: Array<Required<SeedSubscription>>;
}

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });

/** What the store's own checks would refuse, found here so that each refusal names its JSON path. */
function crossCheck(seed: ParsedSeed, ctx: Ctx): void {
  const cardIds = new Map<string, number>();
  const codes = new Map<string, number>();
  seed.giftCards.forEach((card, index) => {
    const sameId = cardIds.get(card.id);
    if (sameId !== undefined) issue(ctx, ['giftCards', index, 'id'], `is the id of giftCards[${sameId}] too`);
    cardIds.set(card.id, index);
    // Codes are secrets: the message names the other card, never the code.
    const sameCode = codes.get(card.code.toLowerCase());
    if (sameCode !== undefined) issue(ctx, ['giftCards', index, 'code'], `is the code of giftCards[${sameCode}] too (codes are unique ignoring case)`);
    codes.set(card.code.toLowerCase(), index);
    if (card.lastCharacters !== undefined && card.lastCharacters !== lastCharactersOf(card.code)) {
      issue(ctx, ['giftCards', index, 'lastCharacters'], 'must be the last four characters of the code (or left out)');
    }
  });

  // Every catalog id once: categories, collections, and each product's own ids.
  const used = new Map<string, string>();
  const claim = (value: string, path: PropertyKey[]) => {
    const owner = used.get(value);
    if (owner !== undefined) issue(ctx, path, `is used by ${owner} too`);
    else used.set(value, jsonPath(path));
  };
  const parents = new Map(seed.categories.map((category) => [category.categoryId, category.parentCategoryId]));
  seed.categories.forEach((category, index) => {
    claim(category.categoryId, ['categories', index, 'categoryId']);
    if (category.parentCategoryId !== ROOT_PARENT_ID && !parents.has(category.parentCategoryId)) {
      issue(ctx, ['categories', index, 'parentCategoryId'], 'names no category of the seed');
      return;
    }
    const visited = new Set<string>();
    for (let at: string | undefined = category.categoryId; at !== undefined && at !== ROOT_PARENT_ID; at = parents.get(at)) {
      if (visited.has(at)) {
        issue(ctx, ['categories', index, 'parentCategoryId'], 'makes the category its own ancestor');
        break;
      }
      visited.add(at);
    }
  });
  const subscriptionIds = new Map<string, number>();
  const subscribed = new Map<string, number>();
  seed.webhooks.forEach((subscription, index) => {
    const sameId = subscriptionIds.get(subscription.id);
    if (sameId !== undefined) issue(ctx, ['webhooks', index, 'id'], `is the id of webhooks[${sameId}] too`);
    subscriptionIds.set(subscription.id, index);
    const key = `${subscription.topic} ${subscription.address}`;
    const same = subscribed.get(key);
    if (same !== undefined) issue(ctx, ['webhooks', index, 'address'], `is subscribed to ${subscription.topic} by webhooks[${same}] too`);
    subscribed.set(key, index);
  });

  const collections = new Set(seed.collections.map((collection) => collection.collectionId));
  seed.collections.forEach((collection, index) => claim(collection.collectionId, ['collections', index, 'collectionId']));
  seed.products.forEach((product, index) => checkProduct(product, ['products', index], { claim, hasCategory: (value) => parents.has(value), hasCollection: (value) => collections.has(value), ctx }));
}

function checkProduct(
  product: ProductRecord,
  at: PropertyKey[],
  env: { claim(value: string, path: PropertyKey[]): void; hasCategory(id: string): boolean; hasCollection(id: string): boolean; ctx: Ctx },
): void {
  env.claim(product.productId, [...at, 'productId']);
  product.options.forEach((option, o) => {
    env.claim(option.id, [...at, 'options', o, 'id']);
    option.values.forEach((value, v) => env.claim(value.id, [...at, 'options', o, 'values', v, 'id']));
  });
  product.variants.forEach((variant, v) => env.claim(variant.variantId, [...at, 'variants', v, 'variantId']));
  product.images.forEach((image, i) => env.claim(image.id, [...at, 'images', i, 'id']));
  if (product.categoryId !== undefined && !env.hasCategory(product.categoryId)) issue(env.ctx, [...at, 'categoryId'], 'names no category of the seed');
  product.collections.forEach((collectionId, c) => {
    if (!env.hasCollection(collectionId)) issue(env.ctx, [...at, 'collections', c], 'names no collection of the seed');
  });
  product.variants.forEach((variant, v) => {
    const fits = variant.optionValueIds.length === product.options.length && product.options.every((option, o) => option.values.some((value) => value.id === variant.optionValueIds[o]));
    if (!fits) issue(env.ctx, [...at, 'variants', v, 'optionValueIds'], "must name one value id of each of the product's options, in their order");
  });
}

/**
 * Each value checked against its definition in the seed (SingleLineText without one), once
 * per object: the values as stored (canonical text, the type checked against), or the problems.
 */
function checkValues(seed: ParsedSeed, definitions: readonly MetafieldDefinition[]): { metafields: StoreSeed['metafields']; problems: FieldError[] } {
  const byName = new Map(definitions.map((definition) => [`${definition.domain} ${definition.namespace}.${definition.code}`, definition]));
  const seen = new Map<string, string>();
  const problems: FieldError[] = [];
  const metafields = seed.metafields.map((object, o) => ({
    domain: object.domain,
    bizId: object.bizId,
    values: object.values.map((value, v): StoredValue => {
      const at = jsonPath(['metafields', o, 'values', v]);
      const key = `${object.domain} ${object.bizId} ${value.namespace}.${value.code}`;
      const first = seen.get(key);
      if (first !== undefined) problems.push({ field: at, message: `repeats ${value.namespace}.${value.code} of ${object.domain} ${object.bizId} (first at ${first})` });
      else seen.set(key, at);
      const definition = byName.get(`${object.domain} ${value.namespace}.${value.code}`) ?? kept(object.domain, value);
      const checked = checkValue(value.value, definition);
      if (!checked.ok) problems.push({ field: `${at}.value`, message: checked.message });
      else if (value.fieldType !== undefined && value.fieldType !== checked.fieldType) {
        problems.push({
          field: `${at}.fieldType`,
          message: `must be ${checked.fieldType}, the type ${definition === undefined ? 'of a value without a definition' : 'its definition gives'} (or left out)`,
        });
      }
      return { namespace: value.namespace, code: value.code, value: checked.ok ? checked.text : value.value, fieldType: checked.ok ? checked.fieldType : 'SingleLineText' };
    }),
  }));
  return { metafields, problems };
}

/**
 * A value whose definition was deleted keeps the type it was checked against (the definitions
 * API leaves it so): a snapshot writes that type, and the value is checked against it, single
 * or multi. Undefined for a value that names no type, or SingleLineText (no definition needed).
 */
function kept(domain: Domain, value: { namespace: string; code: string; value: string; fieldType?: MetafieldDefinition['fieldType'] | undefined }): MetafieldDefinition | undefined {
  if (value.fieldType === undefined || value.fieldType === UNDEFINED_FIELD_TYPE) return undefined;
  const single: MetafieldDefinition = {
    domain,
    namespace: value.namespace,
    code: value.code,
    definitionName: '',
    description: '',
    fieldType: value.fieldType,
    multi: false,
    optionMap: '{}',
    pinned: false,
  };
  return checkValue(value.value, single).ok ? single : { ...single, multi: true };
}

/** Numbers of a body parsed losslessly become plain numbers (the seed's only numbers are schemaRule measures). */
function plainJson(value: unknown): unknown {
  if (isLosslessNumber(value)) return value.valueOf();
  if (Array.isArray(value)) return value.map(plainJson);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, plainJson(member)]));
  return value;
}

/** Every problem of a seed, each named by its JSON path (`products[3].variants[0].price`). */
export function seedProblems(error: z.ZodError): FieldError[] {
  return error.issues.map((problem) => {
    const field = jsonPath(problem.path) || '(top level)';
    if (problem.code === 'unrecognized_keys') return { field, message: `has the unknown field ${problem.keys.map((key) => `"${key}"`).join(', ')}` };
    // zod's own wording ("Invalid input: expected string, received undefined") said as the rest is.
    if (problem.code === 'invalid_type' && problem.message.startsWith('Invalid input')) {
      return { field, message: problem.message.endsWith('received undefined') ? 'is required' : `must be a JSON ${problem.expected}` };
    }
    return { field, message: problem.message };
  });
}

export type SeedCheck = { ok: true; seed: StoreSeed } | { ok: false; problems: FieldError[] };

/**
 * Checks a parsed JSON document (numbers plain or lossless) and fills in the defaults; `now`
 * stamps cards without times. `definitions` (from `--definitions`) replace the document's own,
 * for its values too.
 */
export function checkSeed(raw: unknown, now: Date, definitionsInstead?: MetafieldDefinition[]): SeedCheck {
  const parsed = seedSchema.safeParse(plainJson(raw));
  if (!parsed.success) return { ok: false, problems: seedProblems(parsed.error) };
  const stamp = formatTimestamp(now);
  const seed = parsed.data;
  const definitions = definitionsInstead ?? seed.metafieldDefinitions.map(toDefinition);
  const { metafields, problems } = checkValues(seed, definitions);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    seed: {
      giftCards: seed.giftCards.map(({ lastCharacters: _derived, ...card }) => {
        const createTime = card.createTime ?? stamp;
        return { ...card, balance: card.balance ?? card.initialValue, expireTime: card.expireTime ?? null, createTime, updateTime: card.updateTime ?? card.disableTime ?? createTime };
      }),
      categories: seed.categories,
      collections: seed.collections,
      products: seed.products,
      metafieldDefinitions: definitions,
      metafields,
      webhooks: seed.webhooks.map((subscription) => {
        const createTime = subscription.createTime ?? stamp;
        return { ...subscription, createTime, updateTime: subscription.updateTime ?? createTime };
      }),
    },
  };
}

/** One sentence for a seed that does not fit: `seed.json: products[3].variants[0].price: must be ... (and 2 more problems).` */
export function describeSeedProblems(source: string, problems: readonly FieldError[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'})` : '';
  return `${source}: ${first?.field ?? '(top level)'}: ${first?.message ?? 'does not fit'}${more}.`;
}

/** A parsed seed document, or SandboxUsageError naming `source` and the JSON path at fault. */
export function parseSeed(raw: unknown, source: string, now: Date, definitionsInstead?: MetafieldDefinition[]): StoreSeed {
  const checked = checkSeed(raw, now, definitionsInstead);
  if (!checked.ok) throw new SandboxUsageError(describeSeedProblems(source, checked.problems));
  return checked.seed;
}

/** `--seed FILE`: read, parsed and checked; every failure a SandboxUsageError naming the file. */
export async function readSeedFile(file: string, now: Date, definitionsInstead?: MetafieldDefinition[]): Promise<StoreSeed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new SandboxUsageError(`The seed file ${file} ${reason}.`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the file's first characters: the file and the position only.
    throw new SandboxUsageError(`The seed file ${file} is not valid JSON: ${jsonProblem(text)}.`, { cause: error });
  }
  return parseSeed(raw, file, now, definitionsInstead);
}

/** A store with nothing in it. */
export function emptySeed(): StoreSeed {
  return { giftCards: [], categories: [], collections: [], products: [], metafieldDefinitions: [], metafields: [], webhooks: [] };
}

let demoSeed: StoreSeed | undefined;

/** The demo data set, checked against the seed schema on first use (a broken file fails loudly, once). */
export function demoData(): StoreSeed {
  demoSeed ??= parseSeed(demo, 'src/sandbox/data/demo.json', new Date(0));
  return demoSeed;
}
