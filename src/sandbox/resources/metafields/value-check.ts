// A metafield value checked against its definition's type, rule and multi flag (a value without
// a definition as SingleLineText), giving the canonical text the store keeps: a structured value
// (Weight, Money...) sent as an object or as JSON text is stored the same.
import { isCalendarDate } from '../dates.js';
import { ID_PATTERN } from '../../state/ids.js';
import { isJsonNumber, isJsonObject, parseJson, type JsonObject } from '../../http/body-json.js';
import { characterCount, isHttpUrl } from '../text.js';
import type { MetafieldDefinition } from '../metafield-definitions/definitions.js';
import { compareMeasures, isMeasureType, isUnitOf, unitList, type Measure, type MeasureType } from './measures.js';
import { MAX_LINE_LENGTH, MAX_VALUE_LENGTH, UNDEFINED_FIELD_TYPE, type FieldType } from './rules.js';

/**
 * Checks a metafield value against its definition and gives its canonical wire text: the
 * string itself for text-like types, compact JSON for Weight, Size, Volume, Money and
 * `multi` arrays (so an object sent in place of the string is stored the same way).
 */

export type ValueCheck = { ok: true; text: string; fieldType: FieldType } | { ok: false; message: string };

/** An item's canonical JSON fragment, or why it is not one of its type. */
type ItemCheck = { ok: true; json: string } | { ok: false; message: string };

const LINE_BREAK = /[\r\n]/;

interface ScalarRule {
  expected: string;
  example: string;
  accepts(text: string): boolean;
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?Z$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;
const COLOR = /^#[0-9A-Fa-f]{6}$/;
const MONEY_AMOUNT = /^-?[0-9]+(\.[0-9]{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

function isMonthDay(text: string): boolean {
  const match = MONTH_DAY.exec(text);
  // 2000 is a leap year, so 02-29 counts as a day of the year.
  return match !== null && isCalendarDate(`2000-${match[1]}-${match[2]}`);
}

const isLine = (text: string) => !LINE_BREAK.test(text) && characterCount(text) <= MAX_LINE_LENGTH;

function reference(type: string): ScalarRule {
  return {
    expected: `expected a ${type} id like "4000000000000000011" (1 to 20 digits, no leading zero)`,
    example: '"4000000000000000011"',
    accepts: (text) => ID_PATTERN.test(text),
  };
}

const SCALAR_RULES: Readonly<Partial<Record<FieldType, ScalarRule>>> = {
  SingleLineText: {
    expected: `expected a single line of text of at most ${MAX_LINE_LENGTH} characters`,
    example: '"Organic cotton"',
    accepts: isLine,
  },
  MultiLineText: {
    expected: `expected text of at most ${MAX_VALUE_LENGTH} characters`,
    example: '"Wash cold.\\nDry flat."',
    accepts: () => true,
  },
  Integer: {
    expected: 'expected an Integer like "42" (no leading zeros, within signed 64-bit)',
    example: '"42"',
    accepts: (text) => text.length <= 20 && INTEGER.test(text) && BigInt(text) >= INT64_MIN && BigInt(text) <= INT64_MAX,
  },
  Decimal: { expected: 'expected a Decimal like "3.14"', example: '"3.14"', accepts: (text) => DECIMAL.test(text) },
  Boolean: { expected: 'expected a Boolean, "true" or "false"', example: '"true"', accepts: (text) => text === 'true' || text === 'false' },
  Date: { expected: 'expected a Date like "2026-11-21" (a real calendar day)', example: '"2026-11-21"', accepts: isCalendarDate },
  DateTime: {
    expected: 'expected a DateTime like "2026-11-21T10:00:00Z" (UTC, ending in Z)',
    example: '"2026-11-21T10:00:00Z"',
    accepts: (text) => {
      const match = DATE_TIME.exec(text);
      return match !== null && isCalendarDate(match[1] as string);
    },
  },
  MonthDay: { expected: 'expected a MonthDay like "11-21" (MM-DD)', example: '"11-21"', accepts: isMonthDay },
  Color: { expected: 'expected a Color like "#1A2B3C"', example: '"#1A2B3C"', accepts: (text) => COLOR.test(text) },
  Url: {
    expected: 'expected a Url like "https://example.com/manual.pdf" (absolute http or https)',
    example: '"https://example.com/manual.pdf"',
    accepts: isHttpUrl,
  },
  Product: reference('Product'),
  Customer: reference('Customer'),
  Collection: reference('Collection'),
  Page: reference('Page'),
  File: reference('File'),
  SKU: {
    expected: `expected a SKU: non-empty text of at most ${MAX_LINE_LENGTH} characters without line breaks`,
    example: '"SKU-1234"',
    accepts: (text) => text !== '' && isLine(text),
  },
};

const MEASURE_EXAMPLES: Readonly<Record<MeasureType, string>> = {
  Weight: '{"value": 1.5, "unit": "kg"}',
  Size: '{"value": 30, "unit": "cm"}',
  Volume: '{"value": 750, "unit": "ml"}',
};

const MONEY_EXAMPLE = '{"amount": "9.99", "currency": "USD"}';

function expectedOf(type: FieldType): string {
  if (isMeasureType(type)) return `expected a ${type} like ${MEASURE_EXAMPLES[type]} with unit ${unitList(type)}`;
  if (type === 'Money') return `expected Money like ${MONEY_EXAMPLE} (amount with at most 2 decimals, currency of three upper-case letters)`;
  return (SCALAR_RULES[type] as ScalarRule).expected;
}

function exampleOf(type: FieldType): string {
  if (isMeasureType(type)) return MEASURE_EXAMPLES[type];
  if (type === 'Money') return MONEY_EXAMPLE;
  return (SCALAR_RULES[type] as ScalarRule).example;
}

function hasExactly(object: JsonObject, keys: readonly string[]): boolean {
  const own = Object.keys(object);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(object, key));
}

function checkMeasure(type: MeasureType, item: unknown, definition: MetafieldDefinition | undefined): ItemCheck {
  const fail = { ok: false, message: expectedOf(type) } as const;
  if (!isJsonObject(item) || !hasExactly(item, ['value', 'unit'])) return fail;
  const { value, unit } = item;
  if (!isJsonNumber(value) || !Number.isFinite(Number(value.value)) || typeof unit !== 'string' || !isUnitOf(type, unit)) return fail;
  const measure: Measure = { value: value.value, unit };
  const rule = definition?.schemaRule;
  if (rule?.min !== undefined && compareMeasures(type, measure, rule.min) < 0) {
    return { ok: false, message: `must be at least ${rule.min.value} ${rule.min.unit}` };
  }
  if (rule?.max !== undefined && compareMeasures(type, measure, rule.max) > 0) {
    return { ok: false, message: `must be at most ${rule.max.value} ${rule.max.unit}` };
  }
  return { ok: true, json: `{"value":${measure.value},"unit":${JSON.stringify(unit)}}` };
}

function checkMoney(item: unknown): ItemCheck {
  const { amount, currency } = isJsonObject(item) && hasExactly(item, ['amount', 'currency']) ? item : {};
  if (typeof amount !== 'string' || !MONEY_AMOUNT.test(amount) || typeof currency !== 'string' || !CURRENCY.test(currency)) {
    return { ok: false, message: expectedOf('Money') };
  }
  return { ok: true, json: `{"amount":${JSON.stringify(amount)},"currency":${JSON.stringify(currency)}}` };
}

function isStructured(type: FieldType): boolean {
  return isMeasureType(type) || type === 'Money';
}

/** One value of the type, already parsed from JSON text when the type is structured. */
function checkItem(type: FieldType, item: unknown, definition: MetafieldDefinition | undefined): ItemCheck {
  if (isMeasureType(type)) return checkMeasure(type, item, definition);
  if (type === 'Money') return checkMoney(item);
  const rule = SCALAR_RULES[type] as ScalarRule;
  if (typeof item !== 'string') return { ok: false, message: `${rule.expected}, as a JSON string` };
  if (!rule.accepts(item)) return { ok: false, message: rule.expected };
  return { ok: true, json: JSON.stringify(item) };
}

/** JSON text inside the value string, numbers kept as their exact text. */
function parseEmbedded(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJson(text) };
  } catch {
    return { ok: false };
  }
}

