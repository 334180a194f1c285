// The discount import (`discount import FILE`), as the engine runs it (engine/import-kind.ts): the --like discount read (its id, or its code
// looked up), the file checked whole before anything is written (a pre-flight pass that also
// makes the codes of code rows without one), the store's discounts read, then the rows run
// through the import engine as discounts. stdin is read once into a private temporary file,
// as the file is read twice (giftcard import does the same). Its rehearsal copies every
// discount of the store (copy.ts); its undo (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import type { DiscountsApi } from '../../../api/discounts/requests.js';
import { shapeOf } from '../../../api/discounts/wire-shape.js';
import { GENERATED_DISCOUNT_CODE_LENGTH } from '../../../api/discounts/fields.js';
import type { Brand } from '../../../core/brand.js';
import { AuthError, FieldError, NetworkError, unlessGone } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import { checkCodesOut, codesOutPlace, generateCodes, writeCodesFile } from '../../engine/codes-out.js';
import { DISCOUNT_REJECTS, discountKind, DiscountIndex, entryOf, readDiscountIndex, type IndexEntry } from './kind.js';
import { checkDiscountRow, codesOfCell, discountShardKey, discountText, readDiscountHeader, type DiscountText, type RowRules } from './rows.js';
import { readBeforeWriting } from '../../engine/checked-import.js';
import { runImportJob, type ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { copyDiscounts } from './copy.js';
import { discountUndo } from './undo.js';
import { discountWatch } from './watch.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { PreflightProblems } from '../../engine/preflight-problems.js';
import { openRejectsFile, type RejectSink } from '../../engine/rejects.js';
import { preflightRows } from '../../engine/preflight-rows.js';
import type { ImportSource } from '../../engine/run-import.js';
import { inShardOfKey } from '../../engine/shard.js';
import { reopenableInput } from '../../engine/source.js';

export interface DiscountImportRequest extends ImportRequest {
  /** --like: the id or the code of the discount whose settings every row takes where its cells are empty. */
  like?: string;
  /** The store's family as the command knows it before any request (the pre-flight of a rehearsal checks codes by its rule). */
  family?: Brand;
}

async function run(request: DiscountImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
  // Its outputs were checked together before (commands/bulk-import.ts: none is another, or the input).
  const { rejectsPath, codesOut } = request;
  const input = await reopenableInput(request.file, env.stdin, env.signal, true);
  try {
    const whole = await input.open();
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const store = paced.api.discounts;
    const started = performance.now();
    const imported = { name: whole.name, ...(whole.identity ? { identity: whole.identity } : {}) };
    // A dry run without a store to read validates only (the engine says so).
    const offline = (error: unknown) => request.dryRun && (error instanceof AuthError || error instanceof NetworkError);
    let family = request.family ?? 'service';
    let index: DiscountIndex | undefined;
    let template: IndexEntry | undefined;
    try {
      family = await store.family();
      if (request.like !== undefined) ({ template, index } = await likeDiscount(store, request.like, family));
    } catch (error) {
      if (!offline(error)) throw error;
    }
    const rules: RowRules & { templateId?: string } = {
      family,
      generate: codesOut !== undefined,
      ...(template ? { template: template.settings, templateId: template.id } : {}),
    };
    // Opened before the check, which writes every problem row to it.
    const rejects = rejectsPath === undefined ? undefined : await openRejectsFile(rejectsPath, imported, DISCOUNT_REJECTS);
    let checked;
    try {
      checked = await preflight(whole, request, rules, rejects && rejectsPath !== undefined ? { sink: rejects, path: rejectsPath } : undefined);
    } catch (error) {
      await rejects?.close();
      throw error;
    }
    const file = { imported, rejects };
    const stored = await readBeforeWriting(
      async () => index ?? readDiscountIndex(store),
      checked.rows,
      { request, env, paced, file, unit: 'discount' },
      started,
    );
    if ('stopped' in stored) return stored.stopped;
    index = stored.read;
    // Every check passed and the store answered: the codes file is made (synced) before the first write.
    await checked.writeCodes();
    const known = index ?? new DiscountIndex();
    // As read before the run (the run adds what it makes).
    const read = { size: known.size, pages: known.pages };
    const report = await journaled(imported.name, async (journal) =>
      runImportJob(
        await input.open(),
        discountKind(store, shapeOf(family), known, rules, checked.generated, journal ? discountWatch(journal) : undefined),
        DISCOUNT_REJECTS,
        request,
        env,
        paced,
        rejects ? { opened: rejects } : {},
      ),
    );
    const lines = [...report.lines];
    if (index !== undefined) lines.push(`Planned from the store's ${plural(read.size, 'discount')}, read in ${plural(read.pages, 'page')} before the import.`);
    if (checked.generated.size > 0)
      lines.push(
        `${plural(checked.generated.size, 'code was', 'codes were')} generated for rows without one: they are ${await codesOutPlace(codesOut!)}, and nowhere else.`,
      );
    return { ...report, lines };
  } finally {
    await input.close();
  }
}

/**
 * The --like discount: by its id (digits, read with one GET), else by its code, found in the
 * store's discounts (read whole, which the import reads anyway: handed on as its index).
 */
async function likeDiscount(store: DiscountsApi, like: string, family: Brand): Promise<{ template: IndexEntry; index?: DiscountIndex }> {
  const shape = shapeOf(family);
  if (/^\d+$/.test(like)) {
    const template = await unlessGone(store.get(like).then((discount) => entryOf(store, discount, shape)));
    if (template !== undefined) return { template };
  }
  const index = await readDiscountIndex(store);
  const template = index.byCode.get(like.toLowerCase());
  if (template === undefined) throw new FieldError('like', (name) => `${name()} ${like}: no discount of the store has this id or code. Nothing was sent.`);
  return { template, index };
}

interface Preflight {
  rows: number;
  generated: Map<number, string>;
  writeCodes(): Promise<void>;
}

/**
 * Every row checked (against the store's code rule and the --like discount), codes repeated
 * in the file found (ignoring case, as the store compares them), and titles where they name
 * a discount (one without a code; every one on Genstore, whose names are unique): a file
 * with any problem is refused whole (exit 2, nothing sent). With --codes-out, code rows
 * without a code get one here, written to that file only once every other check passed.
 */
export async function preflight(
  source: ImportSource,
  request: Pick<DiscountImportRequest, 'shard' | 'codesOut' | 'dryRun'>,
  rules: RowRules,
  rejects?: { sink: RejectSink<DiscountText>; path: string },
): Promise<Preflight> {
  rules = { ...rules, generate: request.codesOut !== undefined };
  const codes = new Map<string, number>();
  const titles = new Map<string, number>();
  const codeless: number[] = [];
  let rows = 0;
  const problems = new PreflightProblems<DiscountText>(rejects);
  const reading = { readHeader: readDiscountHeader, rowText: discountText, headerExample: 'code,title,discountType,valueType,value' };
  await preflightRows(source, reading, problems, async (text, fieldCount, layout) => {
    const checked = checkDiscountRow(text, fieldCount, layout.width, rules);
    if (!checked.ok) return problems.note(text, '', checked.problem);
    const { row } = checked;
    for (const code of codesOfCell(text.code)) {
      const earlier = codes.get(code.toLowerCase());
      if (earlier !== undefined) await problems.note(text, '', `the code ${code} repeats a code of line ${earlier} (codes are unique, ignoring case)`);
      else codes.set(code.toLowerCase(), text.line);
    }
    // A title names a discount without a code, and any on Genstore ("Discount names must be globally unique").
    const title = row.pendingCode ? undefined : row.wanted.title?.toLowerCase();
    if (title !== undefined && (row.codes.length === 0 || rules.family === 'genstore')) {
      const earlier = titles.get(title);
      if (earlier !== undefined)
        await problems.note(
          text,
          '',
          `the title repeats the title of line ${earlier} (${rules.family === 'genstore' ? 'discount names are unique on the store' : 'a discount without a code is known by its title'})`,
        );
      else titles.set(title, text.line);
    }
    if (!inShardOfKey(request.shard, discountShardKey(text))) return;
    rows += 1;
    if (row.pendingCode) codeless.push(text.line);
  });

  const nothing = async () => {};
  if (request.codesOut === undefined) return { rows, generated: new Map(), writeCodes: nothing };
  await checkCodesOut(request.codesOut);
  if (codeless.length === 0) return { rows, generated: new Map(), writeCodes: nothing };
  if (request.dryRun) return { rows, generated: new Map(), writeCodes: nothing };
  const generated = generateCodes(codeless, codes, GENERATED_DISCOUNT_CODE_LENGTH);
  const codesOut = request.codesOut;
  const records = codeless.map((line) => [String(line), generated.get(line)!]);
  return { rows, generated, writeCodes: () => writeCodesFile(codesOut, ['line', 'code'], records) };
}

export const discountImport: ImportKind<DiscountImportRequest> = {
  command: 'discount import',
  run,
  rehearsal: {
    // The file checked whole (by the store's code rule as the command knows it), and --codes-out, as the real run checks them: a bad file sends nothing.
    check: async (source, request) => {
      await preflight(source, { ...request, dryRun: true }, { family: request.family ?? 'service' });
    },
    copy: (plan, api) => copyDiscounts(plan, api),
  },
  undo: [discountUndo],
};
