// Lossless JSON. Stores may send ids and counts as JSON numbers longer than 2^53;
// JSON.parse would silently round them, so every response goes through lossless-json,
// which keeps each number's exact text (a LosslessNumber) and writes it back unchanged.
import { LosslessNumber, isLosslessNumber, parse, stringify } from 'lossless-json';

export { LosslessNumber, isLosslessNumber };

/**
 * JSON text as values, every number a LosslessNumber. Read by JsonReader, which takes a
 * string's text as a slice of the answer (or, when the string holds escapes, with
 * JSON.parse): lossless-json builds each string a character at a time, and V8 keeps such a
 * string as a chain of one node per character, some 32 bytes each, so a 60 MB answer of long
 * strings took 2.3 GB. Text JsonReader refuses goes to lossless-json, whose error names what is
 * wrong and where (and whose answer stands, should the two ever differ).
 */
export function parseJson(text: string): unknown {
  try {
    return new JsonReader(text).document();
  } catch {
    return parse(text);
  }
}

/** Thrown by JsonReader where the text is not JSON; the message is lossless-json's. */
class NotJson extends Error {}

/** The grammar lossless-json reads (JSON's), and its rule for duplicate keys: the same value again is kept, another refused. */
class JsonReader {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): unknown {
    const value = this.value();
    if (this.at < this.text.length) throw new NotJson();
    return value;
  }

  private value(): unknown {
    this.space();
    const c = this.text.charCodeAt(this.at);
    let value: unknown;
    if (c === 0x22) value = this.string();
    else if (c === 0x7b) value = this.object();
    else if (c === 0x5b) value = this.array();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) value = this.number();
    else if (this.word('true')) value = true;
    else if (this.word('false')) value = false;
    else if (this.word('null')) value = null;
    else throw new NotJson();
    this.space();
    return value;
  }

  private space(): void {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return;
      this.at++;
    }
  }

  private word(word: string): boolean {
    if (!this.text.startsWith(word, this.at)) return false;
    this.at += word.length;
    return true;
  }

  /** A slice of the text (no copy) when it holds no escape; else JSON.parse of the literal, which reads escapes natively. */
  private string(): string {
    const { text } = this;
    const start = this.at;
    let escaped = false;
    let i = start + 1;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        i += 2;
        continue;
      }
      // A control character, or the end of the text (NaN).
      if (!(c >= 0x20)) throw new NotJson();
      i++;
    }
    this.at = i + 1;
    return escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
  }

  private number(): LosslessNumber {
    const { text } = this;
    const start = this.at;
    const digits = () => {
      const from = this.at;
      while (this.at < text.length && text.charCodeAt(this.at) >= 0x30 && text.charCodeAt(this.at) <= 0x39) this.at++;
      if (this.at === from) throw new NotJson();
    };
    if (text.charCodeAt(this.at) === 0x2d) this.at++;
    if (text.charCodeAt(this.at) === 0x30) this.at++;
    else digits();
    if (text.charCodeAt(this.at) === 0x2e) {
      this.at++;
      digits();
    }
    const e = text.charCodeAt(this.at);
    if (e === 0x65 || e === 0x45) {
      this.at++;
      const sign = text.charCodeAt(this.at);
      if (sign === 0x2b || sign === 0x2d) this.at++;
      digits();
    }
    return new LosslessNumber(text.slice(start, this.at));
  }

  private array(): unknown[] {
    this.at++;
    this.space();
    const array: unknown[] = [];
    if (this.text.charCodeAt(this.at) === 0x5d) {
      this.at++;
      return array;
    }
    for (;;) {
      array.push(this.value());
      const c = this.text.charCodeAt(this.at++);
      if (c === 0x5d) return array;
      if (c !== 0x2c) throw new NotJson();
    }
  }

  private object(): Record<string, unknown> {
    this.at++;
    this.space();
    const object: Record<string, unknown> = {};
    if (this.text.charCodeAt(this.at) === 0x7d) {
      this.at++;
      return object;
    }
    for (;;) {
      if (this.text.charCodeAt(this.at) !== 0x22) throw new NotJson();
      const key = this.string();
      this.space();
      if (this.text.charCodeAt(this.at++) !== 0x3a) throw new NotJson();
      const value = this.value();
      if (Object.prototype.hasOwnProperty.call(object, key) && !sameJson(object[key], value)) throw new NotJson();
      // An own `__proto__` key, as JSON.parse makes it, not the object's prototype.
      if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      else object[key] = value;
      const c = this.text.charCodeAt(this.at++);
      if (c === 0x7d) return object;
      if (c !== 0x2c) throw new NotJson();
      this.space();
    }
  }
}

/** Deep equality of two parsed values, as lossless-json judges a repeated key. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

export function toJson(value: unknown, indent?: number): string {
  return stringify(value, null, indent) ?? 'null';
}

/** The text of a scalar for tables and TSV: digits of a number exactly as received. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (isLosslessNumber(value)) return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return toJson(value);
}

/** The deepest nesting of arrays and objects a JSON input may have (a product file needs 5). */
export const MAX_JSON_DEPTH = 100;

/**
 * Where the first bracket opening a level deeper than `max` is (a string index), or -1.
 * A flat scan that skips strings, not a recursive parser: it cannot overflow the stack,
 * as lossless-json (recursive) does on JSON nested 100,000 deep.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return -1;
}
