// Discounts (`/discounts`, partners.genstore.ai "About Discount", "Manage discounts"): create,
// list, count, get, update, status (enable or disable), delete, and a code discount's codes
// (listed and added one at a time). The record and its rules are in record.ts, bodies in
// input.ts, listings in query.ts, the wire form in present.ts, the seed and demo in seed.ts.
// Decisions where the docs are silent: docs/decisions.md "Discounts".
import * as z from 'zod';
import type { ScopeRequirement } from '../../http/scopes.js';
import { JsonInteger } from '../../http/body-json.js';
import { conflict, invalidField, notFound } from '../../http/sandbox-errors.js';
import { formatTimestamp } from '../dates.js';
import { canonicalId, compareIds } from '../../state/ids.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { checkWhole, readCodeInput, readDiscountInput, readStatus } from './input.js';
import { presentCode, presentDiscount } from './present.js';
import { codeFilter, enumFilter, listPage } from './query.js';
import type { FilledDiscount } from './seed.js';
import { changeSchema, DISCOUNT_METHODS, DISCOUNT_TYPES, discountRecordSchema, KEY, STATUSES, type DiscountCodeRecord, type DiscountRecord } from './record.js';

/** The scopes its routes require, in the order a token's grant lists them ("Manage discounts": write_discounts). */
export const SCOPES = ['read_discounts', 'write_discounts'] as const;

const READ: ScopeRequirement = ['read_discounts', 'write_discounts'];
const WRITE: ScopeRequirement = 'write_discounts';

export const DISCOUNT_TOPICS = { create: 'discounts/create', update: 'discounts/update', delete: 'discounts/delete' } as const;

const LIST_PATH = '/api/202412/discounts';

