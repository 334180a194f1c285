// How request log entries read in a table (a terminal) or as TSV rows (piped); --json shows the entries.
import type { SandboxLogEntry } from '../../api/sandbox-control/log-schema.js';
import type { Palette } from '../../core/colors.js';
import { listView, type Column, type View } from '../../core/output.js';

export type LogColumn = 'time' | 'method' | 'path' | 'status' | 'ms' | 'tokenLast4';

/** 2xx green, 3xx and 4xx yellow, 5xx and no answer (0) red. */
function statusStyle(text: string, colors: Palette, entry: SandboxLogEntry): string {
  if (entry.status >= 200 && entry.status < 300) return colors.green(text);
  if (entry.status >= 300 && entry.status < 500) return colors.yellow(text);
  return colors.red(text);
}

/** A request's path and query; a webhook delivery's topic and URL. */
function target(entry: SandboxLogEntry): string {
  const where = entry.query === '' ? entry.path : `${entry.path}?${entry.query}`;
  if (entry.kind !== 'webhook') return where;
  const retry = entry.attempt !== undefined && entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
  return `webhook ${entry.topic ?? ''} -> ${where}${retry}`;
}

/**
 * The columns in `order`. A table shows the time of day (UTC, to the millisecond) and the
 * token as `…abcd`; TSV rows keep the full ISO time and the bare last 4 characters.
 */
export function logView(order: readonly LogColumn[], table: boolean): View<SandboxLogEntry> {
  const columns: Record<LogColumn, Column<SandboxLogEntry>> = {
    time: { header: 'TIME', value: (e) => (table ? (/T(\d\d:\d\d:\d\d(?:\.\d+)?)/.exec(e.time)?.[1] ?? e.time) : e.time) },
    method: { header: 'METHOD', value: (e) => e.method },
    path: { header: 'PATH', value: target, shrinkable: true },
    status: { header: 'STATUS', value: (e) => String(e.status), style: statusStyle },
    ms: { header: 'MS', value: (e) => String(e.ms) },
    tokenLast4: {
      header: 'TOKEN',
      value: (e) => (table && e.tokenLast4 !== '' ? `…${e.tokenLast4}` : e.tokenLast4),
      style: (text, colors) => colors.dim(text),
    },
  };
  return listView(columns, order, ['tokenLast4']);
}
