// What guards a run's writes: the store.toml environments that apply to the profile in use,
// and STORE_CLI_READ_ONLY. Pure: the composition root (root/store-guard.ts) enforces them on
// every request of the run's API, where no command can go around them.
import type { Env } from './paths.js';
import type { StoreFile } from './store-file.js';
import type { Sourced } from './target.js';

export interface StoreGuards {
  /** Why every request but GET is refused, when it is: `environment 'x' is read_only in FILE`, or the variable. */
  readOnly?: string;
  /** The protected environments that apply: every write of the run is confirmed first. */
  protectedBy: readonly string[];
  /** The domain each applying environment expects the shop to have (checked against shops/info). */
  expectDomains: ReadonlyArray<{ env: string; domain: string }>;
  /** The store.toml the guards came from. */
  file?: string;
}

export const NO_GUARDS: StoreGuards = { protectedBy: [], expectDomains: [] };

/**
 * The environments that apply: the one the profile was chosen by (--env, STORE_CLI_ENV, the
 * file's default); when the profile was named otherwise (--profile, STORE_CLI_PROFILE, the
 * saved default), every environment of the file that uses that profile, so naming a
 * protected store by its profile does not go around its guard. With --sandbox (`embedded`)
 * the store is the embedded sandbox: the file's guards are for other stores.
 */
export function guardsFor(profile: Sourced, storeFile: StoreFile | undefined, env: Env, embedded: boolean): StoreGuards {
  const applying =
    storeFile === undefined || embedded
      ? []
      : profile.environment !== undefined
        ? [storeFile.environments.get(profile.environment.name)!]
        : [...storeFile.environments.values()].filter((e) => e.profile === profile.value);
  const variable = env.STORE_CLI_READ_ONLY;
  const readOnlyEnv = applying.find((e) => e.readOnly);
  let readOnly: string | undefined;
  if (variable !== undefined && variable !== '' && variable !== '0' && variable.toLowerCase() !== 'false') readOnly = `STORE_CLI_READ_ONLY=${variable} is set`;
  else if (readOnlyEnv) readOnly = `environment '${readOnlyEnv.name}' is read_only in ${storeFile!.path}`;
  return {
    ...(readOnly === undefined ? {} : { readOnly }),
    protectedBy: applying.filter((e) => e.protected).map((e) => e.name),
    expectDomains: applying.flatMap((e) => (e.expectDomain === undefined ? [] : [{ env: e.name, domain: e.expectDomain }])),
    ...(applying.length > 0 ? { file: storeFile!.path } : {}),
  };
}
