// How the dialects show a discount: flat with its codes listed apart (ours, here), or nested
// with its code inside (the real one's, nested-shape.ts).
import { JsonInteger } from '../../http/body-json.js';
import type { DiscountCodeRecord, DiscountRecord } from './record.js';
import { nestFlat } from './nested-shape.js';

/** The wire form of a discount in the dialect's shape (ids as the dialect writes them, times too). */
export function presentDiscount(record: DiscountRecord, time: (stored: string) => string, shape: 'flat' | 'nested'): Record<string, unknown> {
  const flat = presentFlat(record, time);
  return shape === 'nested' ? nestFlat(flat, record) : flat;
}

/** Ours: flat, its codes counted here and listed apart. */
function presentFlat(record: DiscountRecord, time: (stored: string) => string): Record<string, unknown> {
  return {
    id: new JsonInteger(record.id),
    title: record.title,
    discountType: record.discountType,
    valueType: record.valueType,
    value: record.value,
    discountMethod: record.discountMethod,
    eligibility: record.eligibility,
    segmentIds: record.segmentIds.map((segment) => new JsonInteger(segment)),
    status: record.status,
    startTime: time(record.startTime),
    endTime: record.endTime === null ? null : time(record.endTime),
    usageLimit: record.usageLimit,
    oncePerCustomer: record.oncePerCustomer,
    codesCount: record.codes.length,
    createTime: time(record.createTime),
    updateTime: time(record.updateTime),
  };
}

/** A code of a discount: codes are shared with customers, so they show whole. */
export function presentCode(code: DiscountCodeRecord, discountId: string, time: (stored: string) => string): Record<string, unknown> {
  return {
    id: new JsonInteger(code.id),
    discountId: new JsonInteger(discountId),
    code: code.code,
    usageCount: code.usageCount,
    createTime: time(code.createTime),
  };
}
