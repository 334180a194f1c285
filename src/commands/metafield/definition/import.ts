// `metafield definition import FILE`: the definitions of a JSON file (as definition export writes
// it), checked whole first, then each created, updated or left alone
// (bulk/kinds/metafield-definitions), with a summary and --report.
import type { FileDefinition } from '../../../api/metafield-definitions/schema.js';
import type { DefinitionSummary } from '../../../bulk/kinds/metafield-definitions/import.js';
import type { Context } from '../../../root/context.js';
import { PartialFailureError } from '../../../core/errors.js';
import { IMPORT_VERB } from '../../bulk-import.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { reportFlag } from '../../run-reports.js';
import { arg, defineVerb } from '../../verb.js';

const SUMMARY_FIELDS: readonly (keyof DefinitionSummary)[] = ['created', 'updated', 'unchanged', 'failed'];

export default defineVerb({
  ...IMPORT_VERB,
  summary:
    'Copy metafield definitions from a JSON file (as `definition export` writes) into the store: ' +
    'creates what is missing, updates what differs, skips what is equal',
  args: { file: arg('the definitions file, or - for stdin') },
  flags: { dryRun: dryRunFlag(), report: reportFlag() },
  json: { fields: SUMMARY_FIELDS, what: 'the summary {created, updated, unchanged, failed} as JSON on stdout' },
  examples: [
    'store-cli metafield definition import definitions.json',
    'store-cli metafield definition import definitions.json --dry-run',
    'cat definitions.json | store-cli --profile production metafield definition import - --json',
  ],
  notes: `
The file is {"definitions": [...]}: domain, namespace, code, definitionName, fieldType and
optionally description, multi, schemaRule, optionMap, pinned. It is checked whole first: a
problem names the JSON path, exits 2 and sends nothing. Then each domain's definitions are
read once, and each entry is created, updated (sent whole) or left alone. A re-run changes nothing.
Exit codes: 0 every definition applied; 3 some failed (each named on stderr, the rest applied).
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    // --json's fields are checked first, before the file is read.
    const out = options.dryRun ? undefined : await ctx.output();
    const [{ reportOutputs, reportTargets, runReporter }, { checkOutputs }] = await Promise.all([
      import('../../run-reports.js'),
      import('../../../bulk/engine/output-check.js'),
    ]);
    const targets = reportTargets(options.report, ctx.env);
    const source = options.file === '-' ? 'stdin' : options.file;
    const reports = runReporter(targets, { command: 'metafield definition import', kind: 'import', source, dryRun: options.dryRun === true }, ctx);
    let definitions: FileDefinition[];
    try {
      await checkOutputs(
        reportOutputs(targets).map((r) => r.output),
        {
          stdin: ctx.io.stdin,
          stdout: ctx.io.stdout,
          isStdoutTTY: ctx.io.isStdoutTTY,
          stdoutHolds: out?.isJson === true ? 'the --json summary goes' : undefined,
          inputs: [{ path: options.file, what: 'the file being imported' }],
        },
      );
      definitions = await readFile(options.file, ctx);
    } catch (error) {
      await reports.refusedBy(error);
      throw error;
    }
    const [{ importDefinitions }, { RateGovernor }] = await Promise.all([
      import('../../../bulk/kinds/metafield-definitions/import.js'),
      import('../../../core/rate-governor.js'),
    ]);
    const summary: DefinitionSummary = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const told = () => `Definitions: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed.`;
    const failed = (name: string, error: Error) => ctx.say(`error: ${name}: ${error.message}`);
    // A governor of its own counts the run's requests for its report.
    const governor = new RateGovernor({ signal: ctx.signal, clock: ctx.clock });
    const started = performance.now();
    /** The run's report (--report): the definitions are its rows, each failed one rejected. */
    const report = async (stopped: boolean) => {
      if (targets.length === 0) return;
      const { runReport } = await import('../../../bulk/report/run-report.js');
      const { created, updated, unchanged, failed: rejected } = summary;
      const { sent: requests, rateLimited: refused } = governor.counts;
      const counts = {
        rows: definitions.length,
        created,
        updated,
        unchanged,
        rejected,
        unfinished: definitions.length - created - updated - unchanged - rejected,
        requests,
        refused,
        elapsedMs: Math.round(performance.now() - started),
      };
      await reports.write(runReport(reports.facts, counts, stopped, []));
    };
    if (options.dryRun) {
      const { runDry } = await import('../../dry-run.js');
      const wrote = (action: string, name: string) => ctx.say(`would ${action} ${name}`);
      await runDry(
        ctx,
        options,
        (api) => importDefinitions(api, definitions, summary, { wrote, failed }),
        'every definition is equal already, so nothing would be sent',
        true,
        governor,
      );
      await report(false);
      return;
    }
    const api = await ctx.api({ governor });
    try {
      await ctx.spin('Importing metafield definitions…', () => importDefinitions(api, definitions, summary, { failed }));
    } catch (error) {
      // Interrupted or stopped: what was done so far is said before the error.
      if (summary.created + summary.updated + summary.failed > 0) ctx.say(`${told()} (stopped before the end)`);
      await report(true);
      throw error;
    }
    await report(false);
    if (out?.isJson === true) await out.item(summary, { columns: [] });
    ctx.say(told());
    if (summary.failed > 0)
      throw new PartialFailureError(
        `${summary.failed} of ${definitions.length} definitions failed; the others were applied. Fix them and run the import again.`,
      );
  },
});

/** The whole file, checked before anything is sent (exit 2 naming the JSON path). */
async function readFile(path: string, ctx: Context): Promise<FileDefinition[]> {
  const source = path === '-' ? 'stdin' : path;
  const [{ parseJsonInput, readInputText }, { checkDefinitionsFile }] = await Promise.all([
    import('../../../core/input-text.js'),
    import('../../../api/metafield-definitions/schema.js'),
  ]);
  return checkDefinitionsFile(parseJsonInput(await readInputText(path, ctx.io.stdin, source), source), source);
}
