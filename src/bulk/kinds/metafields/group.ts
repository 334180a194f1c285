// Rows to business objects. Rows of one object usually sit together in a file, so
// consecutive rows of the same object form one group, applied together; nothing else is
// remembered, so memory does not grow with the file. An object that shows up again
// later forms a group of its own, applied after the earlier one (still correct: every
// group reads before it writes).
import { fieldKey } from './plan.js';
import type { Row } from './rows.js';

export interface ObjectGroup {
  /** domain and bizId: the business object. */
  key: string;
  domain: string;
  bizId: string;
  rows: Row[];
}

export type Pushed = { group?: ObjectGroup; duplicateOf?: number };

function objectKey(domain: string, bizId: string): string {
  return `${domain}\u0000${bizId}`;
}

export class Grouper {
  private current: ObjectGroup | undefined;
  /** namespace and code of the current run of rows of one object, to the line that set them. */
  private seen = new Map<string, number>();

  /** A run of one object longer than this is applied in parts (one after the other). */
  constructor(private readonly maxRows: number) {}

  /**
   * Adds a row. Returns the group it completed, if any, or the line of an earlier row
   * of the same object that already set this namespace and code: the file says two
   * things about one value, and the later row is rejected rather than guessed at.
   */
  push(row: Row): Pushed {
    const key = objectKey(row.domain, row.bizId);
    const field = fieldKey(row.namespace, row.code);
    if (this.current?.key === key) {
      const earlier = this.seen.get(field);
      if (earlier !== undefined) return { duplicateOf: earlier };
      this.seen.set(field, row.line);
      if (this.current.rows.length < this.maxRows) {
        this.current.rows.push(row);
        return {};
      }
      const full = this.current;
      this.current = { key, domain: row.domain, bizId: row.bizId, rows: [row] };
      return { group: full };
    }
    const done = this.current;
    this.current = { key, domain: row.domain, bizId: row.bizId, rows: [row] };
    this.seen = new Map([[field, row.line]]);
    return done ? { group: done } : {};
  }

  /** The last group, at the end of the file. */
  flush(): ObjectGroup | undefined {
    const done = this.current;
    this.current = undefined;
    this.seen = new Map();
    return done;
  }
}
