// The run as a Markdown table, one row per shard and a total: the `markdown` report, and the
// GitHub job summary (which renders Markdown and HTML, so cells are escaped for both).
import { escapeControls } from '../../core/io.js';
import { formatDuration } from '../engine/import-progress.js';
import { sectionName, totals, type RunReport, type ShardCounts } from './run-report.js';

const n = (value: number | null) => (value === null ? '–' : new Intl.NumberFormat('en-US').format(value));

/** Text safe in a table cell: no line breaks, no pipes, no HTML, control characters shown as escapes. */
export function cell(text: string): string {
  return escapeControls(text.replace(/\r?\n/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/([`*_[\]])/g, '\\$1');
}

const OUTCOME_WORDS = { complete: 'complete', rejects: 'rows rejected', stopped: 'stopped early', refused: 'refused' } as const;

function row(name: string, counts: Omit<ShardCounts, 'shard' | 'store' | 'rejectsFile' | 'reason'>): string {
  const outcome = OUTCOME_WORDS[counts.outcome];
  return (
    `| ${name} | ${n(counts.rows)} | ${n(counts.created)} | ${n(counts.updated)} | ${n(counts.unchanged)} | ` +
    `${n(counts.rejected)} | ${n(counts.requests)} | ${n(counts.refused)} | ${formatDuration(counts.elapsedMs)} | ${outcome} |`
  );
}

/** `### store-cli metafield import: values.csv`, the table, why a refused run was refused, and where the rejected rows are. */
export function markdownReport(report: RunReport): string {
  const lines = [`### store-cli ${cell(report.command)}${report.dryRun ? ' (dry run)' : ''}: ${cell(report.source)}`, ''];
  const section = report.shards.some((s) => s.store !== undefined) ? 'Store' : 'Shard';
  lines.push(`| ${section} | Rows | Created | Updated | Unchanged | Rejected | Requests | Refused (429) | Duration | Outcome |`);
  lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const shard of report.shards) lines.push(row(cell(sectionName(shard) ?? 'all'), shard));
  if (report.shards.length > 1) lines.push(row('**Total**', totals(report)));
  const all = totals(report);
  for (const shard of report.shards) {
    if (shard.reason === null) continue;
    // A reason of several lines (every problem of a file) as a list under its first.
    const [first = '', ...more] = shard.reason.split('\n');
    const who = sectionName(shard) === null ? 'The run' : `${shard.store === undefined ? 'Shard' : 'Store'} ${cell(sectionName(shard)!)}`;
    lines.push('', `${who} was refused before it wrote anything: ${cell(first)}`);
    if (more.length > 0) lines.push('', ...more.map((line) => `- ${cell(line.trim())}`));
  }
  if (all.rejected > 0) {
    const files = [...new Set(report.shards.map((s) => s.rejectsFile).filter((f): f is string => f !== null))];
    const where = files.length > 0 ? `every one is in ${files.map((f) => `\`${cell(f)}\``).join(', ')}` : 'give --rejects FILE to keep every one';
    lines.push('', `${n(all.rejected)} rejected ${all.rejected === 1 ? 'row' : 'rows'}; ${where}.`);
    const first = report.rejects.slice(0, 10);
    if (first.length > 0) {
      lines.push('', `| ${section} | Line | Reason |`, '|---|--:|---|');
      for (const reject of first) lines.push(`| ${cell(sectionName(reject) ?? 'all')} | ${reject.line} | ${cell(reject.reason)} |`);
      if (all.rejected > first.length) lines.push('', `…and ${n(all.rejected - first.length)} more.`);
    }
  }
  return `${lines.join('\n')}\n`;
}
