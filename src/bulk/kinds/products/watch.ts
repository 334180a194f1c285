// The run's journal as the product kind tells it (kind.ts's ProductWatch): each product's
// before-image recorded (synced) before its PUT or POST is sent, and what each gave. A
// product's values are metafield values of the domain `products`: journaled (and undone) as
// a metafield import's are.
import { idText } from '../../../api/products/draft.js';
import type { RunJournal } from '../../runs/run-journal.js';
import type { MetafieldEntry } from '../metafields/undo.js';
import type { ProductWatch } from './kind.js';
import type { ProductEntry } from './undo.js';

export function productWatch(journal: RunJournal): ProductWatch {
  return {
    beforeUpdate: (id, before, sent) => journal.record([{ kind: 'product-update', id, before, sent }] satisfies ProductEntry[]),
    updated: (id, made, after) => journal.record([{ kind: 'product-updated', id, made, ...(after !== undefined ? { after } : {}) }] satisfies ProductEntry[]),
    beforeCreate: (identity, sent) => journal.record([{ kind: 'product-create', identity, sent }] satisfies ProductEntry[]),
    created: (identity, made, after) =>
      journal.record([
        { kind: 'product-created', identity, made, ...(after !== undefined ? { id: idText(after.productId), after } : {}) },
      ] satisfies ProductEntry[]),
    beforeValues: (productId, values) =>
      journal.record(values.map((value): MetafieldEntry => ({ kind: 'metafield', domain: 'products', bizId: productId, ...value }))),
    cancelledValues: (productId, values) =>
      journal.record(values.map((value): MetafieldEntry => ({ kind: 'metafield-void', domain: 'products', bizId: productId, ...value }))),
  };
}
