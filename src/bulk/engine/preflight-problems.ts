// Every problem a pre-flight pass finds in a file (`giftcard import`, `discount import`, which
// refuse a file with any problem as a whole): the first LISTED_PROBLEMS in the refusal on
// stderr, one line each, the rest counted; and every one, with its row, in --rejects when it
// is given, so a file of hundreds of problems is fixed in one go rather than one at a time.
import { UsageError } from '../../core/errors.js';
import { plural } from '../../core/words.js';
import type { RejectSink } from './rejects.js';
import type { TextOf } from './row-kind.js';

/** Problems listed on stderr; the rest are counted there (and are in --rejects). */
const LISTED_PROBLEMS = 20;

export class PreflightProblems<T extends TextOf> {
  private readonly listed: string[] = [];
  private count = 0;

  constructor(private readonly rejects?: { sink: RejectSink<T>; path: string }) {}

  get found(): number {
    return this.count;
  }

  /** A problem of the row `text` (its line and what is wrong, as "column code: the code ..."). */
  async note(text: T, where: string, problem: string): Promise<void> {
    this.count += 1;
    if (this.listed.length < LISTED_PROBLEMS) this.listed.push(`line ${text.line}${where}: ${problem}`);
    await this.rejects?.sink.write(text, problem);
  }

  /** A problem of one column of the row `text` ("line 7, column note: the note ..."), or of the whole row (`column` 'row'). */
  noteIn(text: T, found: { column: string; problem: string }): Promise<void> {
    const { column, problem } = found;
    return column === 'row' ? this.note(text, '', problem) : this.note(text, `, column ${column}`, `the ${column} ${problem}`);
  }

  /** The refusal of `source` naming its problems, or undefined when it has none. */
  refusal(source: string): UsageError | undefined {
    const [first] = this.listed;
    if (first === undefined) return undefined;
    if (this.count === 1) return new UsageError(`${source}: ${first}. Nothing was sent.`, false);
    const more = this.count - this.listed.length;
    const rest =
      more === 0
        ? []
        : [
            `and ${plural(more, 'more problem')}` +
              `${this.rejects ? `, every one in ${this.rejects.path}` : ' (give --rejects FILE to get every one, with its row)'}.`,
          ];
    const all = more === 0 && this.rejects ? ` (each with its row in ${this.rejects.path})` : '';
    // One line a problem (each escaped when printed: a cell's text cannot start a line of its own).
    return new UsageError(`${source} has ${this.count} problems${all}; nothing was sent:`, false, [...this.listed, ...rest]);
  }
}
