// The reads `store-cli doctor` makes: a few GETs whose answer (status, headers, body text)
// is looked at whatever its status. Paths only here; each is under the API root, which the
// profile's version moves (createApi wraps this module's transport like the others).
import { ACCESS_SCOPES_SUBPATH } from '../../core/brand.js';
import { ApiError } from '../../core/errors.js';
import { parseJson } from '../../core/json.js';
import { rawPath, type Transport } from '../../core/transport.js';
import { parseAccessScopes } from '../access-scopes/requests.js';
import { API_PREFIX } from '../wire.js';

export interface ProbeAnswer {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  text: string;
  ms: number;
}

/** What doctor reads, below the API root. */
export const PROBE_PATHS = {
  accessScopes: `${API_PREFIX}${ACCESS_SCOPES_SUBPATH}`,
  giftCardSearch: `${API_PREFIX}/gift_cards/search`,
  productList: `${API_PREFIX}/products`,
  customerList: `${API_PREFIX}/customers`,
  shopInfo: `${API_PREFIX}/shops/info`,
} as const;

export type ProbeName = keyof typeof PROBE_PATHS;

export class StoreProbeApi {
  constructor(private readonly transport: Transport) {}

  /** One GET; a non-2xx status is an answer too (a network failure still throws). */
  async get(name: ProbeName, query: Record<string, string> = {}): Promise<ProbeAnswer> {
    const started = performance.now();
    try {
      const answer = await rawPath(this.transport)({ method: 'GET', path: PROBE_PATHS[name], query });
      return { ...answer, ms: performance.now() - started };
    } catch (error) {
      if (error instanceof ApiError)
        return { status: error.status, headers: error.responseHeaders ?? {}, text: error.responseText ?? '', ms: performance.now() - started };
      throw error;
    }
  }

  /** The scopes an access_scopes answer grants, read as auth status reads them; undefined when its body says none of known shape. */
  async scopes(answer: ProbeAnswer): Promise<string[] | undefined> {
    try {
      return parseAccessScopes(parseJson(answer.text));
    } catch {
      return undefined;
    }
  }
}
