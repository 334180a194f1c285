// The journal as the row kinds hear of it: each metafield, gift card, product or discount
// write turned into before-images, recorded (synced) before the write is sent.
import { idText } from '../../api/products/draft.js';
import type { WriteWatch } from '../kinds/metafields/apply.js';
import type { DiscountWatch } from '../kinds/discounts/kind.js';
import type { CardWatch } from '../kinds/gift-cards/kind.js';
import type { ProductWatch } from '../kinds/products/kind.js';
import type { RunJournal } from './run-journal.js';

export function metafieldWatch(journal: RunJournal): WriteWatch {
  return {
    before: (domain, bizId, values) => journal.record(values.map(({ row, held }) => ({ kind: 'metafield', domain, bizId, namespace: row.namespace, code: row.code, before: held, after: row.value }))),
    cancelled: (domain, bizId, rows) => journal.record(rows.map((row) => ({ kind: 'metafield-void', domain, bizId, namespace: row.namespace, code: row.code }))),
    unsure: (domain, bizId, rows) => journal.record(rows.map((row) => ({ kind: 'metafield-unsure', domain, bizId, namespace: row.namespace, code: row.code }))),
  };
}

export function giftCardWatch(journal: RunJournal): CardWatch {
  return {
    before: (write) => journal.record([write.op === 'create' ? { kind: 'giftcard-create', ...withoutOp(write) } : { kind: 'giftcard-update', ...withoutOp(write) }]),
    created: (last4, made, id, unsure) => journal.record([{ kind: 'giftcard-created', last4, made, ...(id !== undefined ? { id } : {}), ...(unsure === true ? { unsure } : {}) }]),
  };
}

/** A product's values are metafield values of the domain `products`: undone as metafield import's are. */
export function productWatch(journal: RunJournal): ProductWatch {
  return {
    beforeUpdate: (id, before, sent) => journal.record([{ kind: 'product-update', id, before, sent }]),
    updated: (id, made, after) => journal.record([{ kind: 'product-updated', id, made, ...(after !== undefined ? { after } : {}) }]),
    beforeCreate: (identity, sent) => journal.record([{ kind: 'product-create', identity, sent }]),
    created: (identity, made, after) => journal.record([{ kind: 'product-created', identity, made, ...(after !== undefined ? { id: idText(after.productId), after } : {}) }]),
    beforeValues: (productId, values) => journal.record(values.map((value) => ({ kind: 'metafield', domain: 'products', bizId: productId, ...value }))),
    cancelledValues: (productId, values) => journal.record(values.map((value) => ({ kind: 'metafield-void', domain: 'products', bizId: productId, ...value }))),
  };
}

export function discountWatch(journal: RunJournal): DiscountWatch {
  return {
    beforeCreate: (key, sent) => journal.record([{ kind: 'discount-create', key, sent }]),
    created: (key, made, id) => journal.record([{ kind: 'discount-created', key, made, ...(id !== undefined ? { id } : {}) }]),
    beforeUpdate: (id, key, before, sent) => journal.record([{ kind: 'discount-update', id, key, before, sent }]),
    beforeAddCode: (discountId, line, code) => journal.record([{ kind: 'discount-code-create', discountId, line, ...(code !== undefined ? { code } : {}) }]),
  };
}

function withoutOp<W extends { op: string }>(write: W): Omit<W, 'op'> {
  const { op: _op, ...rest } = write;
  return rest;
}
