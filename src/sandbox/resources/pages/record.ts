// A page of static content (`/pages`, About Page, partners.genstore.ai/docs/api-rest/59),
// described once, its fields in the order the docs' sample writes them (`visible` as "true").
// The docs show create, get, update and delete, no listing nor count: the table serves those
// four, and routes.ts the create's `coverByHandle`. Scope write_content (a read scope is not
// readable: read_content, as the family names them; docs/decisions.md "Pages").
import { MAX_TEXT_LENGTH } from '../products/decisions.js';
import { createTime, flag, text, updateTime } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import { reportRepeatedHandles } from '../text.js';
import demo from './demo.json' with { type: 'json' };

export const SCOPES = ['read_content', 'write_content'] as const;

export const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const pageTable = recordTable({
  key: 'pages',
  wrap: { one: 'page', many: 'pages' },
  fields: {
    publishTime: text({ max: 40, clearable: true, rule: { test: TIME, message: 'must be an ISO 8601 time such as 2025-01-10T11:00:00Z' } }),
    visible: flag({ initial: true, shown: 'text' }),
    templateName: text({ max: MAX_TEXT_LENGTH, clearable: true }),
    seoDescription: text({ max: 320, clearable: true }),
    handle: text({ max: MAX_TEXT_LENGTH, rule: { test: HANDLE, message: 'must be lowercase letters, digits and single hyphens, such as about-us' } }),
    title: text({ max: MAX_TEXT_LENGTH, required: true, notBlank: true }),
    seoTitle: text({ max: MAX_TEXT_LENGTH, clearable: true }),
    content: text({ max: 512 * 1024, clearable: true }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  routes: { path: '/pages', create: true, get: true, update: true, delete: true },
  scopes: { read: ['read_content', 'write_content'], write: 'write_content' },
  check(records, report) {
    reportRepeatedHandles(records, 'pages', report);
  },
  demo,
});

export type PageRecord = TableRecord<typeof pageTable>;
