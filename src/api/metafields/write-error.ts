// A store refusing a write of metafield values names the values at fault by their wire
// path (`metaFieldDataList[2].value`, `metaFieldData.value`). The paths are read here, so
// the bulk import learns which values by their index and never sees the wire's names.
import { ApiError } from '../../core/errors.js';

export interface ValueProblem {
  /** The value's index in the request (0 for a single value). */
  index: number;
  /** The value's field the store named (`value`, `code`...); absent when it named the whole value. */
  field?: string;
  message: string;
}

export type Refusal =
  /** The store named the values at fault. */
  | { kind: 'values'; problems: readonly ValueProblem[] }
  /** It named something other than these values (the bizId, the body): the whole object's problem. */
  | { kind: 'object' }
  /** It named nothing. */
  | { kind: 'unnamed' };

/** A write of metafield values the store refused: the same ApiError (status, message, exit code), with the values it named. */
export class MetafieldWriteError extends ApiError {
  constructor(
    error: ApiError,
    readonly refusal: Refusal,
  ) {
    super(error.message, error);
    this.mayHaveApplied = error.mayHaveApplied;
    if (error.stack !== undefined) this.stack = error.stack;
  }
}

const LIST_ITEM = /^metaFieldDataList\[(\d+)\](?:\.(.+))?$/;
const SINGLE = 'metaFieldData';

/** A refused batch create of `count` values: problems of `metaFieldDataList[i]` are value i's. */
export function batchRefusal(error: ApiError, count: number): MetafieldWriteError {
  return new MetafieldWriteError(error, listRefusal(error, count));
}

function listRefusal(error: ApiError, count: number): Refusal {
  if (error.fields.length === 0) return { kind: 'unnamed' };
  const problems: ValueProblem[] = [];
  for (const problem of error.fields) {
    const match = LIST_ITEM.exec(problem.field ?? '');
    const index = match ? Number(match[1]) : Number.NaN;
    // A problem with something else (the bizId, the body) is the whole object's.
    if (!match || !(index < count)) return problem.field ? { kind: 'object' } : { kind: 'unnamed' };
    problems.push({ index, ...(match[2] !== undefined ? { field: match[2] } : {}), message: problem.message });
  }
  return { kind: 'values', problems };
}

/** A refused update of one value: the problems the store named under `metaFieldData` are its. */
export function singleRefusal(error: ApiError): MetafieldWriteError {
  const problems: ValueProblem[] = error.fields
    .filter((f) => f.field?.startsWith(SINGLE))
    .map((f) => {
      const field = f.field!.slice(SINGLE.length).replace(/^\./, '');
      return { index: 0, ...(field !== '' ? { field } : {}), message: f.message };
    });
  const refusal: Refusal = problems.length > 0 ? { kind: 'values', problems } : error.fields.some((f) => f.field) ? { kind: 'object' } : { kind: 'unnamed' };
  return new MetafieldWriteError(error, refusal);
}
