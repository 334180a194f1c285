// The pre-flight pass of an import that checks its whole file before anything is sent
// (gift cards, discounts, customers): the file read record by record through the kind's own
// header and rows, a header or a file that cannot be read refused at once (exit 2), a row
// with a cell that is not UTF-8 noted, each other row handed to the kind's checks, and every
// problem noted refused together at the end (PreflightProblems: stderr and --rejects).
import { UsageError } from '../../core/errors.js';
import { CsvSyntaxError } from './csv-rows.js';
import type { PreflightProblems } from './preflight-problems.js';
import type { Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { importRecords, type ImportSource } from './run-import.js';

/** What the pass reads a file by: a row kind's header and rows. */
export type PreflightReading<T extends TextOf, L extends Layout> = Pick<RowKind<T, RowOf<T>, L>, 'readHeader' | 'rowText' | 'headerExample'>;

/** Hands each readable row to `each` (its text, how many fields it has, the header's layout); throws the refusal of a file with problems. */
export async function preflightRows<T extends TextOf, L extends Layout>(
  source: ImportSource,
  reading: PreflightReading<T, L>,
  problems: PreflightProblems<T>,
  each: (text: T, fieldCount: number, layout: L) => Promise<void>,
): Promise<void> {
  let layout: L | undefined;
  try {
    // CSV only: a JSON-lines file is refused here, with nothing sent.
    for await (const record of importRecords(source)) {
      if (layout === undefined) {
        if (record.invalidUtf8 !== undefined)
          throw new UsageError(`${source.name}: field ${record.invalidUtf8 + 1} of the header is not valid UTF-8; save the file as UTF-8.`, false);
        layout = reading.readHeader(record.cells, source.name);
        continue;
      }
      const text = reading.rowText(record.cells, record.line, layout);
      if (record.invalidUtf8 !== undefined)
        await problems.note(text, '', `the ${layout.columnName(record.invalidUtf8)} cell is not valid UTF-8 (save the file as UTF-8)`);
      else await each(text, record.cells.length, layout);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new UsageError(`${source.name}: line ${error.line} is not valid CSV (${error.message}); nothing was sent.`, false);
    throw error;
  }
  if (layout === undefined) throw new UsageError(`${source.name} is empty: it needs a header line such as ${reading.headerExample}.`, false);
  const refusal = problems.refusal(source.name);
  if (refusal !== undefined) throw refusal;
}
