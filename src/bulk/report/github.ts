// GitHub Actions: the job summary (Markdown appended to $GITHUB_STEP_SUMMARY) and an
// `::error` annotation for each of the first rejected rows, which the run page shows on
// the file's line. GitHub shows at most 10 error annotations a step: the rest are counted
// in one notice that says where they are.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { escapeControls } from '../../core/io.js';
import { totals, type RunReport } from './run-report.js';

export const ANNOTATED_REJECTS = 10;

/** A workflow command's message: %, CR and LF escaped as the runner expects, other control characters shown as escapes. */
function message(text: string): string {
  return escapeControls(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** A workflow command's property value: also `:` and `,`, which end a property. */
function property(text: string): string {
  return message(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The file as the run page names it: relative to the checkout (GITHUB_WORKSPACE) when inside it, with forward slashes. */
export function workspacePath(file: string, workspace: string | undefined): string {
  if (workspace === undefined || workspace === '') return file;
  const inside = relative(workspace, resolve(file));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return file;
  return inside.split(sep).join('/');
}

/** The annotation lines: an error for a refused run (its reason), an error per rejected row (the first 10), then a notice counting the rest. */
export function annotations(report: RunReport, file: string): string[] {
  const refusals = report.shards.flatMap((shard) =>
    shard.outcome === 'refused'
      ? [
          `::error file=${property(file)},title=${property(`store-cli ${report.command}: run refused`)}` +
            `::${message(shard.reason ?? 'refused before it wrote anything')}`,
        ]
      : [],
  );
  const title = property(`store-cli ${report.command}: row rejected`);
  const lines = report.rejects
    .slice(0, ANNOTATED_REJECTS)
    .map((reject) => `::error file=${property(file)},line=${reject.line},title=${title}::${message(reject.reason)}`);
  const rest = totals(report).rejected - lines.length;
  if (rest > 0) {
    const files = [...new Set(report.shards.map((s) => s.rejectsFile).filter((f): f is string => f !== null))];
    const where = files.length > 0 ? `in ${files.join(', ')}` : '(run with --rejects FILE to keep every one)';
    lines.push(`::notice title=${title}::${message(`${rest} more rejected ${rest === 1 ? 'row' : 'rows'} ${where}`)}`);
  }
  return [...refusals, ...lines];
}
