// The markets (record.ts) with what the table cannot say: a handle is unique in the store and
// made from the name when a create sends none; a create without a currency or a language takes
// the shop's (as the admin fills a new market in); the primary market cannot be deleted (the
// help centre: "The primary market cannot be deleted, but it can be changed").
import { conflict } from '../../http/sandbox-errors.js';
import { handleFrom, refuseTakenHandle } from '../text.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv } from '../resource.js';
import { marketTable, type MarketRecord } from './record.js';

export { SCOPES } from './record.js';

export function createMarketResource(env: ResourceEnv): TableResource<MarketRecord> {
  const table = marketTable.resource(env, {
    beforeSave(record, existing) {
      const taken = refuseTakenHandle(table.all(), record, existing, (handle) =>
        conflict(`A market has the handle ${handle} already.`, [{ field: 'market.handle', message: 'is taken by another market' }]),
      );
      if (existing !== undefined) return record;
      const handle = record.handle ?? handleFrom(record.name, 'market', taken);
      return { ...record, handle, currency: record.currency ?? env.currency, primaryLanguage: record.primaryLanguage ?? 'en' };
    },
    beforeRemove(record) {
      if (record.primary) throw conflict(`The market ${record.id} is the store's primary market and cannot be deleted; make another market primary first.`);
    },
  });
  return table;
}
