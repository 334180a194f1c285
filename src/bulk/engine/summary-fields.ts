// The fields of an import's --json summary, apart from summary.ts so that the command can
// declare them when it registers (on the --help path) without loading the bulk modules.
import type { ExportSummaryJson } from '../kinds/metafields/export.js';
import type { SummaryJson } from './summary.js';
import type { OrderExportSummary } from '../kinds/orders/export.js';

/** --json: exactly these fields. A dry run counts what it would do. */
export const SUMMARY_FIELDS = [
  'rows',
  'created',
  'updated',
  'unchanged',
  'partial',
  'failed',
  'unfinished',
  'requests',
  'refused',
  'elapsedMs',
  'runId',
] as const satisfies readonly (keyof SummaryJson)[];

/** `metafield export --json` (with --output): exactly these fields. */
export const EXPORT_SUMMARY_FIELDS = [
  'objects',
  'rows',
  'failed',
  'unfinished',
  'otherShards',
  'requests',
  'refused',
  'elapsedMs',
] as const satisfies readonly (keyof ExportSummaryJson)[];

/** `order export --json` (with --output): exactly these fields. */
export const ORDER_EXPORT_SUMMARY_FIELDS = [
  'orders',
  'rows',
  'resumedAfter',
  'windowLimited',
  'requests',
  'refused',
  'elapsedMs',
] as const satisfies readonly (keyof OrderExportSummary)[];
