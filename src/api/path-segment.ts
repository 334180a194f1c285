// The one rule of ids that go into a URL path, and of a metafield's bizId: the metafield
// commands and the import's rows check it with the same function, in the same words. Plain
// code: the commands' argument checks load it at start-up.

/** `.` and `..`: no encoding keeps them in their segment (URLs resolve them, `%2e%2e` too). */
export function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}

export const DOT_SEGMENT_RULE = "cannot be '.' or '..' (a URL would read it as a directory step)";

/** The longest bizId sent: ids are short (the API's are numbers); anything longer is a mistake. */
export const MAX_BIZ_ID_LENGTH = 255;

// C0, DEL and C1: never part of an id, and unsafe in logs and terminals.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export type BizIdCheck = { ok: true; bizId: string } | { ok: false; problem: string };

/**
 * A business object's id as given (an argument or a CSV cell): surrounding spaces dropped,
 * then refused when empty, `.` or `..`, holding a control character, or longer than
 * MAX_BIZ_ID_LENGTH. `problem` completes a sentence whose subject names where it came from
 * ("<bizId> …", "line 7: the bizId …").
 */
export function checkBizId(given: string): BizIdCheck {
  const bizId = given.trim();
  if (bizId === '') return { ok: false, problem: 'must not be empty' };
  if (isDotSegment(bizId)) return { ok: false, problem: DOT_SEGMENT_RULE };
  if (CONTROL.test(bizId)) return { ok: false, problem: 'must not contain control characters (tab, newline, escape...)' };
  if (bizId.length > MAX_BIZ_ID_LENGTH) return { ok: false, problem: `must be at most ${MAX_BIZ_ID_LENGTH} characters (got ${bizId.length})` };
  return { ok: true, bizId };
}
