// --header NAME:VALUE of the api command. The access token's header is the CLI's to set
// (from the profile, the environment or --sandbox), and the connection's own headers are
// the HTTP client's: neither can be given here.
import { UsageError } from '../../core/errors.js';
import { TOKEN_HEADERS } from '../../core/brand.js';

const TOKEN_NAMES = new Set(TOKEN_HEADERS.map((name) => name.toLowerCase()));
const RESERVED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeaders(args: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const name = colon < 0 ? '' : arg.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new UsageError(`--header must be NAME:VALUE, such as 'Accept: application/json' (got '${arg}').`);
    const value = arg.slice(colon + 1).trim();
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new UsageError(`--header ${name}: the value must not contain line breaks or control characters.`);
    const lower = name.toLowerCase();
    if (TOKEN_NAMES.has(lower)) {
      throw new UsageError(
        `--header cannot set ${name}: the token comes from the profile, ` +
          `STORE_CLI_TOKEN or --sandbox, under the header of the store's family (see 'store-cli config set --help', brand).`,
      );
    }
    if (RESERVED.has(lower)) throw new UsageError(`--header cannot set ${name}: the HTTP client sets it.`);
    headers[lower] = value;
  }
  return headers;
}
