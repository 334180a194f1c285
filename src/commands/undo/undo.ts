// `store-cli undo RUN-ID`: a writing import's journal turned into a plan (bulk/runs/undo.ts), asked
// for, then carried out at the store's pace; a group id undoes each store's run of an import
// across stores.
import type { UndoCounts, UndoPlan, UndoStep } from '../../bulk/runs/undo.js';
import { IMPORT_CONCURRENCY } from '../../core/defaults.js';
import { CancelledError, CliError, PartialFailureError, UsageError } from '../../core/errors.js';
import type { Context } from '../../root/context.js';
import { arg, boolean, defineVerb, whole } from '../verb.js';
import { storeName } from '../runs/runs.js';

const UNDO_FIELDS = ['runId', 'restored', 'deleted', 'disabled', 'cancelled', 'asBefore', 'leftAlone', 'failed'] as const;

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  bulk: true,
  summary: 'Put back what a writing import or an applied MCP plan changed, from its journal (store-cli runs lists them): planned, asked, paced, resumable',
  args: {
    runId: arg(
      'the run id an import printed ("Run 20261127T210512Z-3f9a: undo with …"), as `store-cli runs` lists it, ' +
        'or the group id of an import across stores ("Group g-20261127T210512Z-3f9a: …"): each store\'s run',
    ),
  },
  flags: {
    yes: boolean('undo without asking (required without a terminal)'),
    dryRun: boolean('print the plan (what would be restored, deleted, disabled, cancelled or left alone): reads the store, writes nothing'),
    force: boolean('also put back keys changed by someone else since the run (by default they are reported and left alone)'),
    concurrency: whole('<n>', `requests in flight, 1..${IMPORT_CONCURRENCY.max} (default ${IMPORT_CONCURRENCY.builtIn}); the store's rate limit paces them`, {
      min: 1,
      max: IMPORT_CONCURRENCY.max,
    }),
  },
  json: {
    fields: UNDO_FIELDS,
    what:
      `the counts {${UNDO_FIELDS.map((f) => `"${f}"`).join(', ')}} as JSON on stdout ` +
      `(asBefore: keys already as before the run; leftAlone: changed since, or not undoable)`,
  },
  examples: ['store-cli undo 20261127T210512Z-3f9a --dry-run', 'store-cli undo 20261127T210512Z-3f9a', 'store-cli undo "$RUN_ID" --yes --json'],
  notes: `
What each key the run wrote held before is in its journal: a metafield value is restored,
  or deleted when the run created it; a gift card's balance, note and expiry are restored;
  a card the run created is disabled (the API deletes no card), and a card it disabled
  stays disabled (a disabled card cannot be enabled again): both are said. A product the
  run changed is put back whole (variants, options and stock), one it created is deleted.
  A discount the run created is deleted, one it changed gets its fields back; a code added
  to a service discount the run did not make stays (the API deletes no code): said. A
  fulfillment the run created is cancelled (the API deletes none): its lines are left to
  ship again; one whose tracking number changed since is left alone unless --force.
A key that holds neither what the run wrote nor what it replaced was changed by someone
  else since: it is named and left alone, unless --force. So is a card or product the run
  created that holds other values than the run gave it (a card used since is never
  disabled under its holder), and a key an earlier undo put back that changed after it.
A key already as before is left as it is, so an undo run twice changes nothing the second
  time, and an undo stopped part-way (Ctrl-C, a crash) finishes when run again. A key whose
  create's answer was lost, and which the run may or may not have made, is named, not
  guessed. A run whose import is still writing is refused until that import has ended.
Exit codes: 0 every key as before the run; 3 some keys were left alone or refused (named
  on stderr); 2 no such run, a run still writing or whose meta.json is damaged, or another
  undo of it under way; 1 the store failed.
`,
  async run(options, ctx) {
    const out = await ctx.output();
    const { RUN_ID_PATTERN, GROUP_ID_PATTERN } = await import('../../bulk/runs/run-journal.js');
    if (GROUP_ID_PATTERN.test(options.runId)) return undoGroup(options.runId, options, ctx, out);
    if (!RUN_ID_PATTERN.test(options.runId))
      throw new UsageError(
        `<runId> must be a run id such as 20261127T210512Z-3f9a, as \`store-cli runs\` lists them, ` +
          `or a group id such as g-20261127T210512Z-3f9a (got '${options.runId}').`,
      );
    const counts = await undoRun(options.runId, options, ctx);
    await finish(out, ctx, options.runId, counts, options.dryRun === true);
  },
});

