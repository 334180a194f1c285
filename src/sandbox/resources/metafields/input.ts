// The input of the metafield value routes: the object the path names (404 for an unknown domain,
// 400 for a bad id), namespace and code from the query, and the bodies of a batch create and an
// update, each value checked against its definition; a batch's answer names every item at fault.
import { ErrorAnswer, FieldErrors, invalidField, notFound } from '../../http/sandbox-errors.js';
import { ID_PATTERN } from '../../state/ids.js';
import { isJsonObject } from '../../http/body-json.js';
import type { DefinitionCatalog } from '../metafield-definitions/definitions.js';
import { DOMAINS, isDomain, MAX_BATCH, NAME_PATTERN, NAME_RULE, type Domain, type FieldType } from './rules.js';
import { checkValue } from './value-check.js';

/** A value ready to store: names checked, value checked against its definition and in canonical form. */
export interface ValidValue {
  namespace: string;
  code: string;
  value: string;
  fieldType: FieldType;
}

export interface ObjectRef {
  domain: Domain;
  bizId: string;
}

/** The domain named by the path: 404 for a domain the service does not have. */
export function domainOf(params: Readonly<Record<string, string>>): Domain {
  const domain = params.domain ?? '';
  if (!isDomain(domain)) {
    throw notFound(`There is no metafield domain "${domain.slice(0, 64)}"; valid domains are ${DOMAINS.join(', ')}.`);
  }
  return domain;
}

/** The business object named by the path: 404 for a domain the service does not have, 400 for a bad id. */
export function objectRef(params: Readonly<Record<string, string>>): ObjectRef {
  const domain = domainOf(params);
  const bizId = params.bizId ?? '';
  if (!ID_PATTERN.test(bizId)) throw invalidField('bizId', 'must be a decimal id of 1 to 20 digits without a leading zero');
  return { domain, bizId };
}

/** namespace or code from the query: required for delete and detail, optional (a filter) for list and count. */
export function queryName(query: URLSearchParams, name: 'namespace' | 'code', required: boolean): string | undefined {
  const value = query.get(name);
  if (value === null) {
    if (required) throw invalidField(name, `is required in the query (?namespace=...&code=...)`);
    return undefined;
  }
  if (!NAME_PATTERN.test(value)) throw invalidField(name, NAME_RULE);
  return value;
}

/** The first problem of one item, or the valid value; `at` is the item's JSON path. */
function checkItem(item: unknown, at: string, domain: Domain, catalog: DefinitionCatalog): ValidValue | { field: string; message: string } {
  if (!isJsonObject(item)) return { field: at, message: 'must be an object {"namespace", "code", "value"}' };
  for (const name of ['namespace', 'code'] as const) {
    const value = item[name];
    if (value === undefined || value === null) return { field: `${at}.${name}`, message: 'is required' };
    if (typeof value !== 'string' || !NAME_PATTERN.test(value)) return { field: `${at}.${name}`, message: NAME_RULE };
  }
  const namespace = item.namespace as string;
  const code = item.code as string;
  const checked = checkValue(item.value, catalog.find(domain, namespace, code));
  if (!checked.ok) return { field: `${at}.value`, message: checked.message };
  return { namespace, code, value: checked.text, fieldType: checked.fieldType };
}

function isValid(result: ValidValue | { field: string }): result is ValidValue {
  return !('field' in result);
}

const nameKey = (namespace: string, code: string) => `${namespace}\u0000${code}`;

function validNames(item: unknown): { namespace: string; code: string } | undefined {
  if (!isJsonObject(item)) return undefined;
  const { namespace, code } = item;
  if (typeof namespace !== 'string' || typeof code !== 'string' || !NAME_PATTERN.test(namespace) || !NAME_PATTERN.test(code)) return undefined;
  return { namespace, code };
}

/** `{"metaFieldDataList": [...]}`: 1..100 items, every one valid and no (namespace, code) twice. */
export function parseBatch(body: unknown, domain: Domain, catalog: DefinitionCatalog): ValidValue[] {
  const list = isJsonObject(body) ? body.metaFieldDataList : undefined;
  if (!Array.isArray(list)) {
    throw invalidField('metaFieldDataList', 'is required: the body must be {"metaFieldDataList": [{"namespace", "code", "value"}, ...]}');
  }
  if (list.length === 0) throw invalidField('metaFieldDataList', 'must hold at least one value');
  if (list.length > MAX_BATCH) {
    throw new ErrorAnswer(413, 'batch_too_large', `A batch holds at most ${MAX_BATCH} values; this one has ${list.length}.`, [
      { field: 'metaFieldDataList', message: `must hold at most ${MAX_BATCH} values` },
    ]);
  }
  const errors = new FieldErrors();
  const values: ValidValue[] = [];
  const firstIndex = new Map<string, number>();
  list.forEach((item, index) => {
    const at = `metaFieldDataList[${index}]`;
    // A repeat is judged on the names alone: an earlier item with a bad value still claims
    // them, so that one answer names every item the client has to fix.
    const names = validNames(item);
    if (names !== undefined) {
      const key = nameKey(names.namespace, names.code);
      const first = firstIndex.get(key);
      if (first !== undefined) {
        errors.add(at, `repeats ${names.namespace}.${names.code} of metaFieldDataList[${first}]; a batch names each value once`);
        return;
      }
      firstIndex.set(key, index);
    }
    const result = checkItem(item, at, domain, catalog);
    if (isValid(result)) values.push(result);
    else errors.add(result.field, result.message);
  });
  errors.throwIfAny();
  return values;
}

/** `{"metaFieldData": {"namespace", "code", "value"}}` */
export function parseUpdate(body: unknown, domain: Domain, catalog: DefinitionCatalog): ValidValue {
  const item = isJsonObject(body) ? body.metaFieldData : undefined;
  if (!isJsonObject(item)) throw invalidField('metaFieldData', 'is required: the body must be {"metaFieldData": {"namespace", "code", "value"}}');
  const result = checkItem(item, 'metaFieldData', domain, catalog);
  if (!isValid(result)) throw invalidField(result.field, result.message);
  return result;
}
