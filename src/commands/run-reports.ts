// --report FORMAT[=FILE] on the bulk verbs: which reports a run writes, checked with its other
// outputs before the run sends anything (bulk/engine/output-check.ts), and written when it ends
// however it ends: a run that stopped early is what CI most needs to show, and a run refused
// before it wrote anything (exit 2) is reported as refused, with its reason. In GitHub Actions
// the github report is chosen by itself.
import { FieldError, UsageError } from '../core/errors.js';
import type { Context } from '../root/context.js';
import type { RunFacts, RunReport } from '../bulk/report/run-report.js';
import type { PlannedOutput } from '../bulk/engine/output-check.js';
import { list } from './verb.js';

import { REPORT_FILE_FORMATS as FILE_FORMATS, type ReportFile } from '../bulk/report/report-files.js';

type FileFormat = ReportFile['format'];

export type ReportTarget = { format: 'github' } | { format: FileFormat; file: string };
type FileReport = Extract<ReportTarget, { file: string }>;

export function reportFlag() {
  return list(
    '<format[=file]>',
    'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; ' +
      'chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; ' +
      'none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store',
  );
}

/** The reports asked for, checked: a bad value or two reports to one name is an error before anything is sent. */
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
        throw new FieldError(
          'report',
          (name) => `${name()} github appends to $GITHUB_STEP_SUMMARY, which is not set: GitHub Actions sets it; elsewhere use markdown=FILE.`,
        );
      if (!targets.some((t) => t.format === 'github')) targets.push({ format: 'github' });
      continue;
    }
    if (!(FILE_FORMATS as readonly string[]).includes(format)) {
      throw new FieldError('report', (name) => `${name()} must be github, junit=FILE, json=FILE, markdown=FILE or none (got '${value}').`);
    }
    if (file === '') throw new FieldError('report', (name) => `${name()} ${format} needs a file to write: ${format}=FILE.`);
    targets.push({ format: format as FileFormat, file });
  }
  const off = given.includes('none');
  if (!off && env.GITHUB_ACTIONS === 'true' && env.GITHUB_STEP_SUMMARY && !targets.some((t) => t.format === 'github')) targets.push({ format: 'github' });
  return targets;
}

/** The report files as outputs of the run, each beside the target it writes (for output-check.ts). */
export function reportOutputs(targets: readonly ReportTarget[]): Array<{ target: FileReport; output: PlannedOutput }> {
  return targets
    .filter((t): t is FileReport => t.format !== 'github')
    .map((target) => ({ target, output: { field: 'report', path: target.file, contract: 'whole', format: target.format } }));
}

export interface WriteOptions {
  /** The github report's annotations (off for `report merge`: each shard's job annotated its own rows). */
  annotate?: boolean;
  /** Report files not to write (a refusal was about them). */
  skip?: ReadonlySet<ReportTarget>;
}

/**
 * Writes every report of the run: files through the run's one writer (whole, never half; a
 * FIFO or /dev/stdout in place), the summary appended, annotations on stderr. A file that
 * cannot be written fails the command once the others are written; what the run did stands.
 * A store's run within a run across stores hands its report to the fan-out instead of writing
 * the files, which the fan-out writes once, a section a store (root/fan-out.ts).
 */
export async function writeReports(targets: readonly ReportTarget[], report: RunReport, ctx: Context, options: WriteOptions = {}): Promise<void> {
  if (targets.length === 0) return;
  const files = targets.filter((t): t is FileReport => t.format !== 'github');
  if (targets.some((t) => t.format === 'github')) await writeGithubReport(report, ctx, options.annotate !== false);
  if (files.length === 0) return;
  const skipped = files.filter((t) => options.skip?.has(t)).map((t) => t.file);
  if (ctx.storeReport !== undefined) ctx.storeReport(report, skipped);
  else {
    const { writeReportFiles } = await import('../bulk/report/report-files.js');
    await writeReportFiles(files, report, ctx.io.stdout, new Set(skipped));
  }
}

async function writeGithubReport(report: RunReport, ctx: Context, annotate: boolean): Promise<void> {
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
  if (!annotate) return;
  // The runner reads workflow commands from stderr as from stdout; stdout stays the --json's.
  const file = workspacePath(report.source, ctx.env.GITHUB_WORKSPACE);
  for (const line of annotations(report, file)) ctx.io.stderr.write(`${line}\n`);
}

/** The reports of one run, from the moment its --report values are read to its end. */
export interface RunReporter {
  readonly targets: readonly ReportTarget[];
  /** What the report says of the run; the shard is added once it is read. */
  readonly facts: RunFacts;
  /** Writes the reports of the run as it ended. */
  write(report: RunReport): Promise<void>;
  /**
   * When `error` refused the run before it wrote anything (exit 2), writes its reports (outcome
   * refused, the reason as its one error), none to an output the refusal was about; `requests`:
   * the reads its checks made. Any other error is left to the caller.
   */
  refusedBy(error: unknown, requests?: number): Promise<void>;
}

export function runReporter(targets: readonly ReportTarget[], facts: RunFacts, ctx: Context): RunReporter {
  const started = performance.now();
  return {
    targets,
    facts,
    write: (report) => writeReports(targets, report, ctx),
    async refusedBy(error, requests = 0) {
      if (!(error instanceof UsageError) || targets.length === 0) return;
      const [{ refusedReport }, { OutputsRefused }] = await Promise.all([import('../bulk/report/run-report.js'), import('../bulk/engine/output-check.js')]);
      const unsafe: ReadonlySet<PlannedOutput> = error instanceof OutputsRefused ? error.unsafe : new Set();
      const skip = new Set<ReportTarget>(
        reportOutputs(targets).flatMap(({ target, output }) => ([...unsafe].some((u) => u.field === 'report' && u.path === output.path) ? [target] : [])),
      );
      // The reason whole: a pre-flight's refusal lists its problems under its own line.
      const reason = [error.message, ...error.details].join('\n');
      const report = refusedReport(facts, reason, requests, Math.round(performance.now() - started));
      try {
        await writeReports(targets, report, ctx, { skip });
      } catch (failure) {
        // The refusal is what the run ends with; a report that could not be written is said beside it.
        ctx.warn(`the report of the refused run could not be written: ${(failure as Error).message}`);
      }
    },
  };
}
