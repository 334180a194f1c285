// What a discount import's rehearsal copies: every discount of the store, as the real run
// reads them (its index: the whole listing, 250 a page; on the service each code discount's
// codes), so that each row meets on the copy what it meets on the store: its code held or
// not, a title taken, the --like discount. The file is first read through the import's own
// checks (as the real run's pre-flight, before any request: a bad file stops here).
import type { Api } from '../../../api/index.js';
import { plural } from '../../../core/words.js';
import { readDiscountIndex } from './kind.js';
import type { CopyPlan, StoreCopy } from '../../engine/store-copy.js';

export async function copyDiscounts(_plan: CopyPlan, api: Api): Promise<StoreCopy> {
  const index = await readDiscountIndex(api.discounts);
  const discounts = [...new Map([...index.byTitle.values()].flat().map((entry) => [entry.id, entry])).values()];
  const codes = discounts.reduce((sum, entry) => sum + entry.settings.codes.length, 0);
  return {
    definitions: [],
    metafields: [],
    giftCards: [],
    discounts,
    described: `the store's ${plural(discounts.length, 'discount')} with their ${plural(codes, 'code')}`,
  };
}
