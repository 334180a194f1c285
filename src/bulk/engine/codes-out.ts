// Codes made for import rows that have none, and the --codes-out file they go to: shared by
// `giftcard import` and `discount import`. A generated code is shown nowhere but that file,
// so it is checked before anything is sent (it must not exist, its folder must take it),
// and written (created new, 0600, synced) just before the first request.
import { generateGiftCardCode } from '../../api/gift-cards/code.js';
import { outputTarget } from '../../core/output-target.js';
import { checkWritable, type PlannedOutput } from './output-check.js';
import { writeOutput } from './output-sink.js';

/**
 * A code for each of `lines` from the CSPRNG, none equal (ignoring case) to a code of the file
 * or to another generated one. `taken` holds the file's codes, lower case, and receives the new
 * ones. `length`: a gift card code's unless given (a discount's is Genstore's 8).
 */
export function generateCodes(lines: readonly number[], taken: Map<string, number>, length?: number): Map<number, string> {
  const generated = new Map<number, string>();
  for (const line of lines) {
    let code: string;
    do code = generateGiftCardCode(length);
    while (taken.has(code.toLowerCase()));
    taken.set(code.toLowerCase(), line);
    generated.set(line, code);
  }
  return generated;
}

/** The codes file as an output of the run (output-check.ts): created new, holding secrets. */
export function codesOutput(path: string): PlannedOutput {
  return { field: 'codesOut', path, contract: 'new', secret: true };
}

/** Where the codes went, for the summary: "in codes.csv (mode 0600)", "on stdout", or a FIFO's or device's name. */
export async function codesOutPlace(path: string): Promise<string> {
  const target = await outputTarget(path);
  if (target.kind === 'stdout') return 'on stdout';
  return target.kind === 'file' ? `in ${path} (mode 0600)` : `in ${path}`;
}

/** What writeCodesFile would refuse, found without creating the file (a dry run makes none). */
export async function checkCodesOut(path: string): Promise<void> {
  await checkWritable(codesOutput(path));
}

/**
 * The generated codes with their rows, under `columns` (line first, which the imports
 * ignore: the file imports as it is), through the run's one writer (output-sink.ts): a
 * regular file is created new and private (0600), synced, and never replaces a file, the
 * input least of all; a FIFO or a descriptor (`>(gpg -e > codes.gpg)`) is written in place.
 * Written before the first request.
 */
export async function writeCodesFile(path: string, columns: readonly string[], records: readonly string[][]): Promise<void> {
  const { stringify } = await import('csv-stringify/sync');
  const target = await outputTarget(path);
  await writeOutput(target, stringify(records as string[][], { header: true, columns: [...columns] }), {
    field: 'codesOut',
    contract: 'new',
    mode: 0o600,
    what: 'the codes file',
  });
}
