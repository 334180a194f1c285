// One discount code import (`discount import FILE --discount ID`): the file checked whole
// before anything is sent (a pre-flight pass that also makes the codes of rows without one),
// the discount read (it must take codes) with its codes, then the rows run through the
// import engine as discount codes. stdin is read once into a private temporary file, as
// the file is read twice (giftcard import does the same).
import { AuthError, CancelledError, NetworkError, UsageError } from '../core/errors.js';
import { scalarText } from '../core/json.js';
import { plural, pluralWord } from '../core/words.js';
import { checkCodesOut, codesOutPlace, generateCodes, writeCodesFile } from './codes-out.js';
import { CsvSyntaxError } from './csv-rows.js';
import { DISCOUNT_CODE_REJECTS, discountCodeKind, indexWorthIt, readCodeIndex, type CodeIndex } from './discount-code-kind.js';
import { discountCodeProblem, discountCodeShardKey, discountCodeText, DISCOUNT_CODE_COLUMNS, readDiscountCodeHeader, type DiscountCodeText } from './discount-code-rows.js';
import { report as reportOf, runImportJob, withJournal, type ImportEnv, type ImportReport, type JobSettings } from './import-job.js';
import { discountCodeWatch } from './runs/watches.js';
import { GaveUpError, openPacedApi } from './paced-api.js';
import { PreflightProblems } from './preflight-problems.js';
import { openRejectsFile, type RejectSink } from './rejects.js';
import { importRecords, type ImportResult, type ImportSource, type Stop } from './run-import.js';
import { inShardOfKey } from './shard.js';
import { reopenableInput } from './source.js';

export interface DiscountCodeImportRequest extends JobSettings {
  /** A CSV path, or "-" for stdin. */
  file: string;
  discountId: string;
  /** Where the codes generated for rows without one are written (created new, 0600). */
  codesOut?: string;
}

/** Why undo cannot take a discount import back (docs/decisions.md, "Undo of a discount import"). */
export const CODES_NOT_UNDOABLE = 'the API deletes no discount code, only a whole discount with all its codes';

export async function importDiscountCodes(request: DiscountCodeImportRequest, env: ImportEnv): Promise<ImportReport> {
  // Its outputs were checked together before (commands/bulk-import.ts: none is another, or the input).
  const { rejectsPath, codesOut } = request;
  const input = await reopenableInput(request.file, env.stdin, env.signal, true);
  try {
    const whole = await input.open();
    const imported = { name: whole.name, ...(whole.identity ? { identity: whole.identity } : {}) };
    // Opened before the check, which writes every problem row to it.
    const rejects = rejectsPath === undefined ? undefined : await openRejectsFile(rejectsPath, imported, DISCOUNT_CODE_REJECTS);
    let checked;
    try {
      checked = await preflight(whole, request, rejects && rejectsPath !== undefined ? { sink: rejects, path: rejectsPath } : undefined);
    } catch (error) {
      await rejects?.close();
      throw error;
    }
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const store = paced.api.discounts;
    let index: CodeIndex | undefined;
    const started = performance.now();
    try {
      const discount = await store.get(request.discountId);
      if (discount.discountMethod !== undefined && discount.discountMethod !== null && discount.discountMethod !== 'CODE_DISCOUNT') {
        throw new UsageError(`Discount ${request.discountId} applies automatically (${discount.discountMethod}): it takes no codes. Nothing was sent.`);
      }
      const held = discount.codesCount === undefined || discount.codesCount === null ? undefined : Number(scalarText(discount.codesCount));
      if (indexWorthIt(held, checked.rows)) index = await readCodeIndex(store, request.discountId);
    } catch (error) {
      const offline = request.dryRun && (error instanceof AuthError || error instanceof NetworkError);
      if (!offline) await rejects?.close();
      if (error instanceof CancelledError || env.signal.aborted) return reportOf(stoppedBefore(checked.rows, started, { kind: 'interrupted' }), imported.name, request, paced.counts(), 'code');
      if (error instanceof GaveUpError) return reportOf(stoppedBefore(checked.rows, started, { kind: 'failed', error }), imported.name, request, paced.counts(), 'code');
      if (!offline) throw error;
    }
    // Every check passed and the store answered: the codes file is made (synced) before the first code is sent.
    await checked.writeCodes();
    const report = await withJournal(
      env,
      request.dryRun,
      imported.name,
      async (journal) =>
        runImportJob(
          await input.open(),
          discountCodeKind(store, request.discountId, index, checked.generated, journal ? discountCodeWatch(journal) : undefined),
          DISCOUNT_CODE_REJECTS,
          request,
          env,
          paced,
          {
            ...(rejects ? { opened: rejects } : {}),
            reopen: input.open,
          },
        ),
      CODES_NOT_UNDOABLE,
    );
    const lines = [...report.lines];
    if (index && index.codes.size > 0) lines.push(`Planned from the discount's ${plural(index.codes.size, 'code')}, read in ${plural(index.pages, 'page')} before the import.`);
    if (checked.generated.size > 0)
      lines.push(`${plural(checked.generated.size, 'code was', 'codes were')} generated for rows without one: they are ${await codesOutPlace(codesOut!)}, and nowhere else.`);
    return { ...report, lines };
  } finally {
    await input.close();
  }
}

