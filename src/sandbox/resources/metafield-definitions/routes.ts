// The metafield definitions API (real-store-notes.md): create, update, delete, get one and
// list, per domain. Definitions are state: journaled and kept in the data file like values.
// A value is checked against the catalog these routes change, by the code that checks the
// values of a `--definitions` file (metafields/value-check.ts), so both kinds behave alike.
import * as z from 'zod';
import { isJsonObject } from '../../http/body-json.js';
import { API_ROOT } from '../../http/router.js';
import { conflict, invalidField, notFound, SandboxUsageError } from '../../http/sandbox-errors.js';
import { checkBodyDefinition, sameDefinition, storedDefinitionSchema, storedForm, type DefinitionCatalog, type MetafieldDefinition } from './definitions.js';
import type { MetafieldValueStore } from '../metafields/value-store.js';
import { DOMAINS, NAME_PATTERN, NAME_RULE, type Domain } from '../metafields/rules.js';
import { listPage, type ListOrder } from '../pagination.js';
import { READ_ONCE, type Resource, type ResourceEnv, type Route, type RouteReply, type RouteRequest } from '../resource.js';
import { domainOf, queryName } from '../metafields/input.js';

export const DEFINITIONS_KEY = 'metafieldDefinitions';

const BODY = 'metafield';

/** The data file section: every definition, in the stored form. */
const sectionSchema = z.array(storedDefinitionSchema);

const changeSchema = z.union([
  z.strictObject({ set: storedDefinitionSchema }),
  z.strictObject({ remove: z.strictObject({ domain: z.enum(DOMAINS), namespace: z.string().regex(NAME_PATTERN), code: z.string().regex(NAME_PATTERN) }) }),
]);

/** Sorted by namespace then code: a page ends at `namespace.code` of its last definition. */
const BY_NAME: ListOrder<MetafieldDefinition> = {
  positionOf: (definition) => `${definition.namespace}.${definition.code}`,
  isPosition: (position) => /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/.test(position),
  isAfter(definition, position) {
    const dot = position.indexOf('.');
    const namespace = position.slice(0, dot);
    return definition.namespace > namespace || (definition.namespace === namespace && definition.code > position.slice(dot + 1));
  },
};

/** The wire form of spec 2.2, in the order the real store's sample writes it: flags as "true"/"false", rules and options as JSON text. */
export function presentDefinition(definition: MetafieldDefinition): Record<string, string> {
  const rule = definition.schemaRule;
  const bound = (name: 'min' | 'max') => {
    const measure = rule?.[name];
    return measure === undefined ? [] : [`"${name}":{"value":${measure.value},"unit":${JSON.stringify(measure.unit)}}`];
  };
  return {
    pinned: String(definition.pinned),
    definitionName: definition.definitionName,
    code: definition.code,
    namespace: definition.namespace,
    description: definition.description,
    optionMap: definition.optionMap,
    fieldType: definition.fieldType,
    multi: String(definition.multi),
    ...(rule === undefined ? {} : { schemaRule: `{${[...bound('min'), ...bound('max')].join(',')}}` }),
  };
}

export interface DefinitionResource extends Resource {
  /**
   * Creates or replaces each definition, as the API would (journaled; a type change is
   * refused while values of the field are stored). `source` names the list in the error. Returns how many changed.
   */
  putAll(definitions: readonly MetafieldDefinition[], source: string): number;
}

