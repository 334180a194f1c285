// The bulk runs, one lazy entry point for `metafield import` and `metafield export`: the verb
// checks its flags, calls importMetafields or exportMetafields and hands the report to the exporter.
export { importMetafields, type ImportEnv, type ImportReport, type ImportRequest } from './import-metafields.js';
export { parseShard, type Shard } from './shard.js';
export { exportMetafields, type ExportEnv, type ExportReport, type ExportRequest } from './export-metafields.js';
