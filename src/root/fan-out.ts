// A command run across stores (`--env a,b`, `--env 'prod-*'`, `--group prod`): the command
// runs once a store, each run its own context (its profile, token, rate bucket, guard) on
// streams of its own, and its output is gathered here into one: a leading STORE column for
// tables and TSV, `[{"env", "shop", "exitCode", "result" | "error"}]` for --json, a line a
// record with its `env` for --jsonl. Stores run side by side (--parallel); one that fails
// does not stop the others unless --fail-fast. The first write of any store waits for one
// confirmation naming every store (a terminal's question, else --yes); each store's own
// guards (store.toml's protected, expect_domain, read_only) still apply in its run.
import { PassThrough } from 'node:stream';
import { Collector } from '../core/captured-run.js';
import { ExitCode, UsageError } from '../core/errors.js';
import { escapeLine, writeWithBackpressure, type IO, type Streams } from '../core/io.js';
import { isLosslessNumber, parseJson, toJson } from '../core/json.js';
import type { Env } from '../core/paths.js';
import type { RunReport } from '../bulk/report/run-report.js';
import { createPrompter, confirmOrRequireYes } from '../core/prompts.js';
import { DEFAULT_PARALLEL, selectStores } from '../core/store-selection.js';
import { loadStoreFile } from '../core/store-file.js';

/** One store of a run across stores, as its own run of the command sees it. */
export interface FanOutStore {
  /** The store.toml environment this run goes to. */
  env: string;
  /** Resolves once the writes of the run across stores are confirmed (once for every store); rejects when they are not. */
  beforeFirstWrite(): Promise<void>;
  /** The run across stores' group id: a writing import's journal keeps it, and `store-cli undo GROUP-ID` undoes every store's run. */
  group: string;
  /** Takes the store's run report (--report json=FILE and the other files): the fan-out writes them once, a section a store. */
  report(report: RunReport, skipped: readonly string[]): void;
}

export interface FanOutFlags {
  env?: string;
  group?: string;
  parallel?: number;
  failFast?: boolean;
  yes?: boolean;
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
}

export interface FanOutPlan {
  /** The run's own streams, where the gathered output goes. */
  io: IO;
  env: Env;
  cwd: string;
  signal: AbortSignal;
  /** The wall clock (the group id's time). */
  now: () => Date;
  flags: FanOutFlags;
  /** The command's own options and arguments as given (the files it would write or read from stdin are checked). */
  options: Readonly<Record<string, unknown>>;
  args: readonly unknown[];
  /** What the command was asked to print: --json, --jsonl, or rows and text (a table in a terminal, else TSV). */
  output: 'json' | 'jsonl' | 'text';
  /** Runs the command once, for `store`, on `streams`; resolves with its exit code. */
  runOne(store: FanOutStore, streams: Streams): Promise<number>;
}

interface StoreRun {
  env: string;
  shop: string;
  /** undefined: not run (--fail-fast stopped the run before it). */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  columns: readonly string[] | undefined;
  /** The run report the store's run made, when it made one. */
  report: RunReport | undefined;
  /** Report files the run was refused over (one the run reads, say): never written. */
  reportSkips: readonly string[];
}

/** Runs the command on every store the flags name and prints what they gave; resolves with the run's exit code. */
export async function runAcrossStores(plan: FanOutPlan): Promise<number> {
  const { io, env, flags } = plan;
  refuseOneStoreTargets(flags, env);
  refuseSharedFiles(plan.options);
  refuseStdin(plan.options, plan.args);
  const names = selectStores(flags, await loadStoreFile(plan.cwd));
  const shops = await shopDomains(names, env, plan.cwd);
  const stores = names.map((name, at) => ({ env: name, shop: shops[at]! }));
  const { newGroupId } = await import('../bulk/runs/run-journal.js');
  const group = newGroupId(plan.now());

  // One question for the whole run, asked by the first store about to write; the others wait for its answer.
  let confirmed: Promise<void> | undefined;
  const prompter = createPrompter(io, plan.signal);
  const listed = stores.map((s) => (s.shop === '' ? s.env : `${s.env} (${s.shop})`)).join(', ');
  const confirmWrites = () =>
    (confirmed ??= confirmOrRequireYes(io, prompter, flags.yes, {
      action: `write to ${stores.length} stores (${listed})`,
      question: `Write to ${stores.length} stores: ${listed}?`,
    }));

  let failed: string | undefined;
  const runs = new Map<string, Promise<StoreRun>>();
  const limit = flags.parallel ?? DEFAULT_PARALLEL;
  let running = 0;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };

  for (const store of stores) {
    runs.set(
      store.env,
      (async (): Promise<StoreRun> => {
        await slot();
        try {
          if (failed !== undefined && flags.failFast)
            return {
              ...store,
              exitCode: undefined,
              stdout: '',
              stderr: `not run: --fail-fast stopped the run after ${failed} failed`,
              columns: undefined,
              report: undefined,
              reportSkips: [],
            };
          const run = await runStore(plan, { env: store.env, beforeFirstWrite: confirmWrites, group, report: () => undefined });
          if (run.exitCode !== ExitCode.ok) failed ??= store.env;
          return { ...store, ...run };
        } finally {
          release();
        }
      })(),
    );
  }

  // Printed in the order named, each store as soon as it and those before it are done.
  const done: StoreRun[] = [];
  const printer = printerFor(plan);
  for (const store of stores) {
    const run = await runs.get(store.env)!;
    done.push(run);
    await printer.store(run);
    for (const line of run.stderr.split('\n').filter((l) => l !== '')) io.err(`${run.env}: ${line}\n`);
  }
  await printer.end(done);
  await writeStoreReports(plan, done);
  // Writing imports kept a journal a store, each with the group id: one undo takes them all back.
  if (done.some((run) => /^Run \S+: undo with /m.test(run.stderr))) io.err(`Group ${group}: undo every store's run with store-cli undo ${group}\n`);
  return exitCodeOf(done);
}

