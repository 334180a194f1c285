// `report merge FILE...`: the --report json files of one run's shards added into one report (and
// written as --report asks), for the job that gathers the shards' results.
import type { RunReport } from '../../bulk/report/run-report.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, variadicArg } from '../verb.js';

const REPORT_FIELDS = ['format', 'version', 'command', 'kind', 'source', 'dryRun', 'shards', 'rejects'] as const satisfies readonly (keyof RunReport)[];

export default defineVerb({
  mutates: false,
  bulk: true,
  name: 'merge',
  summary: 'Add the --report json files of the shards of one run into one report, for a fan-in job',
  args: { files: variadicArg("the shards' report files (--report json=FILE), or - for stdin") },
  flags: {
    report: reportFlag(),
    allowMissing: boolean('exit 0 when a shard has no report (the totals leave it out), instead of 3'),
  },
  json: { fields: REPORT_FIELDS, what: 'the merged report as JSON on stdout (the format --report json writes)' },
  examples: [
    'store-cli report merge shard-*.json',
    'store-cli report merge reports/*.json --report junit=import.xml --report json=import.json',
    'store-cli report merge shard-1.json shard-2.json shard-3.json --json | jq .shards',
  ],
  notes: `
Prints the merged run as a Markdown table (a row per shard and the total; the duration is
  the longest shard's) and its first rejected rows; in GitHub Actions, --report github is
  chosen by itself: the table goes to the job summary (the rows are not annotated again:
  each shard's job annotated its own). Reports of different runs (another command, file or kind) or a
  shard given twice are refused (exit 2); a shard missing is named in a warning. A report of a
  run across stores (--env a,b --report json=FILE) has a section a store: each merges as a
  report of its own, a store's shards with that store's ("sb-a 1/2").
Exit codes: 0 every shard's report is there and ran to its end (rejected rows or not);
  3 a shard is missing (unless --allow-missing), was refused before it wrote anything or
  stopped early: the merged report is written all the same; 2 the reports cannot be merged.
`,
  async run(options, ctx) {
    const out = await ctx.output();
    const [
      { readInputText },
      { mergeReports, missingShards, unfinishedShards, parseReport },
      { markdownReport },
      { reportOutputs, reportTargets, writeReports },
      { checkOutputs },
      { PartialFailureError },
    ] = await Promise.all([
      import('../../core/input-text.js'),
      import('../../bulk/report/merge.js'),
      import('../../bulk/report/markdown.js'),
      import('../run-reports.js'),
      import('../../bulk/engine/output-check.js'),
      import('../../core/errors.js'),
    ]);
    const targets = reportTargets(options.report, ctx.env);
    await checkOutputs(
      reportOutputs(targets).map((r) => r.output),
      {
        stdin: ctx.io.stdin,
        stdout: ctx.io.stdout,
        isStdoutTTY: ctx.io.isStdoutTTY,
        stdoutHolds: 'the merged report goes',
        inputs: options.files.map((path) => ({ path, what: 'a report being merged' })),
      },
    );
    const named = [];
    for (const file of options.files) {
      const name = file === '-' ? 'stdin' : file;
      named.push({ file: name, report: parseReport(await readInputText(file, ctx.io.stdin, name), name) });
    }
    const merged = mergeReports(named);
    const missing = missingShards(merged);
    const unfinished = unfinishedShards(merged);
    const allowed = options.allowMissing === true;
    if (missing.length > 0) ctx.warn(`no report of shard ${missing.join(', ')}: the totals leave ${missing.length === 1 ? 'it' : 'them'} out.`);
    // Each shard's job annotated its own rows already: the merged report does not say them again.
    await writeReports(targets, merged, ctx, { annotate: false });
    if (out.isJson) await out.item(merged, { columns: [] });
    else ctx.io.stdout.write(markdownReport(merged));
    const problems = [
      ...(missing.length > 0 && !allowed ? [`no report of shard ${missing.join(', ')} (--allow-missing accepts that)`] : []),
      ...unfinished.map(({ shard, outcome }) => `shard ${shard} ${outcome === 'refused' ? 'was refused before it wrote anything' : 'stopped early'}`),
    ];
    if (problems.length > 0) throw new PartialFailureError(`The run is not complete: ${problems.join('; ')}.`);
  },
});
