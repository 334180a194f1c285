// --header NAME:VALUE of the api command. The access token's header is the CLI's to set
// (from the profile, the environment or --sandbox), and the connection's own headers are
// the HTTP client's: neither can be given here.
import { UsageError } from '../../core/errors.js';
import { TOKEN_HEADER } from '../../core/http.js';

const RESERVED = new Set([TOKEN_HEADER.toLowerCase(), 'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeaders(args: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const name = colon < 0 ? '' : arg.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new UsageError(`--header must be NAME:VALUE, such as 'Accept: application/json' (got '${arg}').`);
    const value = arg.slice(colon + 1).trim();
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw new UsageError(`--header ${name}: the value must not contain line breaks or control characters.`);
    const lower = name.toLowerCase();
    if (lower === TOKEN_HEADER.toLowerCase()) {
      throw new UsageError(`--header cannot set ${TOKEN_HEADER}: the token comes from the profile, STORE_CLI_TOKEN or --sandbox.`);
    }
    if (RESERVED.has(lower)) throw new UsageError(`--header cannot set ${name}: the HTTP client sets it.`);
    headers[lower] = value;
  }
  return headers;
}
