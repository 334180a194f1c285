// Checks of the flags `webhook listen`, `trigger` and `resend` share, each failing with a
// sentence that names the flag (exit 2, nothing listened to or sent).
import type { Brand, BrandSource } from '../../core/brand.js';
import type { Context } from '../../root/context.js';
import { UsageError } from '../../core/errors.js';
import type { Env } from '../../core/paths.js';
import { DOCUMENTED_TOPICS, isDocumentedTopic, isWellFormedTopic } from '../../webhooks/wire.js';
import { nearest, orList } from '../../core/words.js';

export function httpUrlFlag(text: string, flag: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${flag} must be an absolute http(s) URL such as http://127.0.0.1:3000/webhooks (got '${text}').`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must use http or https (got '${url.protocol.replace(':', '')}').`);
  return url;
}

/** Keeps the secret out of `ps` and shell history: the environment may give it instead of a flag. */
const SECRET_ENV = 'STORE_CLI_WEBHOOK_SECRET';

/** --secret, else STORE_CLI_WEBHOOK_SECRET. The secret itself never appears in a message. */
export function secretFlag(text: string | undefined, env: Env): string | undefined {
  if (text !== undefined) {
    if (text.trim() === '') throw new UsageError('--secret must not be empty.');
    return text;
  }
  const fromEnv = env[SECRET_ENV];
  if (fromEnv === undefined || fromEnv === '') return undefined;
  if (fromEnv.trim() === '') throw new UsageError(`${SECRET_ENV} must not be blank.`);
  return fromEnv;
}

/** --brand's help: trigger and resend send under one header family. */
export const BRAND_HELP =
  "send under this header family's names (X-Service-* or X-Genstore-*); default: the profile's brand (STORE_CLI_BRAND, the profile, the store's host)";

/** The family to send in: --brand, else the profile's (ctx.brand(): environment, profile, host, else service by default). */
export async function sendingBrand(flag: Brand | undefined, ctx: Context): Promise<{ value: Brand; source: BrandSource }> {
  if (flag !== undefined) return { value: flag, source: 'flag' };
  return ctx.brand();
}

/** The store's domain as the shop-domain header carries it (`my-shop.genmystore.com`): the host of the profile's store, if one is set. */
export async function profileShopDomain(ctx: Context): Promise<string | undefined> {
  const { baseUrl } = await ctx.target();
  return baseUrl === undefined ? undefined : new URL(baseUrl.value).host;
}

/**
 * --topic of a subscription (or a filter): any `noun/verb`, so a topic the store adds works
 * at once (exit 2 only for a malformed one). One a letter or two from a documented topic
 * (`order/create`, `orders/created`) is a typo, which would make a subscription that never
 * fires: refused, naming the topic meant, before anything is sent. Any other the store does
 * not document is sent with a warning.
 */
export function topicFlag(topic: string, ctx: Context): string {
  if (!isWellFormedTopic(topic))
    throw new UsageError(`--topic must be a topic written noun/verb, such as orders/create or customers/data_request (got '${topic}').`);
  if (isDocumentedTopic(topic)) return topic;
  const near = nearest(topic, DOCUMENTED_TOPICS);
  if (near.length > 0) throw new UsageError(`--topic ${topic} is not a topic the store documents: did you mean ${orList(near)}? Nothing was sent.`);
  ctx.warn(
    `--topic ${topic} is not a topic the store documents (webhook subscribe --help lists them); a store may refuse it or never send it: check the spelling.`,
  );
  return topic;
}
