// Checks of the flags `webhook listen` and `webhook trigger` share, each failing with a
// sentence that names the flag (exit 2, nothing listened to or sent).
import { UsageError } from '../../core/errors.js';

export function portFlag(text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > 65535) throw new UsageError(`${flag} must be a whole number from 0 to 65535 (got '${text}').`);
  return value;
}

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

/** The secret itself never appears in a message. */
export function secretFlag(text: string | undefined): string | undefined {
  if (text !== undefined && text.trim() === '') throw new UsageError('--secret must not be empty.');
  return text;
}
