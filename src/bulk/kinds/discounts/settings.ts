// A discount's settings as discount import compares, writes and journals them, whatever the
// store's shape: the fields a row may set (title, type, value and its type, method,
// eligibility and segments, status, dates, limits) and the codes. Read from a discount
// (api/discounts/wire-shape.ts), compared field by field as the store means them (amounts by
// value, times by instant, enums ignoring case), and turned back into the change that puts a
// discount's fields to them (an undo's restore). Pure: no I/O.
import { sameAmount } from '../../../api/gift-cards/match.js';
import type { DiscountChange } from '../../../api/discounts/schema.js';
import { instantOf } from '../../../api/discounts/times.js';
import type { DiscountReading } from '../../../api/discounts/wire-shape.js';

/** The fields a row may set, as text ('' where the store holds none), and its codes: the journal's form. */
export type DiscountSettings = Pick<
  DiscountReading,
  | 'title'
  | 'discountType'
  | 'valueType'
  | 'value'
  | 'discountMethod'
  | 'eligibility'
  | 'segmentIds'
  | 'status'
  | 'startTime'
  | 'endTime'
  | 'usageLimit'
  | 'oncePerCustomer'
> & {
  /** Its codes, as the store holds them: Genstore's one (or none), the service's every code. */
  codes: string[];
};

export type SettingName = Exclude<keyof DiscountSettings, 'codes'>;

/** The fields an update sends (the method and the codes cannot change; the status has its own request). */
export const CHANGEABLE: readonly SettingName[] = [
  'title',
  'discountType',
  'valueType',
  'value',
  'eligibility',
  'segmentIds',
  'startTime',
  'endTime',
  'usageLimit',
  'oncePerCustomer',
];

/** A discount's settings from its reading, with `codes` (Genstore's is inside the reading; the service's are read apart). */
export function settingsOf(reading: DiscountReading, codes: readonly string[] = reading.code === '' ? [] : [reading.code]): DiscountSettings {
  const { title, discountType, valueType, value, discountMethod, eligibility, segmentIds, status, startTime, endTime, usageLimit, oncePerCustomer } = reading;
  return {
    title,
    discountType,
    valueType,
    value,
    discountMethod,
    eligibility,
    segmentIds: [...segmentIds],
    status,
    startTime,
    endTime,
    usageLimit,
    oncePerCustomer,
    codes: [...codes],
  };
}

/** Whether two texts of a field say the same, as the store means the field. */
export function sameSetting(name: SettingName, a: string | readonly string[], b: string | readonly string[]): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const [x, y] = [[...(a as string[])].sort(), [...(b as string[])].sort()];
    return x.length === y.length && x.every((item, index) => item === y[index]);
  }
  const [x, y] = [(a as string).trim(), (b as string).trim()];
  if (x === y) return true;
  if (x === '' || y === '') return false;
  switch (name) {
    case 'value':
      return sameAmount(x, y);
    case 'startTime':
    case 'endTime':
      return instantOf(x) !== undefined && instantOf(x) === instantOf(y);
    case 'title':
      return false;
    default:
      return x.toUpperCase() === y.toUpperCase();
  }
}

/** The fields of `wanted` (those given) that `held` does not hold. */
export function differences(wanted: Partial<DiscountSettings>, held: DiscountSettings): SettingName[] {
  return (Object.keys(wanted) as Array<keyof DiscountSettings>).filter(
    (name): name is SettingName => name !== 'codes' && wanted[name] !== undefined && !sameSetting(name, wanted[name]!, held[name]),
  );
}

/** Two discounts hold the same settings and codes (codes ignoring case, as the store compares them). */
export function sameSettings(a: DiscountSettings, b: DiscountSettings): boolean {
  const codes = (settings: DiscountSettings) => settings.codes.map((code) => code.toLowerCase());
  return differences(a, b).length === 0 && sameSetting('codes' as SettingName, codes(a), codes(b));
}

/** The change that puts `names` of a discount to `to`: what an update sends (undo puts a discount back with it). */
export function changeTo(to: DiscountSettings, names: readonly SettingName[]): DiscountChange {
  const change: Record<string, unknown> = {};
  for (const name of names) {
    if (!CHANGEABLE.includes(name)) continue;
    const value = to[name];
    if (name === 'segmentIds') change.segmentIds = [...(value as string[])];
    else if (name === 'endTime') change.endTime = value === '' ? null : value;
    else if (name === 'usageLimit') change.usageLimit = value === '' ? null : Number(value);
    else if (name === 'oncePerCustomer') change.oncePerCustomer = value === 'true';
    else if (value !== '') change[name] = value;
  }
  return change as DiscountChange;
}

/** What a run writes to a discount, as its journal keeps it: the settings it gives, and the codes of one it creates. */
export type DiscountWrite = Partial<DiscountSettings>;

/** Whether `held` holds every setting of `written` (codes ignoring case, each code written among the held). */
export function holdsWritten(held: DiscountSettings, written: DiscountWrite): boolean {
  const { codes, ...settings } = written;
  const heldCodes = new Set(held.codes.map((code) => code.toLowerCase()));
  return differences(settings, held).length === 0 && (codes ?? []).every((code) => heldCodes.has(code.toLowerCase()));
}
