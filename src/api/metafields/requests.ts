// Metafield value requests: paths, wrappers and query parameters. Commands (and the bulk
// import) call these with domain values and never see a path or a `metaFieldDataList`.
// The schemas (zod) load only when a value is read, so `metafield count` never pays for them.
import { ApiError, RuntimeError } from '../../core/errors.js';
import { batchRefusal, singleRefusal } from './write-error.js';
import type { Metafield, MetafieldInput } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, isEmptyAnswer, parseCount, readAllPages, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/metafields`;

/** The most values one create request may carry (DESIGN); callers split longer lists. */
export const MAX_BATCH = 100;

export interface MetafieldFilter {
  namespace?: string;
  /** Values per page, for a store that pages the listing (the export asks for MAX_PAGE_SIZE: one request per object). */
  limit?: number;
}

/** The largest page a store's listings give (real-store-notes: limit default 50, max 250). */
export const MAX_PAGE_SIZE = 250;

const objectPath = (domain: string, bizId: string) => `${segment(domain)}/${segment(bizId)}`;

export class MetafieldsApi {
  constructor(private readonly transport: Transport) {}

  /** Every value of one business object, sorted by the store; follows next-page links if a store pages. */
  async list(domain: string, bizId: string, options: MetafieldFilter = {}): Promise<Metafield[]> {
    const { checkMetafieldList } = await schemas();
    return readAllPages(
      this.transport,
      `${BASE}/${objectPath(domain, bizId)}`,
      { namespace: options.namespace, limit: options.limit === undefined ? undefined : String(options.limit) },
      (body) => checkMetafieldList(unwrap(body, 'metafields', 'list')),
    );
  }

  async count(domain: string, bizId: string, options: MetafieldFilter = {}): Promise<number> {
    const response = await this.transport.request({
      method: 'GET',
      path: `${BASE}/count/${objectPath(domain, bizId)}`,
      query: { namespace: options.namespace },
    });
    // One object holds few values: a JS number is exact here (ids are never counts).
    return Number(parseCount(response.body));
  }

  async get(domain: string, bizId: string, namespace: string, code: string): Promise<Metafield> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/detail/${objectPath(domain, bizId)}`, query: { namespace, code } });
    const { checkMetafield } = await schemas();
    return checkMetafield(unwrap(response.body, 'metafield', 'object'));
  }

  /**
   * Creates 1..MAX_BATCH values at once; the store creates all or none (409 if any exists).
   * A refusal is a MetafieldWriteError naming the values at fault by their index in `values`.
   */
  async createBatch(domain: string, bizId: string, values: MetafieldInput[]): Promise<MetafieldInput[]> {
    if (values.length === 0 || values.length > MAX_BATCH)
      throw new RuntimeError(`createBatch takes 1 to ${MAX_BATCH} values, not ${values.length}: split the list.`);
    const body = { metaFieldDataList: values.map(wireInput) };
    const response = await this.transport.request({ method: 'POST', path: `${BASE}/${objectPath(domain, bizId)}`, body }).catch((error: unknown) => {
      throw error instanceof ApiError ? batchRefusal(error, values.length) : error;
    });
    // Answered without a body (204): the values are as sent.
    if (isEmptyAnswer(response.body)) return values.map(wireInput);
    const { checkWrittenList } = await schemas();
    return checkWrittenList(unwrap(unwrap(response.body, 'metafield', 'object'), 'metaFieldDataList', 'list'));
  }

  /** A refusal is a MetafieldWriteError naming the value's fields at fault. */
  async update(domain: string, bizId: string, value: MetafieldInput): Promise<MetafieldInput> {
    const response = await this.transport
      .request({ method: 'PUT', path: `${BASE}/${objectPath(domain, bizId)}`, body: { metaFieldData: wireInput(value) } })
      .catch((error: unknown) => {
        throw error instanceof ApiError ? singleRefusal(error) : error;
      });
    if (isEmptyAnswer(response.body)) return wireInput(value);
    const { checkWritten } = await schemas();
    return checkWritten(unwrap(response.body, 'metafield', 'object'));
  }

  /** Returns the value that was removed; only its namespace and code when the store answered without a body (204). */
  async delete(domain: string, bizId: string, namespace: string, code: string): Promise<MetafieldInput | Omit<MetafieldInput, 'value'>> {
    const response = await this.transport.request({ method: 'DELETE', path: `${BASE}/${objectPath(domain, bizId)}`, query: { namespace, code } });
    if (isEmptyAnswer(response.body)) return { namespace, code };
    const { checkWritten } = await schemas();
    return checkWritten(unwrap(response.body, 'metafields', 'object'));
  }
}

/** Exactly the three wire fields, whatever else the caller's object carries. */
function wireInput(value: MetafieldInput): MetafieldInput {
  return { namespace: value.namespace, code: value.code, value: value.value };
}
