// The header family a store speaks. The spec is Genstore's public API with the brand taken
// out of the header names: a real store wants `X-Genstore-Access-Token` where the spec says
// `X-Service-Access-Token`, and signs its webhooks `X-Genstore-Hmac-Sha256`. Every header
// name the client writes or reads comes from here, so a family is one switch.

export const BRANDS = ['service', 'genstore'] as const;
export type Brand = (typeof BRANDS)[number];

export function isBrand(text: string): text is Brand {
  return (BRANDS as readonly string[]).includes(text);
}

/** The header names of one family, as a store writes them (node lower-cases them on receipt). */
export interface HeaderFamily {
  readonly brand: Brand;
  readonly token: string;
  readonly rateLimit: string;
  readonly topic: string;
  readonly webhookId: string;
  readonly triggeredAt: string;
  readonly apiVersion: string;
  readonly signature: string;
  readonly shopDomain: string;
}

const PREFIX: Readonly<Record<Brand, string>> = { service: 'X-Service', genstore: 'X-Genstore' };

export function headerFamily(brand: Brand): HeaderFamily {
  const prefix = PREFIX[brand];
  return {
    brand,
    token: `${prefix}-Access-Token`,
    rateLimit: `${prefix}-Shop-Api-Rate-Limit`,
    topic: `${prefix}-Topic`,
    webhookId: `${prefix}-Webhook-Id`,
    triggeredAt: `${prefix}-Triggered-At`,
    apiVersion: `${prefix}-Api-Version`,
    signature: `${prefix}-Hmac-Sha256`,
    shopDomain: `${prefix}-Shop-Domain`,
  };
}

/** The family a store's host names by itself (Genstore's stores live under genmystore.com/.ai); undefined when it names none. */
export function brandOfHost(hostname: string): Brand | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return /(^|\.)genmystore\.(com|ai)$/.test(host) ? 'genstore' : undefined;
}

/** The other family: the one a 401 makes the client try once. */
export function otherBrand(brand: Brand): Brand {
  return brand === 'service' ? 'genstore' : 'service';
}

/** Every token header the client may send: no extra header (`api -H`) may set one. */
export const TOKEN_HEADERS: readonly string[] = BRANDS.map((brand) => headerFamily(brand).token);

/** Where a brand came from: named (flag, env, profile), implied (the host, the sandbox's dialect), found from a 401, or none. */
export type BrandSource = 'flag' | 'env' | 'profile' | 'host' | 'sandbox' | 'detected' | 'default';

/** The API version every endpoint page of the docs shows; a profile's `api-version` overrides it. */
export const DEFAULT_API_VERSION = '202412';

/** A version is the path segment the docs print: six digits, year and month (202412). */
export const API_VERSION_PATTERN = /^\d{6}$/;

/** The path every typed request starts with, for a version: `/api/202412`. */
export function apiRoot(version: string): string {
  return `/api/${version}`;
}

/** Below the API root: the token's own scopes (a real store's endpoint; any valid token may read it). */
export const ACCESS_SCOPES_SUBPATH = '/oauth2/access_scopes';
