// The target a command's requests go to, built: with --sandbox the embedded sandbox,
// started in-process (and closed when the command ends); else the store the flags, the
// environment or the profile name (core/target.ts resolves them), checked to have an
// address and a token and not to send the token in clear.
import type { BaseContext } from '../core/base-context.js';
import { AuthError } from '../core/errors.js';
import type { Brand } from '../core/brand.js';
import { assertSafeTransport, type Sourced } from '../core/target.js';

export interface Connection {
  profile: Sourced;
  baseUrl: Sourced;
  token: Sourced;
}

/**
 * `log`: where the sandbox's notices and, under --verbose, its requests go. `onClose`
 * receives what must be closed when the command ends (the embedded sandbox).
 */
export async function connect(ctx: BaseContext, log: (line: string) => void, onClose: (close: () => Promise<void>) => void): Promise<Connection> {
  const { globals, env, io, signal } = ctx;
  if (globals.sandbox) {
    const [{ embeddedDialect, startEmbeddedSandbox }, { makePrivateDir }] = await Promise.all([import('./embedded-sandbox.js'), import('../core/paths.js')]);
    const dir = await ctx.dataDir();
    await makePrivateDir(dir);
    const sandbox = await startEmbeddedSandbox(dir, globals.verbose ? log : undefined, embeddedDialect(env), { say: log, signal });
    onClose(() => sandbox.close());
    // One line within 80 columns (the README's first command prints it); its address, which
    // lives as long as the command, only for --verbose, whose request log names it anyway.
    const where = globals.verbose ? ` at ${sandbox.baseUrl}` : '';
    if (io.isStderrTTY) log(`Using the embedded sandbox${where} ('store-cli --sandbox sandbox reset' clears it).`);
    return {
      profile: await ctx.profile(),
      baseUrl: { value: sandbox.baseUrl, source: 'sandbox' },
      token: { value: sandbox.token, source: 'sandbox' },
    };
  }
  const target = await ctx.target();
  const profile = target.profile.value;
  if (!target.baseUrl) {
    throw new AuthError(`No store is set up for profile '${profile}': run 'store-cli auth login --base-url URL', set STORE_CLI_BASE_URL, or try --sandbox.`);
  }
  if (!target.token) {
    throw new AuthError(`No access token for profile '${profile}': run 'store-cli auth login' or set STORE_CLI_TOKEN.`);
  }
  assertSafeTransport(target.baseUrl.value, globals.insecure === true);
  return { profile: target.profile, baseUrl: target.baseUrl, token: target.token };
}

/** The embedded sandbox speaks one header family, its dialect's, whatever else says. */
export async function sandboxBrand(env: BaseContext['env']): Promise<Brand> {
  const { embeddedDialect } = await import('./embedded-sandbox.js');
  return embeddedDialect(env) === 'real' ? 'genstore' : 'service';
}