/** One store's run on streams of its own: no terminal (TSV, compact JSON, no questions), stdin empty. */
async function runStore(plan: FanOutPlan, store: FanOutStore): Promise<Omit<StoreRun, 'env' | 'shop'>> {
  let report: RunReport | undefined;
  let reportSkips: readonly string[] = [];
  // A run makes one report, as it ended (refused, stopped or done).
  store = {
    ...store,
    report: (made, skipped) => {
      report = made;
      reportSkips = skipped;
    },
  };
  const stdout = new Collector();
  const stderr = new Collector();
  const stdin = new PassThrough();
  stdin.end();
  let columns: readonly string[] | undefined;
  const exitCode = await plan.runOne(store, {
    stdin,
    stdout,
    stderr,
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    onListColumns: (headers) => {
      columns ??= headers;
    },
  });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text(), columns, report, reportSkips };
}

/**
 * The --report files of the run (json, junit, markdown), written once every store's run ended:
 * a section a store, from the report each run made in memory (a store with none is refused
 * in its section, with its error). No store's run writes them: two would write one file.
 */
async function writeStoreReports(plan: FanOutPlan, runs: readonly StoreRun[]): Promise<void> {
  const values = plan.options.report;
  const [{ reportFiles, writeReportFiles }, { acrossStoresReport }] = await Promise.all([
    import('../bulk/report/report-files.js'),
    import('../bulk/report/across-stores.js'),
  ]);
  const files = reportFiles(Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : []);
  if (files.length === 0) return;
  const report = acrossStoresReport(
    runs.map((run) => ({
      store: { env: run.env, shop: run.shop, runId: /^Run (\S+): undo with /m.exec(run.stderr)?.[1] ?? null, exitCode: run.exitCode ?? null },
      report: run.report,
      error: run.exitCode === undefined ? run.stderr : errorOf(run),
    })),
  );
  if (report === undefined) {
    plan.io.err(`warning: no store's run got as far as its report: ${files.map((t) => t.file).join(', ')} not written.\n`);
    return;
  }
  await writeReportFiles(files, report, plan.io.stdout, new Set(runs.flatMap((run) => run.reportSkips)));
}

/** A run across stores goes by store.toml's profiles: a flag or variable naming one store for all of them would send every run there. */
function refuseOneStoreTargets(flags: FanOutFlags, env: Env): void {
  const one = flags.profile !== undefined ? '--profile' : flags.baseUrl !== undefined ? '--base-url' : flags.sandbox ? '--sandbox' : undefined;
  if (one !== undefined) throw new UsageError(`${one} names one store, and ${flags.group !== undefined ? '--group' : '--env'} several: give one of them.`);
  for (const name of ['STORE_CLI_BASE_URL', 'STORE_CLI_TOKEN'] as const) {
    if (env[name] !== undefined && env[name] !== '')
      throw new UsageError(
        `${name} is set, which would send every store's run to one store: unset it to run across stores (their profiles hold each store's URL and token).`,
        false,
      );
  }
}

/** The options naming a file a command writes: every store's run would write the same one. */
const FILE_OPTIONS = ['output', 'rejects', 'results'] as const;

/** A file every store's run would write (and overwrite) is refused: stdout (`-`) is not one. --report's files are the fan-out's own, a section a store. */
function refuseSharedFiles(options: Readonly<Record<string, unknown>>): void {
  for (const name of FILE_OPTIONS) {
    const value = options[name];
    const names = (v: string) => v !== '-';
    const given = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && names(v));
    if (given.length > 0)
      throw new UsageError(
        `--${name} names a file every store's run would write over: a run across stores writes none yet; run one store at a time (--env NAME) to write it.`,
      );
  }
}

