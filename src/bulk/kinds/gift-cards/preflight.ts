// The pass over a gift card file before anything is sent: every row checked, codes
// repeated in the file found (ignoring case, as the store compares them), spreadsheet
// damage named with its line and column. A file with any problem is refused as a whole
// (exit 2), naming every problem (preflight-problems.ts): a migration half done from a
// damaged file is worse than none. Rows without a
// code get one here, written to --codes-out before the first request, so that a card never
// exists with a code that was shown nowhere (but only once every other check passed, so that
// a run refused for another reason leaves no codes file to block its re-run).
import { UsageError } from '../../../core/errors.js';
import { plural, pluralWord } from '../../../core/words.js';
import { checkCodesOut, generateCodes, writeCodesFile } from '../../engine/codes-out.js';
import { checkGiftCardRow, GIFT_CARD_COLUMNS, giftCardText, readGiftCardHeader, type GiftCardText, type RowProblem } from './rows.js';
import { PreflightProblems } from '../../engine/preflight-problems.js';
import type { RejectSink } from '../../engine/rejects.js';
import { preflightRows } from '../../engine/preflight-rows.js';
import type { ImportSource } from '../../engine/run-import.js';
import { inShardOfKey, type Shard } from '../../engine/shard.js';

export interface PreflightResult {
  /** Rows of this shard. */
  rows: number;
  /** Codes made for this shard's rows without one, by line. */
  generated: Map<number, string>;
  /**
   * Writes the generated codes to --codes-out (a no-op without any): called once every other
   * check has passed and just before the first request, so that a run refused for another
   * reason leaves no codes file behind to block its re-run.
   */
  writeCodes(): Promise<void>;
}

export interface PreflightOptions {
  shard?: Shard;
  dryRun: boolean;
  /** Where every problem goes with its row (--rejects, opened). */
  rejects?: { sink: RejectSink<GiftCardText>; path: string };
  /** Where generated codes go; required when a row of this shard has no code (a dry run checks it, writes nothing). */
  codesOut?: string;
}

/** Where --shard places a card: by its code (ignoring case), a row without one by its line. */
export function giftCardShardKey(text: GiftCardText): string {
  return text.code === '' ? `line:${text.line}` : text.code.toLowerCase();
}

export async function preflight(source: ImportSource, options: PreflightOptions): Promise<PreflightResult> {
  const problems = new PreflightProblems<GiftCardText>(options.rejects);
  const note = (text: GiftCardText, found: RowProblem) => problems.noteIn(text, found);
  /** Codes of the file (all shards), lower case, to the line that has them. */
  const codes = new Map<string, number>();
  const codeless: GiftCardText[] = [];
  let rows = 0;
  const reading = { readHeader: readGiftCardHeader, rowText: giftCardText, headerExample: GIFT_CARD_COLUMNS.join(',') };
  await preflightRows(source, reading, problems, async (text, fieldCount, layout) => {
    const checked = checkGiftCardRow(text, fieldCount, layout.width);
    if (!checked.ok) return note(text, checked);
    if (text.code !== '') {
      const key = text.code.toLowerCase();
      const earlier = codes.get(key);
      if (earlier !== undefined) await note(text, { column: 'code', problem: `repeats the code of line ${earlier} (codes are unique, ignoring case)` });
      else codes.set(key, text.line);
    }
    if (!inShardOfKey(options.shard, giftCardShardKey(text))) return;
    rows += 1;
    if (text.code === '') codeless.push(text);
  });

  const nothing = async () => {};
  if (codeless.length === 0) return { rows, generated: new Map(), writeCodes: nothing };
  // A dry run refuses what the real run would: no --codes-out, or one that cannot be made.
  if (options.codesOut === undefined) {
    throw new UsageError(
      `${plural(codeless.length, 'row has', 'rows have')} no code (${codeless.length === 1 ? 'line' : 'the first: line'} ${codeless[0]!.line}): pass --codes-out FILE for the ${pluralWord(codeless.length, 'code')} generated for ${pluralWord(codeless.length, 'it, which is', 'them, which are')} shown nowhere else. Nothing was sent.`,
    );
  }
  // Refused now if it exists (the file is always created new) or cannot be made, though written only later.
  await checkCodesOut(options.codesOut);
  if (options.dryRun) return { rows, generated: new Map(), writeCodes: nothing };
  const generated = generateCodes(
    codeless.map((text) => text.line),
    codes,
  );
  const codesOut = options.codesOut;
  return { rows, generated, writeCodes: () => writeCodes(codesOut, codeless, generated) };
}

/** The generated codes, each with its row, in the codes file (codes-out.ts). */
async function writeCodes(path: string, rows: readonly GiftCardText[], generated: ReadonlyMap<number, string>): Promise<void> {
  const records = rows.map((text) => [String(text.line), ...GIFT_CARD_COLUMNS.map((name) => (name === 'code' ? generated.get(text.line)! : text[name]))]);
  await writeCodesFile(path, ['line', ...GIFT_CARD_COLUMNS], records);
}
