// Discounts (partners.genstore.ai "About Discount"), declared for what both shapes read: the
// fields of Genstore's nested discount and of the service's flat one (wire-shape.ts), shown
// as the store sent them. A discount has no one id field (`discountId` nested, `id` flat), so
// the read hook requires either, a JSON string or number. What is sent is the store's shape
// (wire-shape.ts discountBody) and checked in schema.ts; the requests are requests.ts, which
// read through this declaration and delete through the kit's RestApi.
import { RuntimeError } from '../../core/errors.js';
import { isLosslessNumber } from '../../core/json.js';
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const discounts = restResource({
  name: 'discount',
  path: '/discounts',
  wrap: { item: 'discount', list: 'discounts' },
  paging: { max: 250, defaultLimit: 50, sinceId: true },
  fields: {
    discountId: kind.id(),
    id: kind.id(),
    title: kind.text(),
    /** Genstore's: the type, the method and the code inside (wire-shape.ts). */
    promotionType: kind.asSent(),
    discountType: kind.asSent(),
    valueType: kind.asSent(),
    value: kind.decimal(),
    discountMethod: kind.asSent(),
    eligibility: kind.asSent(),
    segmentIds: kind.asSent(),
    status: kind.asSent(),
    startTime: kind.timestamp(),
    endTime: kind.timestamp(),
    usageLimit: kind.asSent(),
    oncePerCustomer: kind.asSent(),
    /** The service's count of a discount's codes. */
    codesCount: kind.asSent(),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  read: withId,
});

export type Discount = RecordOf<typeof discounts>;

/** The fields --json selects, both shapes'. */
export const DISCOUNT_FIELDS = Object.keys(discounts.fields) as (keyof typeof discounts.fields)[];

/** A discount's id by the name each shape gives it: `id` (the flat one), `discountId` (Genstore's nested one). */
export const DISCOUNT_ID_FIELDS = ['id', 'discountId'] as const;

/** A discount must carry an id (`discountId` in Genstore's shape, `id` in the service's), as text or a number. */
function withId(discount: Record<string, unknown>): Record<string, unknown> {
  const id = discount.discountId ?? discount.id;
  if (typeof id !== 'string' && !isLosslessNumber(id)) throw new RuntimeError(`The store sent a discount without an id (neither 'discountId' nor 'id').`);
  return discount;
}
