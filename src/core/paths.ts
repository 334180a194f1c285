// Where store-cli keeps its files. STORE_CLI_CONFIG_DIR, STORE_CLI_DATA_DIR and
// STORE_CLI_CACHE_DIR move them (tests and CI use a scratch directory); otherwise the
// platform's usual places.
import { mkdirSync, statSync, type Stats } from 'node:fs';
import envPaths from 'env-paths';

export type Env = Readonly<Record<string, string | undefined>>;

const platformPaths = () => envPaths('store-cli', { suffix: '' });

export function configDir(env: Env): string {
  return env.STORE_CLI_CONFIG_DIR || platformPaths().config;
}

export function dataDir(env: Env): string {
  return env.STORE_CLI_DATA_DIR || platformPaths().data;
}

/** What only saves time and can always be removed: the code cache (src/compile-cache.ts). ~/.cache/store-cli on Linux. */
export function cacheDir(env: Env): string {
  return env.STORE_CLI_CACHE_DIR || platformPaths().cache;
}

/**
 * Creates a directory of store-cli's (and any missing parent) as 0700 whatever the umask:
 * it holds the token and the sandbox's state. A directory that exists is left as it is.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** What `path` is, or undefined when it cannot be known: absent, under a file, or not ours to look at. */
export function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
