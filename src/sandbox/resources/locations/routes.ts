// The shop (`GET /shops/info`), its languages (`GET /shops/languages`) and its locations, as
// the store documents them under About Shop (partners.genstore.ai/docs/api-rest/28): the
// locations' table (record.ts) with what it cannot say, that the default location and one
// holding stock cannot be deleted. Stock is the catalog's: inventory/routes.ts, served here,
// reads and writes it, so this resource comes from the catalog's factory and shares its state.
// docs/decisions.md "Locations".
import type { ScopeRequirement } from '../../http/scopes.js';
import { JsonInteger } from '../../http/body-json.js';
import { conflict } from '../../http/sandbox-errors.js';
import type { Catalog } from '../products/catalog-state.js';
import { DEFAULT_LOCATION_ID, DEFAULT_WEIGHT_UNIT } from '../products/decisions.js';
import { inventoryRoutes } from '../inventory/routes.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv, RouteReply } from '../resource.js';
import { locationTable, type LocationRecord } from './record.js';

/** The sandbox shop's id, as `GET /shops/info` answers it (the docs' sample has one of 10 digits). */
const SHOP_ID = '1000000001';

const READ: ScopeRequirement = ['read_shops', 'write_shops'];

/**
 * The shop's languages (`GET /shops/languages`): no request changes them, so they are fixed,
 * English first as the shop's default, then those of the demo's European market.
 */
const SHOP_LANGUAGES = [
  { languageCode: 'en', name: 'English', primary: true },
  { languageCode: 'de', name: 'German', primary: false },
  { languageCode: 'fr', name: 'French', primary: false },
];

/** The locations, over the catalog whose variants' stock names them. */
export function createLocationResource(env: ResourceEnv, catalog: Catalog): TableResource<LocationRecord> {
  const table = locationTable.resource(env, {
    beforeRemove({ locationId }) {
      if (locationId === DEFAULT_LOCATION_ID) throw conflict("The store's default location cannot be deleted: stock sent without a location is kept there.");
      const stocked = catalog
        .allProducts()
        .flatMap((product) => product.variants.filter((variant) => variant.inventoryQuantities.some((item) => item.locationId === locationId)));
      if (stocked.length > 0) {
        throw conflict(
          `The location ${locationId} still holds stock of ${stocked.length} ` +
            `variant${stocked.length === 1 ? '' : 's'}; move it elsewhere before deleting the location.`,
        );
      }
    },
  });

  /** The shop as About Shop's sample writes it, from the sandbox's options. */
  function shopInfo(): RouteReply {
    const { name, domain } = env.shop;
    const shop = { country: 'US', mail: `owner@${domain}`, timezone: '0', domain, shopName: name, description: '', logo: '', currency: env.currency };
    return { body: { shop: { ...shop, shopId: new JsonInteger(SHOP_ID), ianaTimezone: 'UTC', weightUnit: DEFAULT_WEIGHT_UNIT } } };
  }

  return {
    ...table,
    routes: [
      { method: 'GET', path: '/shops/info', scope: READ, handle: shopInfo },
      { method: 'GET', path: '/shops/languages', scope: READ, handle: () => ({ body: { languages: SHOP_LANGUAGES } }) },
      ...table.routes,
      ...inventoryRoutes(env, catalog, table),
    ],
  };
}