/** Stdin (`-` as a file to read) is read once, and each store's run gets an empty one: an import would read nothing and say so as a success. */
function refuseStdin(options: Readonly<Record<string, unknown>>, args: readonly unknown[]): void {
  const isStdin = (value: unknown) => value === '-' || (Array.isArray(value) && value.includes('-'));
  const option = Object.entries(options).find(([name, value]) => name !== 'output' && isStdin(value));
  if (option !== undefined || args.some(isStdin)) {
    throw new UsageError(`A run across stores cannot read stdin (-): it is read once, and each store's run needs the whole of it; give a file.`);
  }
}

/** Each store's shop domain from the files alone (store-cli prompt's: expect_domain, else the host of the profile's store); '' when neither says. */
async function shopDomains(names: readonly string[], env: Env, cwd: string): Promise<string[]> {
  const { promptTarget } = await import('../core/prompt-line.js');
  return Promise.all(names.map((name) => promptTarget({ env: name }, env, cwd).then((t) => t.domain)));
}

/** 0 when every store succeeded; the one code when every store failed alike (a refused confirmation: 2); else 3. */
function exitCodeOf(runs: readonly StoreRun[]): number {
  const codes = new Set(runs.map((r) => r.exitCode ?? ExitCode.partial));
  if (codes.size === 1) return [...codes][0]!;
  return ExitCode.partial;
}

/** The last `error: ...` line a run wrote, else its last line: what --json's `error` says. */
function errorOf(run: StoreRun): string {
  const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  const errors = lines.filter((l) => l.startsWith('error: '));
  return (errors.at(-1)?.slice('error: '.length) ?? lines.at(-1) ?? `exit code ${run.exitCode}`).trim();
}

interface Printer {
  store(run: StoreRun): Promise<void>;
  end(runs: readonly StoreRun[]): Promise<void>;
}

function printerFor(plan: FanOutPlan): Printer {
  const { io } = plan;
  const lines = (text: string) => text.split('\n').filter((line, at, all) => line !== '' || at < all.length - 1);
  switch (plan.output) {
    case 'json':
      return {
        store: async () => undefined,
        async end(runs) {
          const entries = runs.map((run) => {
            const entry: Record<string, unknown> = { env: run.env, shop: run.shop, exitCode: run.exitCode ?? null };
            if (run.exitCode === ExitCode.ok) entry.result = jsonOf(run.stdout);
            else entry.error = run.exitCode === undefined ? run.stderr : errorOf(run);
            return entry;
          });
          io.out(`${toJson(entries, io.isStdoutTTY ? 2 : undefined)}\n`);
        },
      };
    case 'jsonl':
      return {
        async store(run) {
          let text = '';
          for (const line of lines(run.stdout)) {
            const value = jsonOf(line);
            const record = typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value) ? value : { value };
            text += `${toJson({ env: run.env, ...record })}\n`;
          }
          if (text !== '') io.out(text);
        },
        end: async () => undefined,
      };
    case 'text':
      return io.isStdoutTTY ? tablePrinter(io) : tsvPrinter(io, lines);
  }
}

/** Piped: every line a store printed, after its store's name and a tab. */
function tsvPrinter(io: IO, lines: (text: string) => string[]): Printer {
  return {
    async store(run) {
      const text = lines(run.stdout)
        .map((line) => `${run.env}\t${line}\n`)
        .join('');
      if (text !== '') io.out(text);
    },
    end: async () => undefined,
  };
}

/**
 * In a terminal: a listing's rows in one table whose first column is STORE (the columns a
 * store's listing reported); other output (a record, a count) a line at a time after its
 * store's name. The tables are drawn once every store is done, so the columns line up.
 */
function tablePrinter(io: IO): Printer {
  return {
    store: async () => undefined,
    async end(runs) {
      const [{ TableWriter }, { palette }, { terminalWidth, unescapeTsv }] = await Promise.all([
        import('../core/table.js'),
        import('../core/colors.js'),
        import('../core/output.js'),
      ]);
      const width = Math.max(...runs.map((r) => r.env.length), 'STORE'.length);
      const headers = runs.find((r) => r.columns !== undefined)?.columns;
      if (headers !== undefined) {
        type Row = readonly string[];
        const columns = ['STORE', ...headers].map((header, at) => ({ header, value: (row: Row) => row[at] ?? '' }));
        const rows: Row[] = [];
        for (const run of runs) {
          for (const line of run.stdout.split('\n')) if (line !== '') rows.push([run.env, ...line.split('\t').map(unescapeTsv)]);
        }
        if (rows.length > 0) await writeWithBackpressure(io.stdout, new TableWriter({ columns }, palette(io.colorOut), terminalWidth(io), false).render(rows));
        return;
      }
      let text = '';
      for (const run of runs) {
        for (const line of run.stdout.split('\n')) if (line !== '') text += `${run.env.padEnd(width)}  ${line.replace(/\t/g, '  ')}\n`;
      }
      if (text !== '') io.out(text);
    },
  };
}

/** A store's JSON output as a value (numbers kept exact); text that is not one JSON value, as text. */
function jsonOf(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return parseJson(text);
  } catch {
    return escapeLine(text.trimEnd());
  }
}