interface UndoOptions {
  yes?: boolean | undefined;
  dryRun?: boolean | undefined;
  force?: boolean | undefined;
  concurrency?: number | undefined;
}

/** One run undone (or, with --dry-run, planned) against the store `ctx` names, which must be the run's. */
async function undoRun(runId: string, options: UndoOptions, ctx: Context): Promise<UndoCounts> {
  const [{ loadRun, planUndo, runUndo, lockRun, countSteps, recordUndo }, { openPacedApi }, { confirmOrRequireYes }, { bulkEnv }] = await Promise.all([
    import('../../bulk/runs/undo.js'),
    import('../../bulk/engine/paced-api.js'),
    import('../../core/prompts.js'),
    import('../bulk-env.js'),
  ]);
  const { dir, meta, entries, unreadable } = await loadRun(await ctx.dataDir(), runId);
  await checkSameStore(ctx, meta.store);
  const release = options.dryRun ? async () => undefined : await lockRun(dir);
  try {
    const concurrency = options.concurrency ?? IMPORT_CONCURRENCY.builtIn;
    const paced = await openPacedApi(await bulkEnv(ctx), concurrency);
    const plan = await ctx.spin('Reading what the run wrote…', () => planUndo(dir, meta, entries, paced, options.force === true, unreadable));
    for (const line of planLines(plan)) ctx.say(line);
    const steps = countSteps(plan.steps);
    const writes = steps.restore + steps.delete + steps.disable + steps.cancel;
    if (options.dryRun || writes === 0) {
      if (options.dryRun) ctx.say('Dry run: nothing was sent.');
      // A dry run counts what the undo would do.
      const counts: UndoCounts = {
        restored: steps.restore,
        deleted: steps.delete,
        disabled: steps.disable,
        cancelled: steps.cancel,
        asBefore: steps['as-before'] + steps.done,
        leftAlone: steps.changed + steps.cannot,
        failed: 0,
      };
      if (!options.dryRun) await recordUndo(dir, meta, counts);
      return counts;
    }
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `undo run ${runId}`,
      question: `Undo run ${runId} on ${storeName(meta.store)} (${writes} ${writes === 1 ? 'write' : 'writes'})?`,
    });
    return await runUndo(dir, plan, concurrency, ctx.signal, (line) => ctx.say(line));
  } finally {
    await release();
  }
}

/**
 * The runs of a run across stores (`store-cli undo GROUP-ID`), one after another, each on its
 * own store (its profile, as the run's journal names it): a run that cannot be undone is
 * named and the others still are. --json: an entry a run, its counts or its error.
 */
