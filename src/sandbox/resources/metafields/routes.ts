// The metafield values resource: its six routes under /metafields, its data file section, the
// journal changes it redoes and its seed; made together with the definitions resource, which
// asks these values before it lets a field's type change.
import * as z from 'zod';
import { conflict, notFound, type FieldError } from '../../http/sandbox-errors.js';
import { compareIds, ID_PATTERN } from '../../state/ids.js';
import { JsonInteger } from '../../http/body-json.js';
import { BIZ_RESOURCES, DOMAINS, FIELD_TYPES, NAME_PATTERN } from './rules.js';
import { MetafieldValueStore, type StoredValue } from './value-store.js';
import { READ_ONCE, type Resource, type ResourceEnv, type Route, type RouteRequest } from '../resource.js';
import type { FilledObject } from './seed.js';
import { createDefinitionResource } from '../metafield-definitions/routes.js';
import { objectRef, parseBatch, parseUpdate, queryName, type ObjectRef } from './input.js';

const KEY = 'metafields';

const storedValueSchema = z.object({
  namespace: z.string().regex(NAME_PATTERN),
  code: z.string().regex(NAME_PATTERN),
  fieldType: z.enum(FIELD_TYPES),
  value: z.string(),
});

const objectSchema = { domain: z.enum(DOMAINS), bizId: z.string().regex(ID_PATTERN) };

/** The data file section: one entry per business object that holds values. */
const sectionSchema = z.array(z.object({ ...objectSchema, values: z.array(storedValueSchema) }));

/** A journaled change: values stored (created or updated) on one object, or one value removed. */
const changeSchema = z.union([
  z.object({ ...objectSchema, set: z.array(storedValueSchema) }),
  z.object({ ...objectSchema, remove: z.object({ namespace: z.string().regex(NAME_PATTERN), code: z.string().regex(NAME_PATTERN) }) }),
]);

function short(value: StoredValue): { namespace: string; code: string; value: string } {
  return { namespace: value.namespace, code: value.code, value: value.value };
}

/** The scopes its routes and the definitions' require, in the order a token's grant lists them. */
export const SCOPES = ['read_metafields', 'write_metafields'] as const;

/** Values and definitions: a definition's type change is refused while values of it exist. */
export function createMetafieldResources(env: ResourceEnv): Resource[] {
  const values = new MetafieldValueStore();
  return [createValueResource(env, values), createDefinitionResource(env, env.metafieldDefinitions, values)];
}

