// `refund list|get|create`: money given back on orders (About Refund). None is the kit's: each
// takes an order, or reaches a request of its own (a read by `ids=`, a create asked about).
import type { Noun } from '../types.js';
import create from './create.js';
import get from './get.js';
import list from './list.js';

export const refund: Noun = {
  name: 'refund',
  summary: "Give money back on orders: list an order's refunds, show one, create one (asks first)",
  verbs: [list, get, create],
};
