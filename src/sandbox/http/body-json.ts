// JSON on the sandbox's wire without losing a digit: request bodies parsed with every number kept
// as its text, answers written so that ids beyond 2^53 go out exact (as strings or bare numbers,
// --ids-as), and a depth check that runs before the recursive parser could overflow.
import { randomBytes } from 'node:crypto';
import { isLosslessNumber, parse, type LosslessNumber } from 'lossless-json';

/**
 * An id or a count on the wire. Kept as its decimal digits so that ids beyond 2^53 never
 * pass through a JS number; serializeJson writes it as a JSON string or as a bare number.
 */
export class JsonInteger {
  constructor(readonly digits: string) {}
}

export type IdsAs = 'string' | 'number';

/** A number from a request body, still as the exact text the client sent. */
export type JsonNumber = LosslessNumber;

export function isJsonNumber(value: unknown): value is JsonNumber {
  return isLosslessNumber(value);
}

export type JsonObject = Record<string, unknown>;

/** A JSON object of a parsed body: not an array, and not a lossless number (which is an object too). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isJsonNumber(value);
}

/**
 * Parses a request body without losing digits: every JSON number comes back as a
 * LosslessNumber holding its source text, so a customerId of 20 digits survives intact.
 * Throws SyntaxError on malformed JSON and on duplicate keys with different values.
 */
export function parseJson(text: string): unknown {
  return parse(text);
}

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_BODY_DEPTH = 100;

/**
 * The offset of the bracket that opens nesting level `limit + 1`, or undefined. A single
 * pass that counts brackets outside strings: the parser is recursive and a body nested
 * 100,000 deep would overflow its stack ("Maximum call stack size exceeded").
 */
export function nestedBeyond(text: string, limit: number): number | undefined {
  let level = 0;
  let quoted = false;
  let escaped = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') quoted = false;
      continue;
    }
    switch (char) {
      case '"':
        quoted = true;
        break;
      case '[':
      case '{':
        level += 1;
        if (level > limit) return at;
        break;
      case ']':
      case '}':
        level -= 1;
        break;
    }
  }
  return undefined;
}

/**
 * What stands for an id's digits inside JSON.stringify's output until they are put back bare:
 * random each process, so no text a client stored can pass for it.
 */
const DIGITS_MARK = randomBytes(8).toString('hex');
const MARKED_DIGITS = new RegExp(`"${DIGITS_MARK}([^"\\\\]*)${DIGITS_MARK}"`, 'g');

/**
 * Compact JSON of plain data plus JsonInteger, whose digits JSON.stringify cannot emit bare when
 * they are longer than a double holds: each is marked in the engine's own serializer (twice as
 * fast as a serializer in JavaScript, on a page of 250 orders), then unquoted.
 */
export function serializeJson(value: unknown, idsAs: IdsAs): string {
  let marked = false;
  const text = JSON.stringify(value, (_key, member: unknown) => {
    if (!(member instanceof JsonInteger)) return member;
    if (idsAs === 'string') return member.digits;
    marked = true;
    return `${DIGITS_MARK}${member.digits}${DIGITS_MARK}`;
  }) as string | undefined;
  if (text === undefined) throw new TypeError(`cannot serialize a ${typeof value} as JSON`);
  return marked ? text.replace(MARKED_DIGITS, '$1') : text;
}
