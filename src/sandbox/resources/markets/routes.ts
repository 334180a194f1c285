// The markets (record.ts) with what the table cannot say: a handle is unique in the store and
// made from the name when a create sends none; a create without a currency or a language takes
// the shop's (as the admin fills a new market in); the primary market cannot be deleted (the
// help centre: "The primary market cannot be deleted, but it can be changed").
import { conflict } from '../../http/sandbox-errors.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv } from '../resource.js';
import { marketTable, type MarketRecord } from './record.js';

export { SCOPES } from './record.js';

/** The handle a name gives: lowercase words joined by hyphens (`Europe West` is europe-west). */
function handleOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words === '' ? 'market' : words.slice(0, 200).replace(/-+$/, '');
}

export function createMarketResource(env: ResourceEnv): TableResource<MarketRecord> {
  const table = marketTable.resource(env, {
    beforeSave(record, existing) {
      const others = table.all().filter((other) => other.id !== record.id);
      const taken = (handle: string) => others.some((other) => other.handle === handle);
      if (record.handle !== undefined && record.handle !== existing?.handle && taken(record.handle)) {
        throw conflict(`A market has the handle ${record.handle} already.`, [{ field: 'market.handle', message: 'is taken by another market' }]);
      }
      if (existing !== undefined) return record;
      let handle = record.handle;
      if (handle === undefined) {
        const base = handleOf(record.name);
        handle = base;
        for (let n = 2; taken(handle); n += 1) handle = `${base}-${n}`;
      }
      return { ...record, handle, currency: record.currency ?? env.currency, primaryLanguage: record.primaryLanguage ?? 'en' };
    },
    beforeRemove(record) {
      if (record.primary) throw conflict(`The market ${record.id} is the store's primary market and cannot be deleted; make another market primary first.`);
    },
  });
  return table;
}
