// The scopes granted to the token in use, where the store lists them:
// `GET /api/202412/oauth2/access_scopes` (not in the spec; see real-store-notes). A real store
// answers `{"accessScopes": "[read_orders,write_orders]"}`, a list written as text; a JSON
// list is read too. A store without the endpoint answers 404: the scopes are then unknown.
import { ApiError } from '../../core/errors.js';
import { isLosslessNumber } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import { ACCESS_SCOPES_SUBPATH } from '../../core/brand.js';
import { API_PREFIX } from '../wire.js';

export const ACCESS_SCOPES_PATH = `${API_PREFIX}${ACCESS_SCOPES_SUBPATH}`;

export class AccessScopesApi {
  constructor(private readonly transport: Transport) {}

  /**
   * The granted scopes, in the store's order; undefined when the store does not say: no such
   * endpoint (404, 405, 501), the endpoint refused (403), or an answer of no known shape.
   */
  async granted(): Promise<string[] | undefined> {
    let body: unknown;
    try {
      body = (await this.transport.request({ method: 'GET', path: ACCESS_SCOPES_PATH })).body;
    } catch (error) {
      if (error instanceof ApiError && [403, 404, 405, 501].includes(error.status)) return undefined;
      throw error;
    }
    return parseAccessScopes(body);
  }
}

/**
 * Scopes from an answer, read tolerantly: `{"accessScopes": "[a,b]"}` (text, brackets and
 * quotes optional, commas or spaces between), `{"accessScopes": ["a", "b"]}`, a list of
 * `{"handle": "a"}`, `access_scopes` or `scopes` as the key, or a bare list.
 */
export function parseAccessScopes(body: unknown): string[] | undefined {
  // A bare list is read; a bare string is not (no key says it is scopes).
  let value: unknown = Array.isArray(body) ? body : undefined;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && !isLosslessNumber(body)) {
    const record = body as Record<string, unknown>;
    value = record.accessScopes ?? record.access_scopes ?? record.scopes;
  }
  if (typeof value === 'string')
    return scopeNames(
      value
        .trim()
        .replace(/^\[/, '')
        .replace(/\]$/, '')
        .split(/[,\s]+/),
    );
  if (Array.isArray(value)) {
    const names = value.map((item) =>
      typeof item === 'string'
        ? item
        : typeof item === 'object' && item !== null && typeof (item as { handle?: unknown }).handle === 'string'
          ? (item as { handle: string }).handle
          : undefined,
    );
    return names.every((name) => name !== undefined) ? scopeNames(names) : undefined;
  }
  return undefined;
}

function scopeNames(parts: readonly string[]): string[] {
  const names = parts.map((part) => part.trim().replace(/^["']|["']$/g, '')).filter((part) => part !== '');
  return [...new Set(names)];
}
