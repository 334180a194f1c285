// A material, a file of the store's library (About Material, partners.genstore.ai/docs/api-rest/58),
// described once, its fields in the order the docs' object writes them, every value text as the
// sample sends it. Made at `POST /material` from the URL the file is served at (the sandbox
// fetches nothing: it keeps the URL), listed and searched at `GET /materials` by `title` (part of
// it, ignoring case) and `materialType`. Scope write_materials for the create (documented); the
// search's is not readable: read_materials or write_materials (docs/decisions.md "Files, themes
// and payments"). What a create must agree with (a file type of its material type, the sizes
// the help centre allows) is in routes.ts.
import * as z from 'zod';
import { choiceFilter } from '../pagination.js';
import { choice, kept, text } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import { isHttpUrl } from '../text.js';
import demo from './demo.json' with { type: 'json' };

export const SCOPES = ['read_materials', 'write_materials'] as const;

export const MATERIAL_TYPES = ['1', '2', '3', '4'] as const;

const POSITIVE = /^[1-9]\d*$/;

export const materialTable = recordTable({
  key: 'materials',
  wrap: { one: 'material', many: 'materials' },
  noun: 'material',
  fields: {
    duration: text({ max: 6, rule: { test: /^\d+$/, message: 'must be whole seconds as text, such as "95"' } }),
    optimizeUrl: kept(z.string(), ''),
    materialFileType: text({ max: 2, required: true, rule: { test: POSITIVE, message: 'must be a file type code as text, such as "2" (png)' } }),
    size: text({ max: 12, required: true, rule: { test: POSITIVE, message: 'must be a size in bytes as text, such as "10245"' } }),
    coverImageUrl: kept(z.string(), ''),
    materialType: choice(MATERIAL_TYPES, { required: true }),
    title: text({ max: 255, required: true, notBlank: true }),
    materialDetailExts: kept(z.array(z.strictObject({ key: z.string(), value: z.string() })), []),
    url: text({ max: 2048, required: true, rule: { test: isHttpUrl, message: 'must be an absolute http or https URL' } }),
    introduction: text({ max: 500 }),
  },
  routes: { path: '/materials', create: '/material', list: true },
  scopes: { read: ['read_materials', 'write_materials'], write: 'write_materials' },
  filters: [
    {
      name: 'title',
      check: (raw) => (raw === '' ? undefined : raw.toLowerCase()),
      keep: (record: { title: string }, part) => record.title.toLowerCase().includes(part),
    },
    choiceFilter('materialType', MATERIAL_TYPES, (record: { materialType: string }) => record.materialType),
  ],
  demo,
});

export type MaterialRecord = TableRecord<typeof materialTable>;