function createValueResource(env: ResourceEnv, values: MetafieldValueStore): Resource {
  const catalog = env.metafieldDefinitions;

  function find(ref: ObjectRef, namespace: string, code: string): StoredValue {
    const value = values.get(ref.domain, ref.bizId, namespace, code);
    if (value === undefined) throw notFound(`${ref.domain} ${ref.bizId} has no metafield value ${namespace}.${code}.`);
    return value;
  }

  /** The read form: the value plus what its definition says about it (empty texts without one). */
  function present(ref: ObjectRef, value: StoredValue) {
    const definition = catalog.find(ref.domain, value.namespace, value.code);
    return {
      code: value.code,
      definitionName: definition?.definitionName ?? '',
      namespace: value.namespace,
      bizId: ref.bizId,
      description: definition?.description ?? '',
      value: value.value,
      fieldType: value.fieldType,
      bizResource: BIZ_RESOURCES[ref.domain],
    };
  }

  /** All or nothing: every item is checked and every existing value reported before anything is stored. */
  function create(request: RouteRequest) {
    const ref = objectRef(request.params);
    const batch = parseBatch(request.body, ref.domain, catalog);
    const clashes: FieldError[] = [];
    batch.forEach((value, index) => {
      if (values.get(ref.domain, ref.bizId, value.namespace, value.code) !== undefined) {
        clashes.push({
          field: `metaFieldDataList[${index}]`,
          message: `${value.namespace}.${value.code} exists already on ${ref.domain} ${ref.bizId}; change it with an update`,
        });
      }
    });
    if (clashes.length > 0) {
      throw conflict(`${clashes.length} of the ${batch.length} values exist already on ${ref.domain} ${ref.bizId}; nothing was created.`, clashes);
    }
    for (const value of batch) values.set(ref.domain, ref.bizId, value);
    env.changed(KEY, { domain: ref.domain, bizId: ref.bizId, set: batch });
    return { body: { metafield: { metaFieldDataList: batch.map(short) } } };
  }

  function update(request: RouteRequest) {
    const ref = objectRef(request.params);
    const value = parseUpdate(request.body, ref.domain, catalog);
    find(ref, value.namespace, value.code);
    values.set(ref.domain, ref.bizId, value);
    env.changed(KEY, { domain: ref.domain, bizId: ref.bizId, set: [value] });
    return { body: { metafield: short(value) } };
  }

  function remove(request: RouteRequest) {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', true) as string;
    const code = queryName(request.query, 'code', true) as string;
    find(ref, namespace, code);
    const removed = values.delete(ref.domain, ref.bizId, namespace, code) as StoredValue;
    env.changed(KEY, { domain: ref.domain, bizId: ref.bizId, remove: { namespace, code } });
    return { body: { metafields: short(removed) } };
  }

  function list(request: RouteRequest) {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', false);
    return { body: { metafields: values.list(ref.domain, ref.bizId, namespace).map((value) => present(ref, value)) } };
  }

  function count(request: RouteRequest) {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', false);
    return { body: { count: new JsonInteger(String(values.count(ref.domain, ref.bizId, namespace))) } };
  }

  function detail(request: RouteRequest) {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', true) as string;
    const code = queryName(request.query, 'code', true) as string;
    return { body: { metafield: present(ref, find(ref, namespace, code)) } };
  }

  const routes: Route[] = [
    { method: 'POST', path: '/metafields/:domain/:bizId', scope: 'write_metafields', handle: create },
    { method: 'PUT', path: '/metafields/:domain/:bizId', scope: 'write_metafields', handle: update },
    { method: 'DELETE', path: '/metafields/:domain/:bizId', scope: 'write_metafields', handle: remove },
    { method: 'GET', path: '/metafields/:domain/:bizId', scope: 'read_metafields', handle: list },
    { method: 'GET', path: '/metafields/count/:domain/:bizId', scope: 'read_metafields', handle: count },
    { method: 'GET', path: '/metafields/detail/:domain/:bizId', scope: 'read_metafields', handle: detail },
  ];

  return {
    key: KEY,
    routes,
    load(section) {
      const entries = sectionSchema.parse(section ?? [], READ_ONCE);
      values.clear();
      for (const entry of entries) {
        for (const value of entry.values) {
          if (values.get(entry.domain, entry.bizId, value.namespace, value.code) !== undefined) {
            throw new Error(`metafield value ${value.namespace}.${value.code} of ${entry.domain} ${entry.bizId} appears twice`);
          }
          values.set(entry.domain, entry.bizId, value);
        }
      }
    },
    dump() {
      return [...values.objects()];
    },
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('set' in parsed) for (const value of parsed.set) values.set(parsed.domain, parsed.bizId, value);
      else values.delete(parsed.domain, parsed.bizId, parsed.remove.namespace, parsed.remove.code);
    },
    seed(section: FilledObject[]) {
      values.clear();
      for (const object of section) for (const value of object.values) values.set(object.domain, object.bizId, { ...value });
    },
    /** Values, not the objects that hold them. */
    count() {
      return [...values.objects()].reduce((sum, object) => sum + object.values.length, 0);
    },
    /** Sorted by domain, object and name, so that equal states give equal snapshots. */
    snapshot() {
      const objects = [...values.objects()].map(({ domain, bizId }) => ({ domain, bizId }));
      objects.sort((a, b) => DOMAINS.indexOf(a.domain) - DOMAINS.indexOf(b.domain) || compareIds(a.bizId, b.bizId));
      return objects.map(({ domain, bizId }) => ({
        domain,
        bizId,
        values: values.list(domain, bizId).map((value) => ({ namespace: value.namespace, code: value.code, value: value.value, fieldType: value.fieldType })),
      }));
    },
  };
}
