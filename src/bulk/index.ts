// The bulk runs, one lazy entry point for `metafield import`, `giftcard import` and
// `metafield export`: the verb checks its flags, calls the run and hands the report to the exporter.
export { importMetafields, type ImportEnv, type ImportReport, type ImportRequest } from './import-metafields.js';
export { importGiftCards, type GiftCardImportRequest } from './import-gift-cards.js';
export { parseShard, type Shard } from './shard.js';
export { exportMetafields, type ExportEnv, type ExportReport, type ExportRequest } from './export-metafields.js';
export { GIVE_UP_AFTER_MS } from './paced-transport.js';
