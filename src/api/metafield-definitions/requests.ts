// Metafield definition requests (real-store-notes.md): paths, the `metafield` wrapper and
// query parameters. Commands call these with domain values and never see a path. The
// schemas (zod) load only when a definition is read.
import type { MetafieldDefinition, ReadDefinition } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { RuntimeError } from '../../core/errors.js';
import { API_PREFIX, isEmptyAnswer, readAllPages, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/metafields/definitions`;
const WRAPPER = 'metafield';
/** The largest page (DESIGN's page size 1..250): a domain's definitions in as few requests as can be. */
const PAGE_SIZE = '250';

/** The list of a listing's body: `metafields` as the sandbox sends it; other names a store may use are accepted too. */
function listOf(body: unknown): unknown {
  for (const key of ['metafields', 'metafieldDefinitions', 'definitions']) {
    if (body && typeof body === 'object' && key in body) return (body as Record<string, unknown>)[key];
  }
  throw new RuntimeError("The store's answer has no 'metafields' list.");
}

export class MetafieldDefinitionsApi {
  constructor(private readonly transport: Transport) {}

  /** Every definition of a domain, following next-page links to the end. */
  async list(domain: string): Promise<ReadDefinition[]> {
    const { checkDefinitionList } = await schemas();
    return readAllPages(this.transport, `${BASE}/${segment(domain)}`, { limit: PAGE_SIZE }, (body) => checkDefinitionList(listOf(body)));
  }

  async get(domain: string, namespace: string, code: string): Promise<ReadDefinition> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/detail/${segment(domain)}`, query: { namespace, code } });
    const { checkDefinition } = await schemas();
    return checkDefinition(unwrap(response.body, WRAPPER, 'object'));
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
    const { checkDefinition } = await schemas();
    return checkDefinition(unwrap(response.body, WRAPPER, 'object'));
  }

  private async write(method: 'POST' | 'PUT', domain: string, definition: MetafieldDefinition, resend = false): Promise<ReadDefinition> {
    const { definitionWire, checkDefinition } = await schemas();
    const body = { [WRAPPER]: definitionWire(definition, method === 'PUT') };
    // A create (POST) is not resent after a possible send unless asked; an update (PUT) may be.
    const response = await this.transport.request({ method, path: `${BASE}/${segment(domain)}`, body, ...(resend ? { idempotent: true } : {}) });
    // Answered without a body (202, 204): the definition is as sent.
    if (isEmptyAnswer(response.body)) return { ...definition };
    return checkDefinition(unwrap(response.body, WRAPPER, 'object'));
  }
}
