// Discounts (`/discounts`, partners.genstore.ai "About Discount", "Manage discounts"): create,
// list, get, update, status (enable or disable), delete; in our dialect also a count and a
// code discount's codes (listed and added one at a time). The real dialect plays Genstore's
// docs: a discount nested with its one code inside (given, or generated on create), titles
// unique in the store ("Discount names must be globally unique"), no codes route and no
// count, and a listing that takes no filter (one sent is ignored, as an unknown parameter).
// The record and its rules are in record.ts, bodies in input.ts, listings in query.ts, the
// wire forms in present.ts and nested-shape.ts, the seed and demo in seed.ts. Decisions where
// the docs are silent: docs/decisions.md "Discounts".
import * as z from 'zod';
import type { ScopeRequirement } from '../../http/scopes.js';
import { JsonInteger } from '../../http/body-json.js';
import { conflict, invalidField } from '../../http/sandbox-errors.js';
import { formatTimestamp } from '../dates.js';
import { compareIds } from '../../state/ids.js';
import { findByPathId, RecordBook, recordSection } from '../record-book.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { checkWhole, readCodeInput, readDiscountInput, readStatus } from './input.js';
import { presentCode, presentDiscount } from './present.js';
import { generateNestedCode } from './nested-shape.js';
import { byId, choiceFilter, countOf, listPage, type Listing } from '../pagination.js';
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
  const shape = env.dialect.discountShape;
  const present = (record: DiscountRecord) => presentDiscount(record, time, shape);
  let discounts = new RecordBook<DiscountRecord>((record) => record.id, 'discount');
  /** Every code of every discount, lower case, to its discount's id: codes are unique in the store. */
  let owners = new Map<string, string>();

  function replaceAll(records: DiscountRecord[]): void {
    // Checked whole before any is kept: an id twice, then a code twice.
    const next = new RecordBook<DiscountRecord>((record) => record.id, 'discount');
    next.replace(records.map((record) => ({ ...record, codes: [...record.codes].sort((a, b) => compareIds(a.id, b.id)) })));
    const nextOwners = new Map<string, string>();
    for (const record of records) {
      for (const code of record.codes) {
        if (nextOwners.has(code.code.toLowerCase())) throw new Error(`discount code ${code.code} appears twice`);
        nextOwners.set(code.code.toLowerCase(), record.id);
        env.ids.observe(code.id);
      }
      env.ids.observe(record.id);
    }
    discounts = next;
    owners = nextOwners;
  }

  const find = (rawId: string | undefined): DiscountRecord => findByPathId(rawId, (id) => discounts.get(id), 'discount');

  function put(record: DiscountRecord): void {
    discounts.put(record);
    env.ids.observe(record.id);
  }

  function changed(record: DiscountRecord, topic: string | undefined, at: Date): void {
    const { codes: _codes, ...rest } = record;
    env.changed(KEY, { put: rest });
    if (topic !== undefined) env.emit({ topic, key: record.id, payload: () => present(record), at });
  }

  /** A code no discount holds (ignoring case), else a 409 naming its holder; the path is where the body gave it. */
  function freeCode(code: string, field: string, holder?: string): void {
    const owner = owners.get(code.toLowerCase());
    if (owner === undefined || owner === holder) return;
    throw conflict(`The code is taken: discount ${owner} has it.`, [{ field, message: 'is already used (codes are unique in the store, ignoring case)' }]);
  }

  /** Genstore's names are unique in the store ("Discount names must be globally unique"), compared ignoring case. */
  function freeTitle(title: string, self?: string): void {
    if (shape !== 'nested') return;
    const other = discounts.all().find((record) => record.id !== self && record.title.toLowerCase() === title.toLowerCase());
    if (other !== undefined)
      throw conflict(`The title is taken: discount ${other.id} has it (discount names are unique in the store).`, [
        { field: 'discount.title', message: 'is already used' },
      ]);
  }

  function create(request: RouteRequest): RouteReply {
    const input = readDiscountInput(request.body, true, shape);
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
    // Nested: a code discount holds one code, given or generated (8 letters and digits).
    if (input.code !== undefined) freeCode(input.code, 'discount.promotionType.generateType.discountCode');
    freeTitle(record.title);
    if (shape === 'nested' && record.discountMethod === 'CODE_DISCOUNT') {
      const code = input.code ?? generateNestedCode((lower) => owners.has(lower));
      record.codes = [{ id: env.ids.next(), code, usageCount: 0, createTime: stamp }];
    }
    put(record);
    for (const code of record.codes) owners.set(code.code.toLowerCase(), record.id);
    changed(record, undefined, request.now);
    // The code is journaled apart (as one added in our dialect): the discount's own change keeps codes out.
    for (const code of record.codes) env.changed(KEY, { code, discountId: record.id });
    env.emit({ topic: DISCOUNT_TOPICS.create, key: record.id, payload: () => present(record), at: request.now });
    return { body: { discount: present(record) }, created: true };
  }

  function update(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const { code, ...input } = readDiscountInput(request.body, false, shape);
    // A code discount's codes would mean nothing on an automatic one, and the other way round.
    if (input.discountMethod !== undefined && input.discountMethod !== existing.discountMethod) {
      const field = shape === 'nested' ? 'discount.promotionType.generateType.generateDiscountType' : 'discount.discountMethod';
      throw invalidField(field, `cannot change (the discount is ${existing.discountMethod}); make a new discount instead`);
    }
    // A code in customers' hands stays what it is: the same code (any case) may be sent, no other.
    if (code !== undefined && code.toLowerCase() !== existing.codes[0]?.code.toLowerCase()) {
      throw invalidField('discount.promotionType.generateType.discountCode', 'cannot change (customers may hold the code); make a new discount instead');
    }
    const record: DiscountRecord = { ...existing, ...input, updateTime: formatTimestamp(request.now) };
    if (input.eligibility === 'ALL' && input.segmentIds === undefined) record.segmentIds = [];
    checkWhole(record);
    if (input.title !== undefined) freeTitle(record.title, record.id);
    put(record);
    changed(record, DISCOUNT_TOPICS.update, request.now);
    return { body: { discount: present(record) } };
  }

  /** Idempotent: the status asked for, answered with the discount; nothing changes (or is announced) when it holds it already. */
  function setStatus(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const status = readStatus(request.body);
    if (existing.status === status) return { body: { discount: present(existing) } };
    const record: DiscountRecord = { ...existing, status, updateTime: formatTimestamp(request.now) };
    put(record);
    changed(record, DISCOUNT_TOPICS.update, request.now);
    return { body: { discount: present(record) } };
  }

  function remove(request: RouteRequest): RouteReply {
    const record = find(request.params.id);
    discounts.remove(record.id);
    for (const code of record.codes) owners.delete(code.code.toLowerCase());
    env.changed(KEY, { remove: record.id });
    env.emit({
      topic: DISCOUNT_TOPICS.delete,
      key: record.id,
      payload: () => ({ [shape === 'nested' ? 'discountId' : 'id']: new JsonInteger(record.id) }),
      at: request.now,
    });
    return { body: {} };
  }

  // The real store documents no filter of its listing: there a filter sent is ignored.
  const listing: Listing<DiscountRecord> = {
    path: LIST_PATH,
    order: byId((record) => record.id),
    sinceId: true,
    filters:
      shape === 'nested'
        ? []
        : [
            choiceFilter<DiscountRecord>('status', STATUSES, (record) => record.status),
            choiceFilter<DiscountRecord>('discountMethod', DISCOUNT_METHODS, (record) => record.discountMethod),
            choiceFilter<DiscountRecord>('discountType', DISCOUNT_TYPES, (record) => record.discountType),
          ],
  };

  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(discounts.all(), request.query, listing, env.dialect.pageTokenAlone);
    return { body: { discounts: page.map(present) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    return { body: { count: new JsonInteger(String(countOf(discounts.all(), request.query, listing))) } };
  }

  /** A discount's codes, by id; the code filter is exact, ignoring case (as codes are compared). */
  function listCodes(request: RouteRequest): RouteReply {
    const discount = find(request.params.id);
    const codes: Listing<DiscountCodeRecord> = {
      path: `${LIST_PATH}/${discount.id}/codes`,
      order: byId((code) => code.id),
      sinceId: true,
      filters: [{ name: 'code', keep: (record, value) => record.code.toLowerCase() === value.toLowerCase() }],
    };
    const { page, links } = listPage(discount.codes, request.query, codes, env.dialect.pageTokenAlone);
    return { body: { discountCodes: page.map((code) => presentCode(code, discount.id, time)) }, links };
  }

  function addCode(request: RouteRequest): RouteReply {
    const discount = find(request.params.id);
    const code = readCodeInput(request.body);
    if (discount.discountMethod !== 'CODE_DISCOUNT')
      throw invalidField('discountCode', 'cannot be added: the discount applies automatically (AUTOMATIC_DISCOUNT), without codes');
    if (owners.get(code.toLowerCase()) === discount.id)
      throw conflict('The code is taken: this discount has it.', [
        { field: 'discountCode.code', message: 'is already used (codes are unique in the store, ignoring case)' },
      ]);
    freeCode(code, 'discountCode.code');
    const record: DiscountCodeRecord = { id: env.ids.next(), code, usageCount: 0, createTime: formatTimestamp(request.now) };
    discount.codes.push(record);
    owners.set(code.toLowerCase(), discount.id);
    env.changed(KEY, { code: record, discountId: discount.id });
    return { body: { discountCode: presentCode(record, discount.id, time) }, created: true };
  }

  const documented: Route[] = [
    { method: 'POST', path: '/discounts', scope: WRITE, handle: create },
    { method: 'GET', path: '/discounts', scope: READ, handle: list },
    { method: 'GET', path: '/discounts/:id', scope: READ, handle: (request) => ({ body: { discount: present(find(request.params.id)) } }) },
    { method: 'PUT', path: '/discounts/:id', scope: WRITE, handle: update },
    { method: 'PUT', path: '/discounts/:id/status', scope: WRITE, handle: setStatus },
    { method: 'DELETE', path: '/discounts/:id', scope: WRITE, handle: remove },
  ];
  // Ours only: Genstore documents no count of discounts and no codes route.
  const ours: Route[] = [
    { method: 'GET', path: '/discounts/count', scope: READ, handle: count },
    { method: 'GET', path: '/discounts/:id/codes', scope: READ, handle: listCodes },
    { method: 'POST', path: '/discounts/:id/codes', scope: WRITE, handle: addCode },
  ];
  const routes = shape === 'nested' ? documented : [ours[0]!, ...documented, ...ours.slice(1)];

  return {
    key: KEY,
    routes,
    ...recordSection(discountRecordSchema, replaceAll, () => discounts.all()),
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('put' in parsed) {
        const existing = discounts.get(parsed.put.id);
        put({ ...parsed.put, codes: existing?.codes ?? [] });
      } else if ('code' in parsed) {
        const discount = discounts.get(parsed.discountId);
        if (discount === undefined) throw new Error(`discount ${parsed.discountId} of a code is unknown`);
        if (discount.codes.some((code) => code.id === parsed.code.id)) return;
        discount.codes.push(parsed.code);
        owners.set(parsed.code.code.toLowerCase(), discount.id);
        env.ids.observe(parsed.code.id);
      } else {
        for (const code of discounts.get(parsed.remove)?.codes ?? []) owners.delete(code.code.toLowerCase());
        discounts.remove(parsed.remove);
      }
    },
    seed(section: FilledDiscount[]) {
      for (const discount of section) for (const code of discount.codes) if (code.id !== undefined) env.ids.observe(code.id);
      for (const discount of section) env.ids.observe(discount.id);
      replaceAll(section.map((discount) => ({ ...discount, codes: discount.codes.map((code) => ({ ...code, id: code.id ?? env.ids.next() })) })));
    },
    count: () => discounts.all().length,
    /** The seed form, fields in the record schema's order (parsing builds them so): a snapshot taken back and taken again is the same text. */
    snapshot() {
      return z.array(discountRecordSchema).parse(discounts.all());
    },
  };
}
