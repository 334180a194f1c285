// The imports of `metafield import`, `giftcard import`, `product import`, `discount import`,
// `customer import` and `fulfillment import`, and metafield export's rows, loaded lazily through this one entry (every export
// runs through engine/run-export.ts, which its verb loads, with the rows of its kind): the
// verb checks its flags, calls the run, says the report's lines on stderr and prints its
// summary with --json.
export type { BulkEnv } from './engine/env.js';
export type { ImportReport } from './engine/import-job.js';
export { runImport, type ImportKind, type ImportRequest } from './engine/import-kind.js';
export { metafieldImport, type MetafieldImportRequest } from './kinds/metafields/import.js';
export { giftCardImport, type GiftCardImportRequest } from './kinds/gift-cards/import.js';
export { productImport, type ProductImportRequest } from './kinds/products/import.js';
export { parseShard, type Shard } from './engine/shard.js';
export { exportMetafields } from './kinds/metafields/export.js';
export { GIVE_UP_AFTER_MS } from './engine/paced-api.js';
export { parseRejectLimit } from './engine/run-import.js';
export { discountImport, type DiscountImportRequest } from './kinds/discounts/import.js';
export { fulfillmentImport, type FulfillmentImportRequest } from './kinds/fulfillments/import.js';
export { customerImport, type CustomerImportRequest } from './kinds/customers/import.js';
export { rehearse, type OpenRehearsalStore, type RehearsalMode, type RehearsalStore, type StoreCopy } from './engine/rehearsal.js';
export { importAllOrNothing } from './engine/all-or-nothing.js';
