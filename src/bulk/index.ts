// The bulk import, one lazy entry point for `metafield import`: the verb checks its flags,
// calls importMetafields and hands the report to the exporter.
export { importMetafields, type ImportEnv, type ImportReport, type ImportRequest } from './import-metafields.js';
export { parseShard, type Shard } from './shard.js';
