// Codes made for import rows that have none, and the --codes-out file they go to: shared by
// `giftcard import` and `discount import`. A generated code is shown nowhere but that file,
// so it is checked before anything is sent (it must not exist, its folder must take it),
// and written (created new, 0600, synced) just before the first request.
import { constants } from 'node:fs';
import { access, lstat, open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { generateGiftCardCode } from '../api/gift-cards/code.js';
import { FieldError, UsageError } from '../core/errors.js';

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

/** What writeCodesFile would refuse, found without creating the file (a dry run makes none). */
export async function checkCodesOut(path: string): Promise<void> {
  const existing = await lstat(path).catch(() => undefined);
  if (existing !== undefined) throw codesOutExists(path);
  try {
    await access(dirname(resolve(path)), constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw codesOutUnwritable(path, code);
  }
}

/**
 * The generated codes with their rows, under `columns` (line first, which the imports
 * ignore: the file imports as it is). Created new and private (0600): it must not replace a
 * file, the input least of all, and it holds secrets. Synced before the first request.
 */
export async function writeCodesFile(path: string, columns: readonly string[], records: readonly string[][]): Promise<void> {
  const { stringify } = await import('csv-stringify/sync');
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw codesOutExists(path);
    throw codesOutUnwritable(path, code);
  }
  try {
    await handle.writeFile(stringify(records as string[][], { header: true, columns: [...columns] }));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function codesOutExists(path: string): UsageError {
  return new FieldError('codesOut', (name) => `${name()} ${path} exists already: the codes file is always created new, so that nothing is written over; give a new file. Nothing was sent.`);
}

function codesOutUnwritable(path: string, code: string | undefined): UsageError {
  return new FieldError('codesOut', (name) => `${name()}: cannot create ${path}${code ? ` (${code})` : ''}; nothing was sent.`);
}
