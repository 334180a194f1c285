// Every kind's undo, for `store-cli undo`, which reads a journal whatever import wrote it:
// in the order undo plans them (values first, so that those of a product the run created go
// with it; then products, discounts, cards, customers, fulfillments). An import takes back its own run by its kind's
// `undo` alone (engine/import-kind.ts); only the undos load here, not the imports.
import type { KindUndo } from '../runs/kind-undo.js';
import { customerUndo } from './customers/undo.js';
import { discountUndo } from './discounts/undo.js';
import { fulfillmentUndo } from './fulfillments/undo.js';
import { giftCardUndo } from './gift-cards/undo.js';
import { metafieldUndo } from './metafields/undo.js';
import { productUndo } from './products/undo.js';

export const EVERY_UNDO: readonly KindUndo[] = [metafieldUndo, productUndo, discountUndo, giftCardUndo, customerUndo, fulfillmentUndo];