function checkMulti(type: FieldType, input: unknown, definition: MetafieldDefinition | undefined): ValueCheck {
  const expected = `expected a JSON array of ${type} values like [${exampleOf(type)}]`;
  let items = input;
  if (typeof input === 'string') {
    const parsed = parseEmbedded(input);
    if (!parsed.ok) return { ok: false, message: expected };
    items = parsed.value;
  }
  if (!Array.isArray(items)) return { ok: false, message: expected };
  const parts: string[] = [];
  for (const [index, item] of items.entries()) {
    const checked = checkItem(type, item, definition);
    if (!checked.ok) return { ok: false, message: `has an invalid item [${index}]: ${checked.message}` };
    parts.push(checked.json);
  }
  return { ok: true, text: `[${parts.join(',')}]`, fieldType: type };
}

function checkSingle(type: FieldType, input: unknown, definition: MetafieldDefinition | undefined): ValueCheck {
  if (!isStructured(type)) {
    const checked = checkItem(type, input, definition);
    return checked.ok ? { ok: true, text: input as string, fieldType: type } : checked;
  }
  let item = input;
  if (typeof input === 'string') {
    const parsed = parseEmbedded(input);
    if (!parsed.ok) return { ok: false, message: expectedOf(type) };
    item = parsed.value;
  }
  const checked = checkItem(type, item, definition);
  return checked.ok ? { ok: true, text: checked.json, fieldType: type } : checked;
}

/** A value without a definition is held to SingleLineText's rules. */
export function checkValue(input: unknown, definition: MetafieldDefinition | undefined): ValueCheck {
  if (input === undefined || input === null) return { ok: false, message: 'is required' };
  if (typeof input === 'string' && input.length > MAX_VALUE_LENGTH && characterCount(input) > MAX_VALUE_LENGTH) {
    return { ok: false, message: `must be at most ${MAX_VALUE_LENGTH} characters` };
  }
  const type = definition?.fieldType ?? UNDEFINED_FIELD_TYPE;
  const checked = definition?.multi === true ? checkMulti(type, input, definition) : checkSingle(type, input, definition);
  if (checked.ok && checked.text.length > MAX_VALUE_LENGTH && characterCount(checked.text) > MAX_VALUE_LENGTH) {
    return { ok: false, message: `must be at most ${MAX_VALUE_LENGTH} characters` };
  }
  return checked;
}
