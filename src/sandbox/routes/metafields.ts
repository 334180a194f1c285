import * as z from 'zod';
import { conflict, notFound, type FieldError } from '../errors.js';
import { JsonInteger } from '../json.js';
import { BIZ_ID_PATTERN, BIZ_RESOURCES, DOMAINS, FIELD_TYPES, NAME_PATTERN, type Domain, type FieldType } from '../metafield-rules.js';
import type { Resource, ResourceEnv, Route, RouteRequest } from '../resource.js';
import { objectRef, parseBatch, parseUpdate, queryName, type ObjectRef, type ValidValue } from './metafields-input.js';

interface StoredValue {
  namespace: string;
  code: string;
  value: string;
  /** The type the value was checked against when it was written. */
  fieldType: FieldType;
}

/** The data file section: one entry per business object that holds values. */
const sectionSchema = z.array(
  z.object({
    domain: z.enum(DOMAINS),
    bizId: z.string().regex(BIZ_ID_PATTERN),
    values: z.array(
      z.object({
        namespace: z.string().regex(NAME_PATTERN),
        code: z.string().regex(NAME_PATTERN),
        fieldType: z.enum(FIELD_TYPES),
        value: z.string(),
      }),
    ),
  }),
);

const objectKey = (ref: ObjectRef) => `${ref.domain}/${ref.bizId}`;
const valueKey = (namespace: string, code: string) => `${namespace}\u0000${code}`;
const byNamespaceThenCode = (a: StoredValue, b: StoredValue) =>
  a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

function short(value: StoredValue): { namespace: string; code: string; value: string } {
  return { namespace: value.namespace, code: value.code, value: value.value };
}

/**
 * Metafield values, kept per business object (domain + bizId) and keyed by namespace and
 * code, so every request touches one object's values only: a store of 100k values answers
 * as fast as one of ten.
 */
export function createMetafieldResource(env: ResourceEnv): Resource {
  const catalog = env.metafieldDefinitions;
  let objects = new Map<string, { ref: ObjectRef; values: Map<string, StoredValue> }>();

  function valuesOf(ref: ObjectRef): Map<string, StoredValue> | undefined {
    return objects.get(objectKey(ref))?.values;
  }

  function findValue(ref: ObjectRef, namespace: string, code: string): StoredValue {
    const value = valuesOf(ref)?.get(valueKey(namespace, code));
    if (value === undefined) throw notFound(`${ref.domain} ${ref.bizId} has no metafield value ${namespace}.${code}.`);
    return value;
  }

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

  function store(ref: ObjectRef, value: ValidValue): StoredValue {
    const key = objectKey(ref);
    let object = objects.get(key);
    if (object === undefined) {
      object = { ref, values: new Map() };
      objects.set(key, object);
    }
    const stored: StoredValue = { namespace: value.namespace, code: value.code, value: value.value, fieldType: value.fieldType };
    object.values.set(valueKey(value.namespace, value.code), stored);
    return stored;
  }

  /** All or nothing: every item is checked and every existing value reported before anything is stored. */
  function create(request: RouteRequest) {
    const ref = objectRef(request.params);
    const values = parseBatch(request.body, ref.domain, catalog);
    const existing = valuesOf(ref);
    const clashes: FieldError[] = [];
    values.forEach((value, index) => {
      if (existing?.has(valueKey(value.namespace, value.code))) {
        clashes.push({
          field: `metaFieldDataList[${index}]`,
          message: `${value.namespace}.${value.code} exists already on ${ref.domain} ${ref.bizId}; change it with an update`,
        });
      }
    });
    if (clashes.length > 0) {
      throw conflict(`${clashes.length} of the ${values.length} values exist already on ${ref.domain} ${ref.bizId}; nothing was created.`, clashes);
    }
    const created = values.map((value) => short(store(ref, value)));
    env.changed();
    return { body: { metafield: { metaFieldDataList: created } } };
  }

  function update(request: RouteRequest) {
    const ref = objectRef(request.params);
    const value = parseUpdate(request.body, ref.domain, catalog);
    findValue(ref, value.namespace, value.code);
    const stored = store(ref, value);
    env.changed();
    return { body: { metafield: short(stored) } };
  }

  function remove(request: RouteRequest) {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', true) as string;
    const code = queryName(request.query, 'code', true) as string;
    const value = findValue(ref, namespace, code);
    const key = objectKey(ref);
    const object = objects.get(key);
    object?.values.delete(valueKey(namespace, code));
    if (object?.values.size === 0) objects.delete(key);
    env.changed();
    return { body: { metafields: short(value) } };
  }

  function selected(request: RouteRequest): { ref: ObjectRef; values: StoredValue[] } {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', false);
    const all = [...(valuesOf(ref)?.values() ?? [])];
    return { ref, values: namespace === undefined ? all : all.filter((value) => value.namespace === namespace) };
  }

  function list(request: RouteRequest) {
    const { ref, values } = selected(request);
    return { body: { metafields: values.sort(byNamespaceThenCode).map((value) => present(ref, value)) } };
  }

  function count(request: RouteRequest) {
    return { body: { count: new JsonInteger(String(selected(request).values.length)) } };
  }

  function detail(request: RouteRequest) {
    const ref = objectRef(request.params);
    const namespace = queryName(request.query, 'namespace', true) as string;
    const code = queryName(request.query, 'code', true) as string;
    return { body: { metafield: present(ref, findValue(ref, namespace, code)) } };
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
    key: 'metafields',
    routes,
    load(section) {
      const next = new Map<string, { ref: ObjectRef; values: Map<string, StoredValue> }>();
      for (const entry of sectionSchema.parse(section ?? [])) {
        const ref: ObjectRef = { domain: entry.domain as Domain, bizId: entry.bizId };
        const key = objectKey(ref);
        if (next.has(key)) throw new Error(`metafield values of ${entry.domain} ${entry.bizId} appear twice`);
        const values = new Map<string, StoredValue>();
        for (const value of entry.values) {
          const name = valueKey(value.namespace, value.code);
          if (values.has(name)) throw new Error(`metafield value ${value.namespace}.${value.code} of ${entry.domain} ${entry.bizId} appears twice`);
          values.set(name, value);
        }
        if (values.size > 0) next.set(key, { ref, values });
      }
      objects = next;
    },
    dump() {
      return [...objects.values()].map(({ ref, values }) => ({ domain: ref.domain, bizId: ref.bizId, values: [...values.values()] }));
    },
    seed() {
      // The demo data set has no metafield values: the demo definitions are what the demo offers.
    },
  };
}
