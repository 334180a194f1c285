// `sandbox serve --stores a,b,c`: one process playing several stores, so runs across stores
// (--env 'sb-*', --group) are tried with no real store. Each store is a sandbox of its own:
// its state, its generated token, its port (--port and the ones after it, or free ports),
// and its shop (named as the store, at NAME.sandbox.localhost), so store.toml's
// expect_domain and --confirm-store are checked against it as against a real shop.
import type { Context } from '../../root/context.js';
import { UsageError } from '../../core/errors.js';
import type { RunningSandbox } from '../../sandbox/index.js';

export interface SandboxStore {
  name: string;
  /** Its own --fail-rate (`NAME:fail-rate=F`); the command's --fail-rate otherwise. */
  failRate?: number;
}

// A store's name is a profile's (core/target.ts checkProfileName), so it can be saved as one.
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The shop domain a store of --stores answers in shops/info. */
export function storeDomain(name: string): string {
  return `${name.toLowerCase().replace(/[_.]/g, '-')}.sandbox.localhost`;
}

/** `a,b,c:fail-rate=1` as stores, each name checked and given once. */
export function parseStores(text: string): SandboxStore[] {
  const stores: SandboxStore[] = [];
  for (const item of text.split(',')) {
    const [name = '', ...settings] = item.trim().split(':');
    if (!NAME.test(name)) throw new UsageError(`--stores: '${name}' is not a store name: letters, digits, '.', '_' or '-', as a profile's (got '${text}').`);
    if (stores.some((s) => s.name === name)) throw new UsageError(`--stores names ${name} twice: each store is named once.`);
    const store: SandboxStore = { name };
    for (const setting of settings) {
      const match = /^fail-rate=(\d*\.?\d+)$/.exec(setting);
      const rate = Number(match?.[1]);
      if (!match || rate > 1)
        throw new UsageError(`--stores: ${name}'s '${setting}' is not a setting of a store: the one there is fail-rate=F, F a number from 0 to 1.`);
      store.failRate = rate;
    }
    stores.push(store);
  }
  return stores;
}

interface StoresOptions {
  port: number;
  json?: boolean;
  data?: string;
  token: string[];
  shopName?: string;
  shopDomain?: string;
}

/**
 * Starts a sandbox a store (the first on --port, the next on the port after it), prints
 * where each listens, and stops them all on Ctrl-C or SIGTERM. A store that cannot start
 * stops the ones started before it.
 */
export async function serveStores(
  stores: SandboxStore[],
  options: StoresOptions,
  start: (store: SandboxStore, at: number) => Promise<RunningSandbox>,
  ctx: Context,
): Promise<void> {
  if (options.data !== undefined)
    throw new UsageError('--data keeps one store: with --stores each store lives in memory; run a sandbox serve --data a store for lasting state.');
  if (options.token.length > 0)
    throw new UsageError('--token with --stores would give every store the same token: each store generates its own (printed, and in --json).');
  if (options.shopName !== undefined || options.shopDomain !== undefined)
    throw new UsageError('--shop-name and --shop-domain name one shop: with --stores each store is named NAME at NAME.sandbox.localhost.');
  if (options.port !== 0 && options.port + stores.length - 1 > 65535)
    throw new UsageError(
      `--port ${options.port} leaves no room for ${stores.length} stores ` +
        `(ports ${options.port} to ${options.port + stores.length - 1}): give a lower port, or 0.`,
    );
  const { asCliErrors } = await import('../../root/embedded-sandbox.js');
  const running: RunningSandbox[] = [];
  const closeAll = () => asCliErrors(async () => void (await Promise.all(running.map((sandbox) => sandbox.close()))));
  try {
    // One after another: --port's ports in order, and a failure names its store.
    for (const [at, store] of stores.entries()) running.push(await asCliErrors(() => start(store, at), `--stores ${store.name}`));
  } catch (error) {
    await closeAll();
    throw error;
  }
  const described = stores.map((store, at) => ({
    name: store.name,
    baseUrl: running[at]!.baseUrl,
    token: running[at]!.token,
    shopDomain: storeDomain(store.name),
    ...(running[at]!.webhookSecret === undefined ? {} : { webhookSecret: running[at]!.webhookSecret }),
  }));
  if (options.json) ctx.io.out(`${JSON.stringify(described)}\n`);
  else for (const store of described) ctx.io.out(`${store.name}\t${store.baseUrl}\n`);
  if (!options.json) {
    ctx.say('Save each store as a profile:');
    for (const store of described) ctx.say(`  echo ${store.token} | store-cli --profile ${store.name} auth login --base-url ${store.baseUrl} --with-token`);
  }
  ctx.say(`Sandbox playing ${stores.length} stores (${stores.map((s) => s.name).join(', ')}). Ctrl-C stops them.`);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await closeAll();
  ctx.say('Sandbox stopped.');
}
