// Metafield definition requests (real-store-notes.md), beyond the declaration (declaration.ts):
// a definition has no id, so each request names its domain in the path and its namespace and
// code in the query, and a listing is read to its end in pages of 250. Commands call these
// with domain values and never see a path. Reading loads no schema library.
import type { Transport } from '../../core/transport.js';
import { RuntimeError } from '../../core/errors.js';
import { readRecord, readRecords } from '../rest-resource.js';
import { metafieldDefinitions, type MetafieldDefinition, type ReadDefinition } from './declaration.js';
import { API_PREFIX, isEmptyAnswer, readAllPages, segment } from '../wire.js';

const BASE = `${API_PREFIX}${metafieldDefinitions.path}`;

/** The largest page (DESIGN's page size 1..250): a domain's definitions in as few requests as can be. */
const PAGE_SIZE = '250';

/** The list of a listing's body: `metafields` as the sandbox sends it; other names a store may use are accepted too. */
function listOf(body: unknown): unknown {
  for (const key of ['metafields', 'metafieldDefinitions', 'definitions']) {
    if (body && typeof body === 'object' && key in body) return (body as Record<string, unknown>)[key];
  }
  throw new RuntimeError("The store's answer has no 'metafields' list.");
}

/**
 * The write body's `metafield`, in the order of the real store's sample. An update always
 * carries `schemaRule`, `""` for none, so that a rule removed is removed on the store too.
 */
export function definitionWire(definition: MetafieldDefinition, update: boolean): Record<string, string> {
  const { pinned, definitionName, code, namespace, description, optionMap, fieldType, multi, schemaRule } = definition;
  const rule = schemaRule ?? (update ? '' : undefined);
  return { pinned, definitionName, code, namespace, description, optionMap, fieldType, multi, ...(rule === undefined ? {} : { schemaRule: rule }) };
}

export class MetafieldDefinitionsApi {
  constructor(private readonly transport: Transport) {}

  /** Every definition of a domain, following next-page links to the end. */
  async list(domain: string): Promise<ReadDefinition[]> {
    return readAllPages(
      this.transport,
      `${BASE}/${segment(domain)}`,
      { limit: PAGE_SIZE },
      (body) => readRecords(metafieldDefinitions, { metafields: listOf(body) }) as ReadDefinition[],
    );
  }

  async get(domain: string, namespace: string, code: string): Promise<ReadDefinition> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/detail/${segment(domain)}`, query: { namespace, code } });
    return readRecord(metafieldDefinitions, response.body) as ReadDefinition;
  }

  /**
   * The store refuses a (namespace, code) it has already (409). `resend`: sent again after a
   * 5xx or a lost connection, for a caller that resolves the 409 a resend may then meet (an
   * import reads the definition and compares); a lone create is never resent after a
   * possible send, the transport's rule.
   */
  async create(domain: string, definition: MetafieldDefinition, options: { resend?: boolean } = {}): Promise<ReadDefinition> {
    return this.write('POST', domain, definition, options.resend === true);
  }

  /** Sends the whole definition; the store names it by namespace and code. */
  async update(domain: string, definition: MetafieldDefinition): Promise<ReadDefinition> {
    return this.write('PUT', domain, definition);
  }

  /** Returns the definition removed; only its namespace and code when the store answered without a body. */
  async delete(domain: string, namespace: string, code: string): Promise<ReadDefinition | { namespace: string; code: string }> {
    const response = await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(domain)}`, query: { namespace, code } });
    if (isEmptyAnswer(response.body)) return { namespace, code };
    return readRecord(metafieldDefinitions, response.body) as ReadDefinition;
  }

  private async write(method: 'POST' | 'PUT', domain: string, definition: MetafieldDefinition, resend = false): Promise<ReadDefinition> {
    const body = { metafield: definitionWire(definition, method === 'PUT') };
    // A create (POST) is not resent after a possible send unless asked; an update (PUT) may be.
    const response = await this.transport.request({ method, path: `${BASE}/${segment(domain)}`, body, ...(resend ? { idempotent: true } : {}) });
    // Answered without a body (202, 204): the definition is as sent.
    if (isEmptyAnswer(response.body)) return { ...definition };
    return readRecord(metafieldDefinitions, response.body) as ReadDefinition;
  }
}