async function undoGroup(group: string, options: UndoOptions, ctx: Context, out: Awaited<ReturnType<Context['output']>>): Promise<void> {
  const { runsOfGroup } = await import('../../bulk/runs/run-journal.js');
  const runs = await runsOfGroup(await ctx.dataDir(), group);
  if (runs.length === 0)
    throw new UsageError(`No run of group ${group} is kept (\`store-cli runs\` lists the runs; journals are kept 30 days): nothing was sent.`);
  const entries: Array<Record<string, unknown>> = [];
  let incomplete = 0;
  for (const meta of runs) {
    ctx.say(`Run ${meta.runId} of group ${group}, on ${storeName(meta.store)}:`);
    try {
      const counts = await undoRun(meta.runId, options, ctx.forProfile(meta.store.profile));
      if (!options.dryRun) ctx.say(undoneLine(meta.runId, counts));
      if (counts.leftAlone > 0 || counts.failed > 0) incomplete++;
      entries.push({ runId: meta.runId, profile: meta.store.profile, ...counts });
    } catch (error) {
      if (!(error instanceof CliError) || ctx.signal.aborted) throw error;
      incomplete++;
      ctx.say(`error: ${error.message}`);
      entries.push({ runId: meta.runId, profile: meta.store.profile, error: error.message });
    }
  }
  if (out.isJson) await out.item(entries, { columns: [] });
  if (ctx.signal.aborted) throw new CancelledError();
  if (incomplete > 0 && !options.dryRun)
    throw new PartialFailureError(`${incomplete} of group ${group}'s ${runs.length} runs are not wholly as before (see above).`);
}

function undoneLine(runId: string, counts: UndoCounts): string {
  return (
    `Undo of ${runId}: ${counts.restored} restored, ${counts.deleted} deleted, ${counts.disabled} disabled, ${counts.cancelled} cancelled, ` +
    `${counts.asBefore} already as before, ${counts.leftAlone} left alone, ${counts.failed} refused.`
  );
}

/** The plan for people: counts, then each key left alone and why. */
function planLines(plan: UndoPlan): string[] {
  const by = (action: UndoStep['action']) => plan.steps.filter((s) => s.action === action);
  const lines = [
    `Run ${plan.meta.runId} (${plan.meta.command} ${plan.meta.file}, ${plan.meta.started}) ` +
      `wrote ${plan.steps.length} ${plan.steps.length === 1 ? 'key' : 'keys'}:`,
  ];
  const say = (action: UndoStep['action'], what: string) => {
    const steps = by(action);
    if (steps.length > 0) lines.push(`  ${what}: ${steps.length}`);
  };
  say('restore', 'to restore');
  say('delete', 'to delete (absent before the run)');
  say('disable', 'to disable (cards the run created: the API deletes no card)');
  say('cancel', 'to cancel (fulfillments the run created: the API deletes none)');
  say('as-before', 'already as before');
  say('done', 'undone by an earlier undo');
  say('changed', 'changed since the run, left alone (--force puts them back)');
  say('cannot', 'cannot be undone');
  for (const step of [...by('changed'), ...by('cannot'), ...by('disable')].slice(0, 20)) lines.push(`  ${step.key}: ${step.note ?? step.action}`);
  return lines;
}

async function finish(out: Awaited<ReturnType<Context['output']>>, ctx: Context, runId: string, counts: UndoCounts, dryRun: boolean): Promise<void> {
  if (!dryRun) ctx.say(undoneLine(runId, counts));
  if (out.isJson) await out.item({ runId, ...counts }, { columns: [] });
  // Interrupted: what was undone is kept (undo.jsonl), and a re-run finishes.
  if (ctx.signal.aborted) throw new CancelledError();
  if (!dryRun && (counts.leftAlone > 0 || counts.failed > 0))
    throw new PartialFailureError(`${counts.leftAlone + counts.failed} of the run's keys are not as before it (see above).`);
}

/** The undo goes to the store the run wrote to: another profile or base URL is refused (nothing sent). */
async function checkSameStore(ctx: Context, store: { profile: string; baseUrl?: string; sandbox?: boolean }): Promise<void> {
  const { runStore } = await import('../bulk-env.js');
  const here = await runStore(ctx);
  const same = here.profile === store.profile && Boolean(here.sandbox) === Boolean(store.sandbox) && here.baseUrl === store.baseUrl;
  if (!same)
    throw new UsageError(
      `The run wrote to ${storeName(store)}, not to ${storeName(here)}: undo it against the same store (--profile, --base-url, --sandbox); nothing was sent.`,
    );
}
