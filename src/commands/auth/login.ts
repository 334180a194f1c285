// `auth login`: saves a base URL and token under a profile once the store has accepted the token,
// with the header family it answered in; the token comes from a hidden prompt, or from stdin with
// --with-token.
import { AuthError, UsageError } from '../../core/errors.js';
import { checkBaseUrl } from '../../core/target.js';
import { BRANDS } from '../../core/brand.js';
import { boolean, defineVerb, oneOf } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  asks: true,
  name: 'login',
  summary: 'Save a store base URL and access token under a profile (checks the token first)',
  flags: {
    withToken: boolean('read the token from standard input instead of a hidden prompt'),
    brand: oneOf(
      '<family>',
      "the store's header family: service (X-Service-Access-Token) or genstore (X-Genstore-Access-Token); default: found (see below)",
      BRANDS,
    ),
  },
  examples: [
    'store-cli auth login --base-url https://my-shop.genmystore.com',
    'echo "$TOKEN" | store-cli auth login --base-url https://store.example.com --with-token',
    'store-cli --profile staging auth login --base-url https://staging.example.com --brand genstore',
  ],
  notes: `
The global --base-url and --profile options choose the store and the profile.

The token is an access token of an app installed on the store (a Genstore store: the
store admin's Apps > Develop apps, or an app of the partner platform). Without --brand
(or STORE_CLI_BRAND) the header family is the host's (a *.genmystore.com or .ai store is
genstore); for another host the token goes as X-Service-Access-Token first and, when the
store refuses it, once as X-Genstore-Access-Token (to the same store only). The family
the store accepted is saved in the profile (config key brand).
`,
  async run(options, ctx) {
    if (ctx.globals.sandbox) throw new UsageError('auth login saves a real store; the embedded sandbox (--sandbox) needs no login.');
    const target = await ctx.target();
    const profile = target.profile.value;
    const baseUrlText = ctx.globals.baseUrl ?? target.baseUrl?.value;
    if (!baseUrlText) throw new UsageError('Which store? Pass --base-url URL (e.g. https://store.example.com).');
    const baseUrl = checkBaseUrl(baseUrlText, '--base-url');

    let token: string;
    if (options.withToken) {
      // Bounded and UTF-8 checked like every other input read whole: `yes | auth login --with-token` must end.
      const { readInputText } = await import('../../core/input-text.js');
      token = (await readInputText('-', ctx.io.stdin, 'Standard input (--with-token)')).trim();
    } else if (ctx.io.canPrompt) token = (await ctx.prompter.secret(`Access token for ${baseUrl}:`)).trim();
    else throw new UsageError('No terminal to ask for the token in: pipe it to --with-token.');
    if (token === '') throw new UsageError(options.withToken ? 'No token arrived on standard input (--with-token).' : 'The token is empty.');
    if (/\s/.test(token)) throw new UsageError('The token contains spaces or line breaks; pass exactly one token.');

    const api = await ctx.apiWith(baseUrl, token, options.brand);
    const { checkToken } = await import('./check-token.js');
    const verdict = await ctx.spin('Checking the token…', () => checkToken(api));
    if (verdict === 'refused') throw new AuthError(`The store at ${baseUrl} refused this token (401); nothing was saved.`);

    const [config, { redactToken }] = await Promise.all([ctx.config(), import('../../core/secrets.js')]);
    // A new login replaces the credentials, never the profile's other configuration defaults.
    config.saveProfile(profile, { ...config.profile(profile), baseUrl, token });
    // The family belongs to this store: the one named or found is saved; a family saved for
    // another store is dropped (the host or a 401 decides again).
    const brand = options.brand ?? ctx.detectedBrand();
    if (brand) config.setDefault(profile, 'brand', brand);
    else config.unsetDefault(profile, 'brand');
    ctx.say(
      `Logged in to ${baseUrl} as profile '${profile}' (token ${redactToken(token)}${brand ? `, header family ${brand}` : ''}); saved to ${config.path}.`,
    );
    if (verdict === 'accepted-without-gift-card-scope') ctx.say('Note: this token may not read gift cards (read_gift_card scope missing).');
  },
});
