// The report files of a run (--report json=FILE, junit=FILE, markdown=FILE): each drawn from
// the run's report and written whole through the run's one writer (a FIFO or /dev/stdout in
// place). One run's, or a run across stores' (a section a store), written once by the fan-out.
import type { Writable } from 'node:stream';
import type { RunReport } from './run-report.js';

export const REPORT_FILE_FORMATS = ['junit', 'json', 'markdown'] as const;

export interface ReportFile {
  format: (typeof REPORT_FILE_FORMATS)[number];
  file: string;
}

/** `--report` values that name a file (FORMAT=FILE of a file format), as report files; the values are checked by the runs that read them. */
export function reportFiles(values: readonly string[]): ReportFile[] {
  return values.flatMap((value) => {
    const [format = '', ...rest] = value.split('=');
    const file = rest.join('=');
    return (REPORT_FILE_FORMATS as readonly string[]).includes(format) && file !== '' ? [{ format: format as ReportFile['format'], file }] : [];
  });
}

/** The report files of `report` but those in `skip` (a refusal was about them), each whole; the first failure is thrown once every other is written. */
export async function writeReportFiles(
  targets: readonly ReportFile[],
  report: RunReport,
  stdout: Writable,
  skip: ReadonlySet<string> = new Set(),
): Promise<void> {
  const [{ outputTarget }, { writeOutput }, { markdownReport }, { junitReport }] = await Promise.all([
    import('../../core/output-target.js'),
    import('../engine/output-sink.js'),
    import('./markdown.js'),
    import('./junit.js'),
  ]);
  let failure: unknown;
  for (const target of targets) {
    if (skip.has(target.file)) continue;
    const text = target.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : target.format === 'junit' ? junitReport(report) : markdownReport(report);
    try {
      await writeOutput(await outputTarget(target.file), text, {
        field: 'report',
        contract: 'whole',
        stdout,
        what: 'the report',
        afterSending: true,
      });
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}
