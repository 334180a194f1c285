// Where the api command's input comes from: files and stdin (`--input FILE|-`,
// `--field key=@FILE|@-`), each named in messages, and the check that a body is JSON.
import { UsageError } from '../../core/errors.js';
import { parseJsonInput, readInputText } from '../../core/input-text.js';
import type { IO } from '../../core/io.js';

/** A reader of files and stdin (at most 1 MiB, UTF-8); stdin can be read once, by one flag. */
export function textReader(io: IO): (path: string, flag: string) => Promise<string> {
  let stdinReader: string | undefined;
  return async (path, flag) => {
    if (path === '-') {
      if (stdinReader) throw new UsageError(`stdin is read once, by ${stdinReader}: ${flag} cannot read it too.`);
      stdinReader = flag;
    }
    return readInputText(path, io.stdin, `${flag} ${path === '-' ? 'stdin' : path}`);
  };
}

/** The body text itself when it is JSON; else a UsageError naming the source, line and column. */
export function checkJsonBody(text: string, source: string): string {
  if (text.trim() === '') throw new UsageError(`--input ${source} is empty: the body must be JSON.`);
  parseJsonInput(text, `--input ${source}`);
  return text;
}
