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