export function createDiscountResource(env: ResourceEnv): Resource {
  const time = (stored: string) => env.dialect.time(stored);
  /** Ascending by id. */
  let discounts: DiscountRecord[] = [];
  /** Every code of every discount, lower case, to its discount's id: codes are unique in the store. */
  let owners = new Map<string, string>();

  function replaceAll(records: DiscountRecord[]): void {
    const nextOwners = new Map<string, string>();
    const ids = new Set<string>();
    for (const record of records) {
      if (ids.has(record.id)) throw new Error(`discount id ${record.id} appears twice`);
      ids.add(record.id);
      for (const code of record.codes) {
        if (nextOwners.has(code.code.toLowerCase())) throw new Error(`discount code ${code.code} appears twice`);
        nextOwners.set(code.code.toLowerCase(), record.id);
        env.ids.observe(code.id);
      }
      env.ids.observe(record.id);
    }
    discounts = records.map((record) => ({ ...record, codes: [...record.codes].sort((a, b) => compareIds(a.id, b.id)) })).sort((a, b) => compareIds(a.id, b.id));
    owners = nextOwners;
  }

  function find(rawId: string | undefined): DiscountRecord {
    const id = rawId === undefined ? null : canonicalId(rawId);
    const found = id === null ? undefined : discounts.find((record) => record.id === id);
    if (found === undefined) throw notFound(`No discount has the id ${String(rawId).slice(0, 40)}.`);
    return found;
  }

  function put(record: DiscountRecord): void {
    const index = discounts.findIndex((existing) => existing.id === record.id);
    if (index === -1) {
      discounts.push(record);
      discounts.sort((a, b) => compareIds(a.id, b.id));
    } else discounts[index] = record;
    env.ids.observe(record.id);
  }

  function changed(record: DiscountRecord, topic: string | undefined, at: Date): void {
    const { codes: _codes, ...rest } = record;
    env.changed(KEY, { put: rest });
    if (topic !== undefined) env.emit({ topic, key: record.id, payload: presentDiscount(record, time), at });
  }

  function create(request: RouteRequest): RouteReply {
    const input = readDiscountInput(request.body, true);
    const stamp = formatTimestamp(request.now);
    const record: DiscountRecord = {
      id: env.ids.next(),
      title: input.title!,
      discountType: input.discountType!,
      valueType: input.valueType!,
      value: input.value!,
      discountMethod: input.discountMethod!,
      eligibility: input.eligibility ?? (input.segmentIds?.length ? 'SEGMENT' : 'ALL'),
      segmentIds: input.segmentIds ?? [],
      status: input.status ?? 'ENABLED',
      startTime: input.startTime ?? stamp,
      endTime: input.endTime ?? null,
      usageLimit: input.usageLimit ?? null,
      oncePerCustomer: input.oncePerCustomer ?? false,
      createTime: stamp,
      updateTime: stamp,
      codes: [],
    };
    checkWhole(record);
    put(record);
    changed(record, DISCOUNT_TOPICS.create, request.now);
    return { body: { discount: presentDiscount(record, time) }, created: true };
  }

  function update(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const input = readDiscountInput(request.body, false);
    // A code discount's codes would mean nothing on an automatic one, and the other way round.
    if (input.discountMethod !== undefined && input.discountMethod !== existing.discountMethod) {
      throw invalidField('discount.discountMethod', `cannot change (the discount is ${existing.discountMethod}); make a new discount instead`);
    }
    const record: DiscountRecord = { ...existing, ...input, updateTime: formatTimestamp(request.now) };
    if (input.eligibility === 'ALL' && input.segmentIds === undefined) record.segmentIds = [];
    checkWhole(record);
    put(record);
    changed(record, DISCOUNT_TOPICS.update, request.now);
    return { body: { discount: presentDiscount(record, time) } };
  }

  /** Idempotent: the status asked for, answered with the discount; nothing changes (or is announced) when it holds it already. */
  function setStatus(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const status = readStatus(request.body);
    if (existing.status === status) return { body: { discount: presentDiscount(existing, time) } };
    const record: DiscountRecord = { ...existing, status, updateTime: formatTimestamp(request.now) };
    put(record);
    changed(record, DISCOUNT_TOPICS.update, request.now);
    return { body: { discount: presentDiscount(record, time) } };
  }

  function remove(request: RouteRequest): RouteReply {
    const record = find(request.params.id);
    discounts = discounts.filter((existing) => existing.id !== record.id);
    for (const code of record.codes) owners.delete(code.code.toLowerCase());
    env.changed(KEY, { remove: record.id });
    env.emit({ topic: DISCOUNT_TOPICS.delete, key: record.id, payload: { id: new JsonInteger(record.id) }, at: request.now });
    return { body: {} };
  }

  const discountFilters = [
    enumFilter<DiscountRecord>('status', STATUSES, (record) => record.status),
    enumFilter<DiscountRecord>('discountMethod', DISCOUNT_METHODS, (record) => record.discountMethod),
    enumFilter<DiscountRecord>('discountType', DISCOUNT_TYPES, (record) => record.discountType),
  ];

  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(discounts, request.query, LIST_PATH, discountFilters, env.dialect.pageTokenAlone);
    return { body: { discounts: page.map((record) => presentDiscount(record, time)) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    const given = discountFilters.flatMap((filter) => {
      const value = request.query.get(filter.name);
      return value === null ? [] : [{ filter, value: filter.check(value) }];
    });
    const kept = discounts.filter((record) => given.every(({ filter, value }) => filter.keep(record, value)));
    return { body: { count: new JsonInteger(String(kept.length)) } };
  }

  function listCodes(request: RouteRequest): RouteReply {
    const discount = find(request.params.id);
    const { page, links } = listPage(discount.codes, request.query, `${LIST_PATH}/${discount.id}/codes`, [codeFilter<DiscountCodeRecord>()], env.dialect.pageTokenAlone);
    return { body: { discountCodes: page.map((code) => presentCode(code, discount.id, time)) }, links };
  }

  function addCode(request: RouteRequest): RouteReply {
    const discount = find(request.params.id);
    const code = readCodeInput(request.body);
    if (discount.discountMethod !== 'CODE_DISCOUNT') throw invalidField('discountCode', 'cannot be added: the discount applies automatically (AUTOMATIC_DISCOUNT), without codes');
    const owner = owners.get(code.toLowerCase());
    if (owner !== undefined) {
      const where = owner === discount.id ? 'this discount' : `discount ${owner}`;
      throw conflict(`The code is taken: ${where} has it.`, [{ field: 'discountCode.code', message: 'is already used (codes are unique in the store, ignoring case)' }]);
    }
    const record: DiscountCodeRecord = { id: env.ids.next(), code, usageCount: 0, createTime: formatTimestamp(request.now) };
    discount.codes.push(record);
    owners.set(code.toLowerCase(), discount.id);
    env.changed(KEY, { code: record, discountId: discount.id });
    return { body: { discountCode: presentCode(record, discount.id, time) }, created: true };
  }

  const routes: Route[] = [
    { method: 'POST', path: '/discounts', scope: WRITE, handle: create },
    { method: 'GET', path: '/discounts', scope: READ, handle: list },
    { method: 'GET', path: '/discounts/count', scope: READ, handle: count },
    { method: 'GET', path: '/discounts/:id', scope: READ, handle: (request) => ({ body: { discount: presentDiscount(find(request.params.id), time) } }) },
    { method: 'PUT', path: '/discounts/:id', scope: WRITE, handle: update },
    { method: 'PUT', path: '/discounts/:id/status', scope: WRITE, handle: setStatus },
    { method: 'DELETE', path: '/discounts/:id', scope: WRITE, handle: remove },
    { method: 'GET', path: '/discounts/:id/codes', scope: READ, handle: listCodes },
    { method: 'POST', path: '/discounts/:id/codes', scope: WRITE, handle: addCode },
  ];

  return {
    key: KEY,
    routes,
    load(section) {
      replaceAll(z.array(discountRecordSchema).parse(section ?? []));
    },
    dump() {
      return discounts;
    },
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('put' in parsed) {
        const existing = discounts.find((record) => record.id === parsed.put.id);
        put({ ...parsed.put, codes: existing?.codes ?? [] });
      } else if ('code' in parsed) {
        const discount = discounts.find((record) => record.id === parsed.discountId);
        if (discount === undefined) throw new Error(`discount ${parsed.discountId} of a code is unknown`);
        if (discount.codes.some((code) => code.id === parsed.code.id)) return;
        discount.codes.push(parsed.code);
        owners.set(parsed.code.code.toLowerCase(), discount.id);
        env.ids.observe(parsed.code.id);
      } else {
        const gone = discounts.find((record) => record.id === parsed.remove);
        for (const code of gone?.codes ?? []) owners.delete(code.code.toLowerCase());
        discounts = discounts.filter((record) => record.id !== parsed.remove);
      }
    },
    seed(section: FilledDiscount[]) {
      for (const discount of section) for (const code of discount.codes) if (code.id !== undefined) env.ids.observe(code.id);
      for (const discount of section) env.ids.observe(discount.id);
      replaceAll(section.map((discount) => ({ ...discount, codes: discount.codes.map((code) => ({ ...code, id: code.id ?? env.ids.next() })) })));
    },
    count: () => discounts.length,
    /** The seed form, fields in the record schema's order (parsing builds them so): a snapshot taken back and taken again is the same text. */
    snapshot() {
      return z.array(discountRecordSchema).parse(discounts);
    },
  };
}
