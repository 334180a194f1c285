// Metafield value formats by field type: the user's natural input ("1.5 kg", "9.99 USD",
// "yes", "#abc", a time with an offset) turned into the canonical wire text, and the
// equality that lets a re-run skip what is already stored. Pure: no I/O, no schema library.
import { isLosslessNumber, parseJson, toJson } from '../../core/json.js';
import { MAX_VALUE_LENGTH, type FieldType } from './types.js';
import { isCalendarDate } from '../wire.js';

const MAX_LINE_LENGTH = 255;

export type WireValue = { ok: true; value: string } | { ok: false; expected: string };

const UNITS = {
  Weight: ['g', 'kg', 'lb', 'oz'],
  Size: ['mm', 'cm', 'm', 'in', 'ft', 'yd'],
  Volume: ['ml', 'cl', 'l', 'm3', 'fl_oz', 'pt', 'qt', 'gal'],
} as const;
type MeasureType = keyof typeof UNITS;

const EXAMPLE_MEASURE: Record<MeasureType, [string, string]> = { Weight: ['1.5', 'kg'], Size: ['12', 'cm'], Volume: ['0.75', 'l'] };
const REFERENCE_EXAMPLE: Record<string, string> = {
  Product: '4000000000000000011',
  Customer: '7000000000000000001',
  Collection: '5000000000000000001',
  Page: '6000000000000000001',
  File: '8000000000000000001',
};

/** The phrase naming the form a type takes, as error messages show it. */
function expectedForm(type: FieldType): string {
  switch (type) {
    case 'SingleLineText':
      return `one line of text of at most ${MAX_LINE_LENGTH} characters`;
    case 'MultiLineText':
      return `text of at most ${MAX_VALUE_LENGTH} characters`;
    case 'Integer':
      return 'an Integer like "42" (a whole number within signed 64-bit)';
    case 'Decimal':
      return 'a Decimal like "3.14"';
    case 'Boolean':
      return 'a Boolean: true, false, yes or no';
    case 'Date':
      return 'a Date like "2026-11-21" (YYYY-MM-DD, a real calendar day)';
    case 'DateTime':
      return 'a DateTime like "2026-11-21T10:00:00Z" (ISO 8601 with Z or an offset such as +02:00)';
    case 'MonthDay':
      return 'a MonthDay like "12-25" (MM-DD)';
    case 'Weight':
    case 'Size':
    case 'Volume': {
      const [n, u] = EXAMPLE_MEASURE[type];
      return `a ${type} like "${n} ${u}" or {"value": ${n}, "unit": "${u}"} (units ${UNITS[type].join(', ')})`;
    }
    case 'Money':
      return 'a Money amount like "9.99 USD" or {"amount": "9.99", "currency": "USD"} (at most 2 decimals, a three-letter currency)';
    case 'Color':
      return 'a Color like "#1A2B3C" or "#abc"';
    case 'Url':
      return 'an absolute http or https Url like "https://example.com/manual.pdf"';
    case 'SKU':
      return `a SKU: non-empty text of at most ${MAX_LINE_LENGTH} characters on one line`;
    case 'Product':
    case 'Customer':
    case 'Collection':
    case 'Page':
    case 'File':
      return `a ${type} id like "${REFERENCE_EXAMPLE[type]}" (1 to 20 digits, no leading zero)`;
  }
}

/** Characters as people count them (code points), not UTF-16 units. */
function length(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const LINE_BREAK = /[\r\n]/;

/**
 * Natural input to canonical wire text, checked by type. Without a type (no definition
 * known) the text goes as typed, only the length limit applies. A JSON array `[...]` is a
 * multi value: each item is checked and converted by the type.
 */
export function toWireValue(type: FieldType | undefined, input: string): WireValue {
  if (type === undefined) {
    return length(input) <= MAX_VALUE_LENGTH ? { ok: true, value: input } : { ok: false, expected: `a value of at most ${MAX_VALUE_LENGTH} characters` };
  }
  const result = input.trimStart().startsWith('[') ? multiValue(type, input) : single(type, input);
  if (!result.ok) return result;
  if (length(result.value) > MAX_VALUE_LENGTH) return { ok: false, expected: `${expectedForm(type)}, at most ${MAX_VALUE_LENGTH} characters in all` };
  return result;
}

/**
 * Text types keep text that merely looks like an array ("[draft]", "[1, 2]", or '["a\\nb"]'
 * for a single line, whose item holds a line break) as one value.
 */
const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['SingleLineText', 'MultiLineText', 'SKU']);

