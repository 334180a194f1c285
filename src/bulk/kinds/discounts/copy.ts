// What a discount import's rehearsal copies: every discount of the store, as the real run
// reads them (its index: the whole listing, 250 a page; on the service each code discount's
// codes), so that each row meets on the copy what it meets on the store: its code held or
// not, a title taken, the --like discount. The file is first read through the import's own
// checks (as the real run's pre-flight, before any request: a bad file stops here). Each
// goes to the rehearsal store's seed with its settings as the store holds them.
import type { Api } from '../../../api/index.js';
import { plural } from '../../../core/words.js';
import { seedTime, type CopyPlan, type StoreCopy } from '../../engine/store-copy.js';
import { readDiscountIndex, type IndexEntry } from './kind.js';

export async function copyDiscounts(_plan: CopyPlan, api: Api): Promise<StoreCopy> {
  const index = await readDiscountIndex(api.discounts);
  const discounts = [...new Map([...index.byTitle.values()].flat().map((entry) => [entry.id, entry])).values()];
  const codes = discounts.reduce((sum, entry) => sum + entry.settings.codes.length, 0);
  return {
    seed: { discounts: discounts.map(discountSeed) },
    described: `the store's ${plural(discounts.length, 'discount')} with their ${plural(codes, 'code')}`,
  };
}

/** A discount of the copy as the seed's discounts section holds it: its settings as the store holds them, a field the seed would not take left to the seed's default. */
function discountSeed(discount: IndexEntry): object {
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
    startTime: settings.startTime ? seedTime(settings.startTime) : undefined,
    endTime: settings.endTime ? seedTime(settings.endTime) : null,
    usageLimit: /^\d+$/.test(settings.usageLimit) ? Number(settings.usageLimit) : null,
    oncePerCustomer: settings.oncePerCustomer === 'true',
    codes: settings.codes,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
