import type { Context } from '../../core/context.js';
import { AuthError, UsageError } from '../../core/errors.js';
import { checkBaseUrl } from '../../core/target.js';
import { boolean, defineVerb, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'login',
  summary: 'Save a store base URL and access token under a profile (checks the token first)',
  flags: { withToken: boolean('read the token from standard input instead of a hidden prompt') },
  examples: [
    'store-cli auth login --base-url https://store.example.com',
    'echo "$TOKEN" | store-cli auth login --base-url https://store.example.com --with-token',
    'store-cli --profile staging auth login --base-url https://staging.example.com',
  ],
  notes: '\nThe global --base-url and --profile options choose the store and the profile.\n',
});

export type LoginOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: LoginOptions, ctx: Context): Promise<void> {
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

  const api = await ctx.apiWith(baseUrl, token);
  const { checkToken } = await import('./check-token.js');
  const verdict = await ctx.spin('Checking the token…', () => checkToken(api));
  if (verdict === 'refused') throw new AuthError(`The store at ${baseUrl} refused this token (401); nothing was saved.`);

  const [config, { redactToken }] = await Promise.all([ctx.config(), import('../../core/secrets.js')]);
  // A new login replaces the credentials, never the profile's configuration defaults.
  config.saveProfile(profile, { ...config.profile(profile), baseUrl, token });
  ctx.say(`Logged in to ${baseUrl} as profile '${profile}' (token ${redactToken(token)}); saved to ${config.path}.`);
  if (verdict === 'accepted-without-gift-card-scope') ctx.say('Note: this token may not read gift cards (read_gift_card scope missing).');
}