function multiValue(type: FieldType, input: string): WireValue {
  const items = parseArray(input);
  if (items === undefined) return TEXT_TYPES.has(type) ? single(type, input) : { ok: false, expected: `${expectedForm(type)}, or a JSON array of them` };
  if (TEXT_TYPES.has(type) && items.some((item) => typeof item !== 'string')) return single(type, input);
  const wire: string[] = [];
  for (const [index, item] of items.entries()) {
    const converted = arrayItem(type, item);
    if (converted === undefined && TEXT_TYPES.has(type)) return single(type, input);
    if (converted === undefined) return { ok: false, expected: `a JSON array of ${type} values; item ${index + 1} is not ${expectedForm(type)}` };
    wire.push(converted);
  }
  return { ok: true, value: `[${wire.join(',')}]` };
}

function parseArray(input: string): unknown[] | undefined {
  try {
    const parsed = parseJson(input);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** One item of a multi array, as the JSON text it takes inside the array. */
function arrayItem(type: FieldType, item: unknown): string | undefined {
  if (isMeasure(type) || type === 'Money') {
    const text = typeof item === 'string' ? item : isPlainObject(item) ? toJson(item) : undefined;
    // The array is written anew anyway: its items in the one canonical form.
    return text === undefined ? undefined : convert(type, text);
  }
  const text = scalarItemText(type, item);
  if (text === undefined) return undefined;
  const result = single(type, text);
  return result.ok ? JSON.stringify(result.value) : undefined;
}

/** Items are strings on the wire, but [42, 7] plainly means ["42","7"], and [true] means ["true"]. */
function scalarItemText(type: FieldType, item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (isLosslessNumber(item) && NUMERIC_ITEM.has(type)) return item.toString();
  if (typeof item === 'boolean' && type === 'Boolean') return String(item);
  return undefined;
}

const NUMERIC_ITEM: ReadonlySet<FieldType> = new Set(['Integer', 'Decimal', 'Product', 'Customer', 'Collection', 'Page', 'File']);

function isMeasure(type: FieldType): type is MeasureType {
  return type === 'Weight' || type === 'Size' || type === 'Volume';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

function single(type: FieldType, input: string): WireValue {
  const value = convert(type, input);
  if (value === undefined) return { ok: false, expected: expectedForm(type) };
  // Text already in the store's own form goes as written, so what an export wrote re-imports
  // byte for byte (a stored "#ff0000" stays lower-case); only natural input is rewritten.
  return { ok: true, value: inWireForm(type, input) ? input : value };
}

/** Whether `input` is, as written, a value of the type's wire form (converted values always are). */
function inWireForm(type: FieldType, input: string): boolean {
  switch (type) {
    case 'Color':
      return /^#[0-9A-Fa-f]{6}$/.test(input);
    case 'Weight':
    case 'Size':
    case 'Volume': {
      const object = input.startsWith('{') ? parseObject(input, ['value', 'unit']) : undefined;
      return object !== undefined && isLosslessNumber(object.value) && (UNITS[type] as readonly string[]).includes(object.unit as string);
    }
    case 'Money': {
      const object = input.startsWith('{') ? parseObject(input, ['amount', 'currency']) : undefined;
      return (
        object !== undefined && typeof object.amount === 'string' && /^-?\d+(\.\d{1,2})?$/.test(object.amount) && /^[A-Z]{3}$/.test(object.currency as string)
      );
    }
    default:
      // Every other converter returns its wire-form input unchanged.
      return false;
  }
}

function convert(type: FieldType, input: string): string | undefined {
  const text = input.trim();
  switch (type) {
    case 'SingleLineText':
      return length(input) <= MAX_LINE_LENGTH && !LINE_BREAK.test(input) ? input : undefined;
    case 'MultiLineText':
      return input;
    case 'SKU':
      return text !== '' && length(input) <= MAX_LINE_LENGTH && !LINE_BREAK.test(input) ? input : undefined;
    case 'Integer':
      return integer(text);
    case 'Decimal':
      return decimal(text);
    case 'Boolean':
      return booleanWord(text);
    case 'Date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text) ? text : undefined;
    case 'DateTime':
      return dateTimeUtc(text);
    case 'MonthDay':
      return monthDay(text);
    case 'Weight':
    case 'Size':
    case 'Volume':
      return measure(type, text);
    case 'Money':
      return money(text);
    case 'Color':
      return color(text);
    case 'Url':
      return url(text);
    case 'Product':
    case 'Customer':
    case 'Collection':
    case 'Page':
    case 'File':
      return /^[1-9]\d{0,19}$/.test(text) ? text : undefined;
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function integer(text: string): string | undefined {
  const match = /^([+-]?)(\d+)$/.exec(text);
  if (!match) return undefined;
  const value = BigInt(`${match[1] === '-' ? '-' : ''}${match[2]}`);
  return value >= INT64_MIN && value <= INT64_MAX ? value.toString() : undefined;
}

/** Decimal text kept digit for digit (no float): only the sign and leading zeros are tidied. */
function decimal(text: string): string | undefined {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction] = match;
  if (whole === '' && (fraction === undefined || fraction === '')) return undefined;
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const tail = fraction ? `.${fraction}` : '';
  const negative = sign === '-' && /[1-9]/.test(digits + (fraction ?? ''));
  return `${negative ? '-' : ''}${digits}${tail}`;
}

function booleanWord(text: string): string | undefined {
  const word = text.toLowerCase();
  if (word === 'true' || word === 'yes') return 'true';
  if (word === 'false' || word === 'no') return 'false';
  return undefined;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Any ISO 8601 date-time with a zone, moved to UTC; the fraction of seconds is kept as typed. */
function dateTimeUtc(text: string): string | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '00', fraction = '', zone] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string | undefined,
    string,
  ];
  if (!isCalendarDate(`${y}-${mo}-${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const zoneMatch = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    const hours = Number(zoneMatch[2]);
    const minutes = Number(zoneMatch[3] ?? '0');
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zoneMatch[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const utc = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi) - offsetMinutes, Number(s)));
  const year = utc.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  return `${utc.toISOString().slice(0, 19)}${fraction}Z`;
}

function monthDay(text: string): string | undefined {
  const match = /^(?:--)?(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1) return undefined;
  // 2000 is a leap year, so 02-29 (a birthday, an anniversary) is a valid month-day.
  if (!isCalendarDate(`2000-${pad(month)}-${pad(day)}`)) return undefined;
  return `${pad(month)}-${pad(day)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A number as typed ("+1.50", ".5", "1.") written as the JSON number text it means. Stores
 * read it as a double: one too large for that (400 digits) is refused here, not by the store.
 */
function jsonNumberText(text: string): string | undefined {
  const number = decimal(text) ?? (JSON_NUMBER.test(text) ? text : undefined);
  return number !== undefined && Number.isFinite(Number(number)) ? number : undefined;
}

function measure(type: MeasureType, text: string): string | undefined {
  let amount: string | undefined;
  let unit: string | undefined;
  if (text.startsWith('{')) {
    const object = parseObject(text, ['value', 'unit']);
    if (!object) return undefined;
    const raw = object.value;
    amount = isLosslessNumber(raw) ? raw.toString() : typeof raw === 'string' ? raw.trim() : undefined;
    unit = typeof object.unit === 'string' ? object.unit : undefined;
  } else {
    const match = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-z][A-Za-z0-9_ ]*)$/.exec(text);
    if (!match) return undefined;
    amount = match[1];
    unit = match[2]!.trim().replace(/\s+/g, '_');
  }
  if (amount === undefined || unit === undefined) return undefined;
  const number = jsonNumberText(amount);
  const canonicalUnit = (UNITS[type] as readonly string[]).find((u) => u === unit!.toLowerCase());
  if (number === undefined || canonicalUnit === undefined) return undefined;
  return `{"value":${number},"unit":"${canonicalUnit}"}`;
}

function money(text: string): string | undefined {
  let amount: string | undefined;
  let currency: string | undefined;
  if (text.startsWith('{')) {
    const object = parseObject(text, ['amount', 'currency']);
    if (!object) return undefined;
    const raw = object.amount;
    amount = isLosslessNumber(raw) ? raw.toString() : typeof raw === 'string' ? raw : undefined;
    currency = typeof object.currency === 'string' ? object.currency : undefined;
  } else {
    const after = /^([+-]?[\d.]+)\s*([A-Za-z]{3})$/.exec(text);
    const before = /^([A-Za-z]{3})\s*([+-]?[\d.]+)$/.exec(text);
    if (after) [amount, currency] = [after[1], after[2]];
    else if (before) [amount, currency] = [before[2], before[1]];
  }
  if (amount === undefined || currency === undefined) return undefined;
  const tidy = decimal(amount.trim());
  if (tidy === undefined || !/^-?\d+(\.\d{1,2})?$/.test(tidy) || !/^[A-Za-z]{3}$/.test(currency)) return undefined;
  return `{"amount":"${tidy}","currency":"${currency.toUpperCase()}"}`;
}

/** A JSON object with exactly these keys, or undefined. */
function parseObject(text: string, keys: readonly string[]): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  const present = Object.keys(parsed);
  return present.length === keys.length && keys.every((k) => present.includes(k)) ? parsed : undefined;
}

function color(text: string): string | undefined {
  const match = /^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/.exec(text);
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return `#${hex.toUpperCase()}`;
}

function url(text: string): string | undefined {
  if (/\s/.test(text) || !/^https?:\/\//i.test(text)) return undefined;
  try {
    const parsed = new URL(text);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' ? text : undefined;
  } catch {
    return undefined;
  }
}

// ---- equality, for idempotent re-runs ---------------------------------------------------

const STRUCTURED: ReadonlySet<FieldType> = new Set(['Weight', 'Size', 'Volume', 'Money']);

/**
 * Whether the stored value (a string, or an object/array from a tolerant store) already
 * holds what `wire` would set. Structured values compare by meaning (key order, 1.50 and
 * 1.5, upper- or lower-case currency); Color ignores case; text and everything else is exact.
 */
export function sameValue(type: FieldType | undefined, stored: unknown, wire: string): boolean {
  if (typeof stored === 'string') {
    if (stored === wire) return true;
    // Text is text, even JSON-looking text ('{"a": 1}' is not '{"a":1}'): only a store's
    // object or array is read for meaning. (This client sends multi text arrays compact.)
    if (type === undefined || TEXT_TYPES.has(type)) return false;
    if (type === 'Color') return stored.toUpperCase() === wire.toUpperCase();
    if (type === 'DateTime') return sameInstant(stored, wire);
  }
  const a = decoded(stored);
  const b = decoded(wire);
  if (a === undefined || b === undefined) return false;
  const numeric = type === undefined || STRUCTURED.has(type);
  if (typeof a === 'string' || typeof b === 'string') {
    // Only a scalar from a tolerant store (42 for "42", true for "true") is left to compare.
    return typeof stored !== 'string' && scalarOf(stored) === wire;
  }
  return canonical(a, numeric, type) === canonical(b, numeric, type);
}

/**
 * DateTimes are equal when they name the same instant: stores send an offset, `.000`, or
 * (the real store) no zone at all, which is read as UTC as gift card times are (README).
 */
function sameInstant(stored: string, wire: string): boolean {
  const a = instantText(stored);
  return a !== undefined && a === instantText(wire);
}

/** UTC text with the fraction's trailing zeros dropped, so equal instants read alike. */
function instantText(text: string): string | undefined {
  const trimmed = text.trim();
  const utc = dateTimeUtc(trimmed) ?? dateTimeUtc(`${trimmed}Z`);
  return utc?.replace(/(\.\d*?)0+Z$/, '$1Z').replace(/\.Z$/, 'Z');
}

/** A string holding JSON text (object or array) is read; anything else is kept. */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string') return value === null || value === undefined ? undefined : value;
  const text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return value;
  try {
    return parseJson(text);
  } catch {
    return value;
  }
}

function scalarOf(value: unknown): string | undefined {
  if (isLosslessNumber(value)) return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function canonical(value: unknown, numeric: boolean, type: FieldType | undefined): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, numeric, type)).join(',')}]`;
  if (isLosslessNumber(value) || typeof value === 'number') return numeric ? `n:${canonicalNumber(String(value))}` : `s:${String(value)}`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => {
        const item = value[key];
        if (type === 'Money' && key === 'amount' && (typeof item === 'string' || isLosslessNumber(item)))
          return `${JSON.stringify(key)}:n:${canonicalNumber(String(item))}`;
        if (type === 'Money' && key === 'currency' && typeof item === 'string') return `${JSON.stringify(key)}:${JSON.stringify(item.toUpperCase())}`;
        return `${JSON.stringify(key)}:${canonical(item, numeric, type)}`;
      });
    return `{${entries.join(',')}}`;
  }
  if (typeof value === 'string') return type === 'Color' ? `s:${value.toUpperCase()}` : `s:${value}`;
  return `s:${String(value)}`;
}

/** The same number, whatever its spelling: 1.50, 1.5 and 15e-1 all become 15e-1. */
function canonicalNumber(text: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  let scale = Number(exponent) - fraction.length;
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  scale += trailing;
  return `${sign === '-' ? '-' : ''}${digits}e${scale}`;
}
