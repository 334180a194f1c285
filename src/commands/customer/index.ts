// `customer list|search|get|count|create|update|delete|import|export`: the kit's verbs and
// search (kit.ts), import and export (import.ts, export.ts), in help order.
import type { Noun } from '../types.js';
import exportVerb from './export.js';
import importVerb from './import.js';
import { search, verbs } from './kit.js';

export const customer: Noun = {
  name: 'customer',
  summary: 'List, search, count, get, create, update, delete, import and export customers (protected fields shown as withheld)',
  verbs: [verbs.list!, search, verbs.get!, verbs.count!, verbs.create!, verbs.update!, verbs.delete!, importVerb, exportVerb],
};
