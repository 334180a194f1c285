import { JsonInteger } from '../../http/body-json.js';
import type { DiscountCodeRecord, DiscountRecord } from './record.js';

/** The wire form of a discount (ids as the dialect writes them, times too); its codes are listed apart. */
export function presentDiscount(record: DiscountRecord, time: (stored: string) => string): Record<string, unknown> {
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
  return { id: new JsonInteger(code.id), discountId: new JsonInteger(discountId), code: code.code, usageCount: code.usageCount, createTime: time(code.createTime) };
}
