// What a metafield import's rehearsal copies: the definitions of each domain the file writes
// to, and the values of each (domain, bizId) it names, as the rehearsal store's seed holds
// them. A product import's rehearsal copies its products' values and definitions alike.
import type { Api } from '../../../api/index.js';
import { ownFields, type ReadDefinition } from '../../../api/metafield-definitions/schema.js';
import type { Metafield } from '../../../api/metafields/schema.js';
import { plural } from '../../../core/words.js';
import { eachAtMost, eachGroup, unreadable, type CopyPlan, type StoreCopy } from '../../engine/store-copy.js';
import { metafieldKind } from './kind.js';
import type { Row } from './rows.js';

/** An object's values; none when the store refuses to read it (the run on the copy then meets that refusal again). */
export async function readableValues(api: Api, domain: string, bizId: string): Promise<Metafield[]> {
  try {
    return await api.metafields.list(domain, bizId);
  } catch (error) {
    if (unreadable(error)) return [];
    throw error;
  }
}

/** A domain's definitions as seed records; none when the store does not let them be read (the import then claims none). */
export async function readableDefinitions(api: Api, domain: string): Promise<object[]> {
  try {
    return (await api.metafieldDefinitions.list(domain)).map((definition) => definitionSeed(definition, domain));
  } catch (error) {
    if (!unreadable(error)) throw error;
    return [];
  }
}

/** A definition as the seed's metafieldDefinitions section holds it: its domain beside its own fields, as a definitions file has it. */
function definitionSeed(definition: ReadDefinition, domain: string): object {
  return { domain, ...ownFields(definition) };
}

/** An object's values as the seed's metafields section holds them. */
export function valuesSeed(domain: string, bizId: string, values: readonly Metafield[]): object {
  return { domain, bizId, values: values.map((v) => ({ namespace: v.namespace, code: v.code, value: v.value })) };
}

export async function copyMetafields(plan: CopyPlan, api: Api, domain: string | undefined): Promise<StoreCopy> {
  const objects = new Map<string, { domain: string; bizId: string }>();
  await eachGroup(plan, metafieldKind(api.metafields, domain), (group) => {
    const { domain: objectDomain, bizId } = group.rows[0] as Row;
    objects.set(`${objectDomain}\u0000${bizId}`, { domain: objectDomain, bizId });
  });
  const domains = [...new Set([...objects.values()].map((o) => o.domain))];
  const definitions: object[] = [];
  await eachAtMost(domains, plan.concurrency, async (objectDomain) => {
    definitions.push(...(await readableDefinitions(api, objectDomain)));
  });
  const metafields: object[] = [];
  let held = 0;
  await eachAtMost([...objects.values()], plan.concurrency, async (object) => {
    const values = await readableValues(api, object.domain, object.bizId);
    held += values.length;
    if (values.length > 0) metafields.push(valuesSeed(object.domain, object.bizId, values));
  });
  return {
    seed: { metafieldDefinitions: definitions, metafields },
    described: `the ${plural(objects.size, 'object')} of the file (${plural(held, 'value')} held) and the ${plural(definitions.length, 'definition')} of their ${domains.length === 1 ? 'domain' : 'domains'}`,
  };
}
