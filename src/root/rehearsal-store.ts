// The store a rehearsal (--rehearse) runs its import on: the emulator, started in process on
// an ephemeral loopback port with its state in memory only (the copy may hold whole gift
// card codes: nothing of it reaches the disk), seeded with what the rehearsal copied from
// the live store, in the live store's dialect (its header family) and at its rate (the
// bucket its answers announced), and stopped when the import ends.
import type { Brand } from '../core/brand.js';
import { RuntimeError } from '../core/errors.js';
import { scalarText } from '../core/json.js';
import type { StoreCopy } from '../bulk/index.js';
import type { CopiedCard, CopiedDiscount, CopiedObject } from '../bulk/engine/store-copy.js';
import { storeRate } from '../bulk/engine/rehearsal-estimate.js';
import { catalogSeedOf } from './rehearsal-catalog-seed.js';
import type { SandboxSeed } from '../sandbox/index.js';

export interface StartedCopy {
  baseUrl: string;
  token: string;
  stop(): Promise<void>;
}

export async function startRehearsalStore(copy: StoreCopy, brand: Brand, log?: (line: string) => void): Promise<StartedCopy> {
  const { startSandbox, seedProblem } = await import('../sandbox/index.js');
  const seed = seedOf(copy);
  // The copy is the store's as it is: a value or card the emulator would not take is the store's oddity, not the file's.
  const problem = await seedProblem(seed, "the store's copy");
  if (problem !== undefined) throw new RuntimeError(`The objects the file touches could not be copied for the rehearsal: ${problem}`);
  const rate = copy.bucket ? storeRate(copy.bucket) : undefined;
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    seed,
    dialect: brand === 'genstore' ? 'real' : 'service',
    webhooks: false,
    ...(rate ? { rateLimit: { rps: rate.perSecond, burst: rate.size } } : {}),
    ...(copy.codesInReads ? { codesInReads: copy.codesInReads } : {}),
    ...(copy.currency && /^[A-Z]{3}$/.test(copy.currency) ? { currency: copy.currency } : {}),
    ...(log ? { onRequest: (r: { method: string; path: string; status: number; ms: number }) => log(`  rehearsal: ${r.method} ${r.path} ${r.status} (${r.ms} ms)`) } : {}),
  });
  return { baseUrl: sandbox.baseUrl, token: sandbox.token, stop: () => sandbox.close() };
}

/** The copy as a seed document: the definitions, the objects' values, the cards. */
function seedOf(copy: StoreCopy): SandboxSeed {
  return {
    metafieldDefinitions: copy.definitions.map((d) => ({
      domain: d.domain,
      namespace: d.namespace,
      code: d.code,
      definitionName: d.definitionName,
      description: d.description,
      fieldType: d.fieldType,
      multi: d.multi,
      optionMap: d.optionMap,
      ...(d.schemaRule !== undefined ? { schemaRule: d.schemaRule } : {}),
      pinned: d.pinned,
    })),
    metafields: copy.metafields.map(objectOf),
    giftCards: copy.giftCards.map(cardOf),
    ...(copy.discounts ? { discounts: copy.discounts.map(discountOf) } : {}),
    ...(copy.catalog ? catalogSeedOf(copy.catalog) : {}),
  } as SandboxSeed;
}

function objectOf(object: CopiedObject) {
  return { domain: object.domain, bizId: object.bizId, values: object.values.map((v) => ({ namespace: v.namespace, code: v.code, value: v.value })) };
}

function cardOf(card: CopiedCard) {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : scalarText(value));
  const initialValue = text(card.initialValue) ?? '0';
  const fields = {
    id: scalarText(card.id),
    code: card.code,
    initialValue,
    balance: text(card.balance) ?? initialValue,
    customerId: text(card.customerId),
    currency: typeof card.currency === 'string' ? card.currency.toUpperCase() : undefined,
    note: card.note ?? undefined,
    expireTime: card.expireTime ? card.expireTime.slice(0, 10) : null,
    disableTime: card.disableTime ? utcTimestamp(card.disableTime) : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** A discount of the copy as a seed's: its settings as the store holds them, a field the seed would not take left to the seed's default. */
function discountOf(discount: CopiedDiscount) {
  const { settings } = discount;
  const text = (value: string) => (value === '' ? undefined : value);
  const fields = {
    id: discount.id,
    title: text(settings.title) ?? 'Discount',
    discountType: text(settings.discountType) ?? 'ORDER_DISCOUNT',
    valueType: text(settings.valueType) ?? 'PERCENTAGE',
    value: text(settings.value) ?? '1',
    discountMethod: text(settings.discountMethod) ?? 'CODE_DISCOUNT',
    eligibility: settings.segmentIds.length > 0 ? text(settings.eligibility) : undefined,
    segmentIds: settings.segmentIds,
    status: text(settings.status),
    startTime: settings.startTime ? utcTimestamp(settings.startTime) : undefined,
    endTime: settings.endTime ? utcTimestamp(settings.endTime) : null,
    usageLimit: /^\d+$/.test(settings.usageLimit) ? Number(settings.usageLimit) : null,
    oncePerCustomer: settings.oncePerCustomer === 'true',
    codes: settings.codes,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** A store's time (zone-less in the real dialect: taken as UTC) as the seed writes one: 2026-11-21T10:00:00Z. */
function utcTimestamp(time: string): string {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(time) ? time : `${time}Z`;
  const at = Date.parse(zoned);
  return Number.isNaN(at) ? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') : new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
