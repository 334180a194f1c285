// `auth status`: what a command would use (profile, base URL, token) and where each came from, then
// what the store says of the token, its scopes and its shop; a refused or missing token exits 4.
import { AuthError } from '../../core/errors.js';
import type { Column } from '../../core/output.js';
import { defineVerb } from '../verb.js';

interface AuthStatus {
  profile: string;
  profileSource: string;
  /** The store.toml environment that chose the profile, and that file (absolute); null when none did. */
  environment: string | null;
  storeFile: string | null;
  baseUrl: string | null;
  baseUrlSource: string | null;
  token: string | null;
  tokenSource: string | null;
  tokenStatus: 'accepted' | 'accepted-without-gift-card-scope' | 'refused' | 'missing';
  /** The granted scopes where the store lists them (GET oauth2/access_scopes); null when unknown. */
  scopes: string[] | null;
  /** The shop the token belongs to (GET shops/info); null when not known, `shopUnknown` saying why. */
  shopName: string | null;
  shopDomain: string | null;
  shopUnknown: string | null;
}

const FIELDS = [
  'profile',
  'profileSource',
  'environment',
  'storeFile',
  'baseUrl',
  'baseUrlSource',
  'token',
  'tokenSource',
  'tokenStatus',
  'scopes',
  'shopName',
  'shopDomain',
  'shopUnknown',
] as const;

export default defineVerb({
  mutates: false,
  name: 'status',
  summary: "Show the profile, base URL and token in use, where each came from, check the token (exit 4 if refused), its shop's name and domain, and its scopes",
  json: {
    fields: FIELDS,
    what: `{${FIELDS.join(', ')}}: each setting in use with where it came from, and what the store said of the token (null where not known)`,
  },
  examples: ['store-cli auth status', 'STORE_CLI_TOKEN=... store-cli auth status --json'],
  async run(options, ctx) {
    const [out, target, { redactToken }] = await Promise.all([ctx.output(), ctx.target(), import('../../core/secrets.js')]);
    const status: AuthStatus = {
      profile: target.profile.value,
      profileSource: target.profile.source,
      environment: target.profile.environment?.name ?? null,
      storeFile: target.profile.environment?.file ?? null,
      baseUrl: target.baseUrl?.value ?? null,
      baseUrlSource: target.baseUrl?.source ?? null,
      token: target.token ? redactToken(target.token.value) : null,
      tokenSource: target.token?.source ?? null,
      tokenStatus: 'missing',
      scopes: null,
      shopName: null,
      shopDomain: null,
      shopUnknown: null,
    };
    if (ctx.globals.sandbox) Object.assign(status, { baseUrl: 'embedded sandbox', baseUrlSource: 'sandbox', token: 'generated', tokenSource: 'sandbox' });
    if (ctx.globals.sandbox || (target.baseUrl && target.token)) {
      const { checkToken } = await import('./check-token.js');
      const api = await ctx.api();
      status.tokenStatus = await ctx.spin('Checking the token…', () => checkToken(api));
      // Where the store lists a token's scopes; a store without the endpoint leaves them unknown.
      if (status.tokenStatus !== 'refused') {
        status.scopes = (await api.accessScopes.granted()) ?? null;
        const { lookUpShop } = await import('./shop.js');
        const shop = await lookUpShop(api);
        if ('unknown' in shop) status.shopUnknown = shop.unknown;
        else Object.assign(status, { shopName: shop.name, shopDomain: shop.domain });
      }
    }
    const { shownPath } = await import('../../core/store-file.js');
    await out.item(status, { columns: columns((file) => shownPath(file, ctx.cwd)) });
    if (status.tokenStatus === 'refused') throw new AuthError(`The store at ${status.baseUrl} refused the token of profile '${status.profile}' (401).`);
    if (status.tokenStatus === 'missing') {
      throw new AuthError(
        `Profile '${status.profile}' has no ${status.baseUrl ? 'token' : 'base URL'}: ` +
          `run 'store-cli auth login' or set ${status.baseUrl ? 'STORE_CLI_TOKEN' : 'STORE_CLI_BASE_URL'}.`,
      );
    }
  },
});

const sourced = (value: string | null, source: string | null) => (value === null ? 'not set' : `${value} (${source})`);

/** Where the profile came from; chosen by a store.toml environment, that environment and its file: `staging (env staging from ./store.toml)`. */
function profileSource(s: AuthStatus, shown: (file: string) => string): string {
  if (s.environment === null || s.storeFile === null) return sourced(s.profile, s.profileSource);
  const by = s.profileSource === 'flag' ? ', --env' : s.profileSource === 'environment' ? ', STORE_CLI_ENV' : '';
  return `${s.profile} (env ${s.environment} from ${shown(s.storeFile)}${by})`;
}

const columns = (shown: (file: string) => string): readonly Column<AuthStatus>[] => [
  { header: 'PROFILE', value: (s) => profileSource(s, shown) },
  { header: 'BASE URL', value: (s) => sourced(s.baseUrl, s.baseUrlSource) },
  { header: 'TOKEN', value: (s) => sourced(s.token, s.tokenSource) },
  {
    header: 'STATUS',
    value: (s) =>
      ({
        accepted: 'token accepted',
        'accepted-without-gift-card-scope': 'token accepted (no read_gift_card scope)',
        refused: 'token refused',
        missing: 'not logged in',
      })[s.tokenStatus],
    style: (text, colors, s) => (s.tokenStatus.startsWith('accepted') ? colors.green(text) : colors.red(text)),
  },
  {
    header: 'SHOP',
    value: (s) => (s.shopName !== null ? `${s.shopName} (${s.shopDomain})` : s.shopUnknown !== null ? `unknown (${s.shopUnknown})` : 'unknown'),
  },
  {
    header: 'SCOPES',
    value: (s) =>
      s.scopes === null
        ? s.tokenStatus.startsWith('accepted')
          ? 'unknown (the store does not list them)'
          : 'unknown'
        : s.scopes.length === 0
          ? 'none'
          : s.scopes.join(', '),
  },
];