interface Preflight {
  rows: number;
  generated: Map<number, string>;
  writeCodes(): Promise<void>;
}

/**
 * Every row checked, codes repeated in the file found (ignoring case, as the store compares
 * them): a file with any problem is refused whole (exit 2, nothing sent). Rows without a code
 * get one here, written to --codes-out only once every other check passed.
 */
export async function preflight(source: ImportSource, request: DiscountCodeImportRequest, rejects?: { sink: RejectSink<DiscountCodeText>; path: string }): Promise<Preflight> {
  const codes = new Map<string, number>();
  const codeless: number[] = [];
  let rows = 0;
  const problems = new PreflightProblems<DiscountCodeText>(rejects);
  let layout: ReturnType<typeof readDiscountCodeHeader> | undefined;
  try {
    for await (const record of importRecords(source)) {
      if (layout === undefined) {
        if (record.invalidUtf8 !== undefined) throw new UsageError(`${source.name}: field ${record.invalidUtf8 + 1} of the header is not valid UTF-8; save the file as UTF-8.`, false);
        layout = readDiscountCodeHeader(record.cells, source.name);
        continue;
      }
      const text = discountCodeText(record.cells, record.line, layout);
      if (record.invalidUtf8 !== undefined) {
        await problems.note(text, '', 'a cell is not valid UTF-8 (save the file as UTF-8)');
        continue;
      }
      const problem = discountCodeProblem(text, record.cells.length, layout.width);
      if (problem !== undefined) {
        await problems.note(text, '', problem);
        continue;
      }
      if (text.code !== '') {
        const earlier = codes.get(text.code.toLowerCase());
        if (earlier !== undefined) await problems.note(text, '', `the code repeats the code of line ${earlier} (codes are unique, ignoring case)`);
        else codes.set(text.code.toLowerCase(), record.line);
      }
      if (!inShardOfKey(request.shard, discountCodeShardKey(text))) continue;
      rows += 1;
      if (text.code === '') codeless.push(record.line);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new UsageError(`${source.name}: line ${error.line} is not valid CSV (${error.message}); nothing was sent.`, false);
    throw error;
  }
  if (layout === undefined) throw new UsageError(`${source.name} is empty: it needs a header line such as code.`, false);
  const refusal = problems.refusal(source.name);
  if (refusal !== undefined) throw refusal;

  const nothing = async () => {};
  if (codeless.length === 0) return { rows, generated: new Map(), writeCodes: nothing };
  if (request.codesOut === undefined) {
    throw new UsageError(
      `${plural(codeless.length, 'row has', 'rows have')} no code (${codeless.length === 1 ? 'line' : 'the first: line'} ${codeless[0]}): pass --codes-out FILE for the ${pluralWord(codeless.length, 'code')} generated for ${pluralWord(codeless.length, 'it, which is', 'them, which are')} shown nowhere else. Nothing was sent.`,
    );
  }
  await checkCodesOut(request.codesOut);
  if (request.dryRun) return { rows, generated: new Map(), writeCodes: nothing };
  const generated = generateCodes(codeless, codes);
  const codesOut = request.codesOut;
  const records = codeless.map((line) => [String(line), generated.get(line)!]);
  return { rows, generated, writeCodes: () => writeCodesFile(codesOut, ['line', ...DISCOUNT_CODE_COLUMNS], records) };
}

/** The result of a run stopped while it read the discount: every row read, none done. */
function stoppedBefore(rows: number, started: number, stop: Stop): ImportResult {
  return { rows, created: 0, updated: 0, unchanged: 0, failed: 0, valid: 0, objects: 0, otherShards: 0, elapsedMs: Math.round(performance.now() - started), rejects: [], stop };
}
