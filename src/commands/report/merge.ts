import type { RunReport } from '../../bulk/report/run-report.js';
import { reportFlag } from '../run-reports.js';
import { defineVerb, variadicArg } from '../verb.js';

const REPORT_FIELDS = ['format', 'version', 'command', 'kind', 'source', 'dryRun', 'shards', 'rejects'] as const satisfies readonly (keyof RunReport)[];

export default defineVerb({
  name: 'merge',
  summary: 'Add the --report json files of the shards of one run into one report, for a fan-in job',
  args: { files: variadicArg("the shards' report files (--report json=FILE), or - for stdin") },
  flags: { report: reportFlag() },
  json: { fields: REPORT_FIELDS, what: 'the merged report as JSON on stdout (the format --report json writes)' },
  examples: [
    'store-cli report merge shard-*.json',
    'store-cli report merge reports/*.json --report junit=import.xml --report json=import.json',
    'store-cli report merge shard-1.json shard-2.json shard-3.json --json | jq .shards',
  ],
  notes: `
Prints the merged run as a Markdown table (a row per shard and the total; the duration is
  the longest shard's) and its first rejected rows; in GitHub Actions, --report github is
  chosen by itself: the table goes to the job summary and the first 10 rejected rows are
  annotated on the file. Reports of different runs (another command, file or kind) or a
  shard given twice are refused (exit 2); a shard missing is named in a warning.
`,
  async run(options, ctx) {
    const out = await ctx.output();
    const [{ readInputText }, { mergeReports, missingShards, parseReport }, { markdownReport }, { reportTargets, writeReports, checkReportFiles }] = await Promise.all([
      import('../../core/input-text.js'),
      import('../../bulk/report/merge.js'),
      import('../../bulk/report/markdown.js'),
      import('../run-reports.js'),
    ]);
    const targets = reportTargets(options.report, ctx.env);
    await checkReportFiles(
      targets,
      options.files.map((path) => ({ path, what: 'a report being merged' })),
    );
    const named = [];
    for (const file of options.files) {
      const name = file === '-' ? 'stdin' : file;
      named.push({ file: name, report: parseReport(await readInputText(file, ctx.io.stdin, name), name) });
    }
    const merged = mergeReports(named);
    const missing = missingShards(merged);
    if (missing.length > 0) ctx.warn(`no report of shard ${missing.join(', ')}: the totals leave ${missing.length === 1 ? 'it' : 'them'} out.`);
    await writeReports(targets, merged, ctx);
    if (out.isJson) await out.item(merged, { columns: [] });
    else ctx.io.stdout.write(markdownReport(merged));
  },
});
