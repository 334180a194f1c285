// The runs of `metafield import`, `giftcard import`, `product import` and `metafield export`,
// loaded lazily through this one entry (`giftcard export`, `product export` and `metafield
// definition import` load their own, bulk/export-gift-cards.ts, bulk/export-products.ts and
// bulk/import-definitions.ts): the verb checks its flags,
// calls the run, says the report's lines on stderr and prints its summary with --json.
export type { BulkEnv } from './engine/env.js';
export { importMetafields, type ImportReport, type ImportRequest } from './import-metafields.js';
export { importGiftCards, type GiftCardImportRequest } from './import-gift-cards.js';
export { importProducts, type ProductImportRequest } from './import-products.js';
export { parseShard, type Shard } from './shard.js';
export { exportMetafields, type ExportReport, type ExportRequest } from './export-metafields.js';
export { GIVE_UP_AFTER_MS } from './paced-api.js';
export { parseRejectLimit } from './run-import.js';
export { importDiscounts, type DiscountImportRequest } from './import-discounts.js';
export { rehearseDiscounts, rehearseGiftCards, rehearseMetafields, rehearseProducts, type OpenRehearsalStore, type RehearsalMode, type RehearsalStore, type StoreCopy } from './rehearsal.js';
export { importAllOrNothing, type ImportRuns } from './all-or-nothing.js';
