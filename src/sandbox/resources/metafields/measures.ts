/**
 * Weight, Size and Volume: their units, and exact comparison of amounts written in
 * different units (a schemaRule of "at most 500 kg" must hold for 1102.31 lb too).
 * Comparison is on exact decimals, so a value right at a bound is never misjudged by a
 * rounding error.
 */

export type MeasureType = 'Weight' | 'Size' | 'Volume';

/** Each unit's size in the type's base unit (g, mm, ml), as exact decimal text. */
const UNIT_FACTORS: Readonly<Record<MeasureType, Readonly<Record<string, string>>>> = {
  Weight: { g: '1', kg: '1000', lb: '453.59237', oz: '28.349523125' },
  Size: { mm: '1', cm: '10', m: '1000', in: '25.4', ft: '304.8', yd: '914.4' },
  // US customary fluid units, as Shopify uses them.
  Volume: { ml: '1', cl: '10', l: '1000', m3: '1000000', fl_oz: '29.5735295625', pt: '473.176473', qt: '946.352946', gal: '3785.411784' },
};

const MEASURE_TYPES: readonly MeasureType[] = ['Weight', 'Size', 'Volume'];

export function isMeasureType(type: string): type is MeasureType {
  return (MEASURE_TYPES as readonly string[]).includes(type);
}

export function isUnitOf(type: MeasureType, unit: string): boolean {
  return Object.hasOwn(UNIT_FACTORS[type], unit);
}

/** "g, kg, lb or oz" */
export function unitList(type: MeasureType): string {
  const units = Object.keys(UNIT_FACTORS[type]);
  return `${units.slice(0, -1).join(', ')} or ${units.at(-1) as string}`;
}

/** sign x digits x 10^exponent, digits without trailing zeros. */
interface ExactDecimal {
  sign: -1 | 0 | 1;
  digits: bigint;
  exponent: number;
}

const NUMBER_TEXT = /^(-)?([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

function exact(text: string): ExactDecimal {
  const match = NUMBER_TEXT.exec(text);
  if (match === null) throw new TypeError(`not a JSON number: ${text}`);
  const [, minus, whole = '', fraction = '', power = '0'] = match;
  let digits = BigInt(whole + fraction);
  if (digits === 0n) return { sign: 0, digits: 0n, exponent: 0 };
  let exponent = Number(power) - fraction.length;
  while (digits % 10n === 0n) {
    digits /= 10n;
    exponent += 1;
  }
  return { sign: minus === undefined ? 1 : -1, digits, exponent };
}

function times(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  if (a.sign === 0 || b.sign === 0) return { sign: 0, digits: 0n, exponent: 0 };
  return { sign: a.sign === b.sign ? 1 : -1, digits: a.digits * b.digits, exponent: a.exponent + b.exponent };
}

/** The power of ten just above |x|: a cheap first comparison that avoids scaling by a huge power. */
function magnitude(x: ExactDecimal): number {
  return x.digits.toString().length + x.exponent;
}

function compareExact(a: ExactDecimal, b: ExactDecimal): number {
  if (a.sign !== b.sign) return a.sign < b.sign ? -1 : 1;
  if (a.sign === 0) return 0;
  const ma = magnitude(a);
  const mb = magnitude(b);
  let absolute: number;
  if (ma !== mb) absolute = ma < mb ? -1 : 1;
  else {
    // Same magnitude: the exponents differ by at most the digit counts, so this scaling is bounded.
    const low = Math.min(a.exponent, b.exponent);
    const x = a.digits * 10n ** BigInt(a.exponent - low);
    const y = b.digits * 10n ** BigInt(b.exponent - low);
    absolute = x < y ? -1 : x > y ? 1 : 0;
  }
  return a.sign * absolute;
}

/** An amount as JSON number text plus a unit of its type. */
export interface Measure {
  value: string;
  unit: string;
}

/** Compares two amounts of one type across units; both units must belong to the type. */
export function compareMeasures(type: MeasureType, a: Measure, b: Measure): number {
  const factors = UNIT_FACTORS[type];
  const inBase = (m: Measure) => times(exact(m.value), exact(factors[m.unit] as string));
  return compareExact(inBase(a), inBase(b));
}
