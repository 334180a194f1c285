// --report FORMAT[=FILE] on the bulk verbs: which reports a run writes, checked before the
// run sends anything, and written when it ends (however it ends: a run that stopped early
// is what CI most needs to show). In GitHub Actions the github report is chosen by itself.
import { FieldError } from '../core/errors.js';
import type { Context } from '../root/context.js';
import type { RunReport } from '../bulk/report/run-report.js';
import type { RateGovernor, RequestCounts } from '../core/rate-governor.js';
import { list } from './verb.js';

const FILE_FORMATS = ['junit', 'json', 'markdown'] as const;
type FileFormat = (typeof FILE_FORMATS)[number];

export type ReportTarget = { format: 'github' } | { format: FileFormat; file: string };

export function reportFlag() {
  return list(
    '<format[=file]>',
    'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off',
  );
}

/** The reports asked for, checked: a bad value or two reports to one file is an error before anything is sent. */
export function reportTargets(values: readonly string[] | undefined, env: NodeJS.ProcessEnv): ReportTarget[] {
  const given = values ?? [];
  const targets: ReportTarget[] = [];
  for (const value of given) {
    const [format = '', ...rest] = value.split('=');
    const file = rest.join('=');
    if (format === 'none' && file === '') continue;
    if (format === 'github') {
      if (rest.length > 0) throw new FieldError('report', (name) => `${name()} github writes to $GITHUB_STEP_SUMMARY and takes no file (got '${value}').`);
      if (!env.GITHUB_STEP_SUMMARY)
        throw new FieldError('report', (name) => `${name()} github appends to $GITHUB_STEP_SUMMARY, which is not set: GitHub Actions sets it; elsewhere use markdown=FILE.`);
      if (!targets.some((t) => t.format === 'github')) targets.push({ format: 'github' });
      continue;
    }
    if (!(FILE_FORMATS as readonly string[]).includes(format)) {
      throw new FieldError('report', (name) => `${name()} must be github, junit=FILE, json=FILE, markdown=FILE or none (got '${value}').`);
    }
    if (file === '') throw new FieldError('report', (name) => `${name()} ${format} needs a file to write: ${format}=FILE.`);
    const twice = targets.find((t) => t.format !== 'github' && t.file === file);
    if (twice !== undefined) throw new FieldError('report', (name) => `${name()} names ${file} twice (${twice.format} and ${format}): give each report its own file.`);
    targets.push({ format: format as FileFormat, file });
  }
  const off = given.includes('none');
  if (!off && env.GITHUB_ACTIONS === 'true' && env.GITHUB_STEP_SUMMARY && !targets.some((t) => t.format === 'github')) targets.push({ format: 'github' });
  return targets;
}

/** Refuses a report file that is a file the run reads or writes (the import's file, --rejects, --output). */
export async function checkReportFiles(targets: readonly ReportTarget[], others: ReadonlyArray<{ path: string | undefined; what: string }>): Promise<void> {
  const { identityOfPath, sameFile } = await import('../core/file-identity.js');
  for (const target of targets) {
    if (target.format === 'github') continue;
    const identity = await identityOfPath(target.file);
    for (const other of others) {
      if (other.path === undefined || other.path === '-') continue;
      if (other.path === target.file || (identity !== undefined && sameFile(identity, await identityOfPath(other.path)))) {
        throw new FieldError('report', (name) => `${name()} ${target.format}=${target.file} is ${other.what}: a report must not write over it; give another file.`);
      }
    }
  }
}

/** Writes every report of the run: files whole (a reader never sees half), the summary appended, annotations on stderr. */
export async function writeReports(targets: readonly ReportTarget[], report: RunReport, ctx: Context): Promise<void> {
  if (targets.length === 0) return;
  const [{ writeFileAtomically }, { markdownReport }, { junitReport }] = await Promise.all([import('../core/atomic-file.js'), import('../bulk/report/markdown.js'), import('../bulk/report/junit.js')]);
  for (const target of targets) {
    if (target.format === 'github') {
      await writeGithubReport(report, ctx);
      continue;
    }
    const text = target.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : target.format === 'junit' ? junitReport(report) : markdownReport(report);
    await writeFileAtomically(target.file, text, { overwrite: true, flag: '--report' });
  }
}

async function writeGithubReport(report: RunReport, ctx: Context): Promise<void> {
  const [{ appendFile }, { annotations, workspacePath }, { markdownReport }] = await Promise.all([
    import('node:fs/promises'),
    import('../bulk/report/github.js'),
    import('../bulk/report/markdown.js'),
  ]);
  const summaryPath = ctx.env.GITHUB_STEP_SUMMARY;
  if (summaryPath) {
    try {
      await appendFile(summaryPath, `${markdownReport(report)}\n`);
    } catch (error) {
      ctx.warn(`cannot append the job summary to $GITHUB_STEP_SUMMARY (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
  }
  // The runner reads workflow commands from stderr as from stdout; stdout stays the --json's.
  const file = workspacePath(report.source, ctx.env.GITHUB_WORKSPACE);
  for (const line of annotations(report, file)) ctx.io.stderr.write(`${line}\n`);
}

/** An export's --report, set up before anything is sent: the targets, checked against its files. */
export interface ExportReports {
  targets: ReportTarget[];
  /** The export's own governor: its requests and 429s are the report's (pass it in the export's API tuning). */
  governor: RateGovernor;
  /** Writes the reports: `rows` written, `stopped` when the export failed or was interrupted; `counted`: requests a governor of the export's own counted (else this one's). */
  tell(rows: number, stopped: boolean, counted?: RequestCounts): Promise<void>;
}

/**
 * The reports of an export (`giftcard export`): `output` is the --output path (undefined for
 * stdout), checked with `files` (what else the export reads or writes) before any request.
 */
export async function exportReports(
  values: readonly string[] | undefined,
  ctx: Context,
  facts: { command: string; output: string | undefined; files?: ReadonlyArray<{ path: string | undefined; what: string }> },
): Promise<ExportReports> {
  const targets = reportTargets(values, ctx.env);
  await checkReportFiles(targets, [{ path: facts.output, what: 'the --output file' }, ...(facts.files ?? [])]);
  const { RateGovernor: Governor } = await import('../core/rate-governor.js');
  const governor = new Governor({ signal: ctx.signal, clock: ctx.clock });
  const started = performance.now();
  return {
    targets,
    governor,
    tell: async (rows, stopped, counted) => {
      if (targets.length === 0) return;
      const { runReport } = await import('../bulk/report/run-report.js');
      const { sent: requests, rateLimited: refused } = counted ?? governor.counts;
      const counts = { rows, created: null, updated: null, unchanged: null, rejected: 0, unfinished: 0, requests, refused, elapsedMs: Math.round(performance.now() - started) };
      await writeReports(targets, runReport({ command: facts.command, kind: 'export', source: facts.output ?? 'stdout', dryRun: false }, counts, stopped, []), ctx);
    },
  };
}