export function createDefinitionResource(env: ResourceEnv, catalog: DefinitionCatalog, values: MetafieldValueStore): DefinitionResource {
  function store(definition: MetafieldDefinition): void {
    catalog.put(definition);
    env.changed(DEFINITIONS_KEY, { set: storedForm(definition) });
  }

  /** Why a changed definition cannot replace the stored one, if it cannot: its values were checked against the old type. */
  function typeChangeRefusal(stored: MetafieldDefinition, next: MetafieldDefinition): string | undefined {
    if (stored.fieldType === next.fieldType && stored.multi === next.multi) return undefined;
    if (!values.anyHolds(stored.domain, stored.namespace, stored.code)) return undefined;
    const typeOf = (definition: MetafieldDefinition) => `${definition.fieldType}${definition.multi ? ' (multi)' : ''}`;
    return (
      `${stored.domain} ${stored.namespace}.${stored.code} cannot change from ${typeOf(stored)} ` +
      `to ${typeOf(next)} while values of it are stored; delete those values first`
    );
  }

  function bodyItem(body: unknown): Record<string, unknown> {
    const item = isJsonObject(body) ? body[BODY] : undefined;
    if (!isJsonObject(item)) throw invalidField(BODY, 'is required: the body must be {"metafield": {"namespace", "code", "definitionName", "fieldType", ...}}');
    return item;
  }

  function check(item: unknown, domain: Domain): MetafieldDefinition {
    const checked = checkBodyDefinition(item, domain, BODY);
    if (!checked.ok) throw invalidField(checked.field, checked.message);
    return checked.definition;
  }

  function find(domain: Domain, namespace: string, code: string): MetafieldDefinition {
    const definition = catalog.find(domain, namespace, code);
    if (definition === undefined) throw notFound(`${domain} has no metafield definition ${namespace}.${code}.`);
    return definition;
  }

  function create(request: RouteRequest): RouteReply {
    const domain = domainOf(request.params);
    const definition = check(bodyItem(request.body), domain);
    if (catalog.find(domain, definition.namespace, definition.code) !== undefined) {
      throw conflict(`${domain} has a metafield definition ${definition.namespace}.${definition.code} already; change it with an update.`, [
        { field: `${BODY}.code`, message: `${definition.namespace}.${definition.code} is defined already` },
      ]);
    }
    store(definition);
    return { body: { [BODY]: presentDefinition(definition) }, created: true };
  }

  /** The fields sent replace the stored ones; the others stay. `schemaRule` null or "" removes the rule. */
  function update(request: RouteRequest): RouteReply {
    const domain = domainOf(request.params);
    const item = bodyItem(request.body);
    const [namespace, code] = (['namespace', 'code'] as const).map((name) => {
      const value = item[name];
      if (value === undefined || value === null) throw invalidField(`${BODY}.${name}`, 'is required: it names the definition to change');
      if (typeof value !== 'string' || !NAME_PATTERN.test(value)) throw invalidField(`${BODY}.${name}`, NAME_RULE);
      return value;
    }) as [string, string];
    const stored = find(domain, namespace, code);
    const merged: Record<string, unknown> = { ...presentDefinition(stored), ...item };
    if (merged.schemaRule === null || merged.schemaRule === '') delete merged.schemaRule;
    const next = check(merged, domain);
    const refusal = typeChangeRefusal(stored, next);
    if (refusal !== undefined)
      throw conflict(`${refusal}.`, [{ field: `${BODY}.${stored.fieldType === next.fieldType ? 'multi' : 'fieldType'}`, message: refusal }]);
    if (!sameDefinition(stored, next)) store(next);
    return { body: { [BODY]: presentDefinition(next) } };
  }

  /** The values of the field stay, each with the type it was checked against; later writes of them are checked as SingleLineText. */
  function remove(request: RouteRequest): RouteReply {
    const domain = domainOf(request.params);
    const namespace = queryName(request.query, 'namespace', true) as string;
    const code = queryName(request.query, 'code', true) as string;
    const definition = find(domain, namespace, code);
    catalog.remove(domain, namespace, code);
    env.changed(DEFINITIONS_KEY, { remove: { domain, namespace, code } });
    return { body: { [BODY]: presentDefinition(definition) } };
  }

  function detail(request: RouteRequest): RouteReply {
    const domain = domainOf(request.params);
    const namespace = queryName(request.query, 'namespace', true) as string;
    const code = queryName(request.query, 'code', true) as string;
    return { body: { [BODY]: presentDefinition(find(domain, namespace, code)) } };
  }

  /** Sorted by namespace then code, paged like the other listings (limit, pageToken, Link). */
  function list(request: RouteRequest): RouteReply {
    const domain = domainOf(request.params);
    const listing = { path: `${API_ROOT}/metafields/definitions/${domain}`, order: BY_NAME };
    const { page, links } = listPage(catalog.list(domain), request.query, listing, env.dialect.pageTokenAlone);
    return { body: { metafields: page.map(presentDefinition) }, links };
  }

  const routes: Route[] = [
    { method: 'GET', path: '/metafields/definitions/:domain', scope: 'read_metafields', handle: list },
    { method: 'GET', path: '/metafields/definitions/detail/:domain', scope: 'read_metafields', handle: detail },
    { method: 'POST', path: '/metafields/definitions/:domain', scope: 'write_metafields', handle: create },
    { method: 'PUT', path: '/metafields/definitions/:domain', scope: 'write_metafields', handle: update },
    { method: 'DELETE', path: '/metafields/definitions/:domain', scope: 'write_metafields', handle: remove },
  ];

  return {
    key: DEFINITIONS_KEY,
    routes,
    /** A data file written before definitions were state has no section: the store gives it the seed's (see SandboxStore.load). */
    load(section) {
      if (section === undefined) return;
      const definitions = sectionSchema.parse(section, READ_ONCE);
      catalog.clear();
      for (const definition of definitions) {
        if (catalog.find(definition.domain, definition.namespace, definition.code) !== undefined) {
          throw new Error(`metafield definition ${definition.domain} ${definition.namespace}.${definition.code} appears twice`);
        }
        catalog.put(definition);
      }
    },
    dump() {
      return catalog.all().map(storedForm);
    },
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('set' in parsed) catalog.put(parsed.set);
      else catalog.remove(parsed.remove.domain, parsed.remove.namespace, parsed.remove.code);
    },
    /** The seed's definitions (or a --definitions file's in their place) become the store's: a start, a reset, an imported snapshot. */
    seed(section: MetafieldDefinition[]) {
      catalog.clear();
      for (const definition of section) catalog.put(definition);
    },
    /** As a definitions file writes them: the wire form plus the domain, which a seed and --definitions take back. */
    snapshot() {
      return catalog.all().map((definition) => ({ domain: definition.domain, ...presentDefinition(definition) }));
    },
    putAll(definitions, source) {
      let changed = 0;
      for (const definition of definitions) {
        const stored = catalog.find(definition.domain, definition.namespace, definition.code);
        if (stored !== undefined && sameDefinition(stored, definition)) continue;
        const refusal = stored === undefined ? undefined : typeChangeRefusal(stored, definition);
        if (refusal !== undefined) throw new SandboxUsageError(`${source} cannot be applied: ${refusal}.`);
        store(definition);
        changed += 1;
      }
      return changed;
    },
  };
}
