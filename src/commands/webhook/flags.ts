// Checks of the flags `webhook listen` and `webhook trigger` share, each failing with a
// sentence that names the flag (exit 2, nothing listened to or sent).
import { UsageError } from '../../core/errors.js';
import type { Env } from '../../core/paths.js';

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
