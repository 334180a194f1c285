// The report of a run across stores (`--env a,b --report json=FILE`): one document, a section
// a store (its env, shop, run id and exit code beside its counts), drawn from the report each
// store's run made in memory. A store whose run made none (it failed before its run began, or
// --fail-fast kept it from starting) has a section all the same, refused with its error.
import { refusedReport, type ReportedStore, type RunReport } from './run-report.js';

export interface StoreOutcome {
  store: ReportedStore;
  /** The report the store's run made; undefined when it made none. */
  report: RunReport | undefined;
  /** Why the store's run failed, for a store with no report. */
  error: string;
}

/** The stores' reports as one, in the order the stores were named; undefined when no store's run got as far as its report. */
export function acrossStoresReport(outcomes: readonly StoreOutcome[]): RunReport | undefined {
  const first = outcomes.find((o) => o.report !== undefined)?.report;
  if (first === undefined) return undefined;
  const facts = { command: first.command, kind: first.kind, source: first.source, dryRun: first.dryRun };
  const sections = outcomes.map(({ store, report, error }) => {
    const own = report ?? refusedReport(facts, error, 0, 0);
    return {
      shards: own.shards.map((shard) => ({ store, ...shard })),
      rejects: own.rejects.map((reject) => ({ ...reject, store: store.env })),
    };
  });
  return { ...first, shards: sections.flatMap((s) => s.shards), rejects: sections.flatMap((s) => s.rejects) };
}
