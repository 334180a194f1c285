// The bulk imports, one lazy entry point for `metafield import` and `giftcard import`: the
// verb checks its flags, calls the import and hands the report to the exporter.
export { importMetafields, type ImportEnv, type ImportReport, type ImportRequest } from './import-metafields.js';
export { importGiftCards, type GiftCardImportRequest } from './import-gift-cards.js';
export { parseShard, type Shard } from './shard.js';
