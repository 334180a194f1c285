// A market (`/markets`, About Market, partners.genstore.ai/docs/api-rest/29): a region the store
// sells to with its currency and primary language, described once; the record table makes its
// section of the data file, the journal and a seed, the bodies, the listing and the count. The
// page's object is past the readable part: the fields are those its features name, the paths
// the family's (docs/decisions.md "Markets").
import * as z from 'zod';
import { MAX_TEXT_LENGTH } from '../products/decisions.js';
import { createTime, flag, kept, text, updateTime, type FieldKind } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import { reportRepeatedHandles } from '../text.js';
import demo from './demo.json' with { type: 'json' };

export const SCOPES = ['read_markets', 'write_markets'] as const;

export const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COUNTRY = /^[A-Z]{2}$/;

/** The countries and regions a market serves: two-letter codes, each once, in the order sent. */
const regions: FieldKind<string[], false> = {
  ...kept(z.array(z.string().regex(COUNTRY)), []),
  seed: z.array(z.string().regex(COUNTRY, 'must be a two-letter country code such as DE')).default([]),
  read(value, at, errors) {
    if (Array.isArray(value) && value.every((code): code is string => typeof code === 'string' && COUNTRY.test(code))) return [...new Set(value)];
    errors.add(at, 'must be an array of two-letter country codes such as ["DE", "FR"]');
    return undefined;
  },
};

export const marketTable = recordTable({
  key: 'markets',
  wrap: { one: 'market', many: 'markets' },
  fields: {
    name: text({ max: MAX_TEXT_LENGTH, required: true, notBlank: true }),
    handle: text({ max: MAX_TEXT_LENGTH, rule: { test: HANDLE, message: 'must be lowercase letters, digits and single hyphens, such as europe-west' } }),
    currency: text({ max: 3, rule: { test: /^[A-Z]{3}$/, message: 'must be a three-letter currency code such as EUR' } }),
    primaryLanguage: text({ max: 35, rule: { test: /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, message: 'must be a language code such as en or pt-BR' } }),
    regions,
    // The store's default market: only the store sets it (routes.ts keeps one).
    primary: flag({ initial: false, writable: false }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  routes: { path: '/markets', create: true, list: true, count: true, get: true, update: true, delete: true },
  scopes: { read: ['read_markets', 'write_markets'], write: 'write_markets' },
  check(records, report) {
    reportRepeatedHandles(records, 'markets', report);
    if (records.filter((record) => record.primary === true).length > 1)
      report(
        records.findLastIndex((record) => record.primary === true),
        'primary',
        'a store has one primary market',
      );
  },
  demo,
});

export type MarketRecord = TableRecord<typeof marketTable>;
