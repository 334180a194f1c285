// Which store to talk to and with which token, and where each came from: a flag, the
// environment (CI), the folder's store.toml, or the profile in the config file. Pure, so
// precedence is unit-tested; this is the one place a profile is chosen.
import { UsageError } from './errors.js';
import type { ProfileRecord } from './config.js';
import type { Env } from './paths.js';
import type { StoreFile } from './store-file.js';

export type Source = 'flag' | 'environment' | 'store file' | 'config file' | 'sandbox' | 'default';

export interface Sourced {
  value: string;
  source: Source;
  /** The store.toml environment the profile was chosen by (--env, STORE_CLI_ENV or the file's `[store] env`). */
  environment?: { name: string; file: string };
}

export interface StoreTarget {
  profile: Sourced;
  baseUrl?: Sourced;
  token?: Sourced;
}

export interface TargetFlags {
  profile?: string;
  /** An environment of store.toml. */
  env?: string;
  baseUrl?: string;
}

export const DEFAULT_PROFILE = 'default';

/**
 * Whether the profile is named without reading any file: --profile, or STORE_CLI_PROFILE
 * when no --env names an environment (and so store.toml) instead.
 */
export function profileNamedOutright(flags: TargetFlags, env: Env): boolean {
  return Boolean(flags.profile) || (!flags.env && Boolean(env.STORE_CLI_PROFILE));
}

/**
 * The profile in use, by precedence: --profile or --env, then STORE_CLI_PROFILE or
 * STORE_CLI_ENV, then store.toml's `[store] env`, then `savedDefault` (the profile `auth
 * switch` saved in the config file), then 'default'. `storeFile`: the folder's store.toml,
 * read when profileNamedOutright is false (undefined: there is none).
 */
export function resolveProfile(flags: TargetFlags, env: Env, savedDefault?: string, storeFile?: StoreFile): Sourced {
  if (flags.profile && flags.env) throw new UsageError('--profile and --env both name the target: give one of them.');
  if (flags.profile) return { value: checkProfileName(flags.profile, '--profile'), source: 'flag' };
  if (flags.env) return fromEnvironment(flags.env, '--env', 'flag', storeFile);
  if (env.STORE_CLI_PROFILE && env.STORE_CLI_ENV)
    throw new UsageError('STORE_CLI_PROFILE and STORE_CLI_ENV are both set: unset one of them, or give --profile or --env.', false);
  if (env.STORE_CLI_PROFILE) return { value: checkProfileName(env.STORE_CLI_PROFILE, 'STORE_CLI_PROFILE'), source: 'environment' };
  if (env.STORE_CLI_ENV) return fromEnvironment(env.STORE_CLI_ENV, 'STORE_CLI_ENV', 'environment', storeFile);
  if (storeFile?.defaultEnv !== undefined) return fromEnvironment(storeFile.defaultEnv, `${storeFile.path}'s [store] env`, 'store file', storeFile);
  if (savedDefault !== undefined) return { value: checkProfileName(savedDefault, "The config file's defaultProfile"), source: 'config file' };
  return { value: DEFAULT_PROFILE, source: 'default' };
}

function fromEnvironment(name: string, where: string, source: Source, storeFile: StoreFile | undefined): Sourced {
  if (storeFile === undefined)
    throw new UsageError(
      `${where} names environment '${name}', but no store.toml was found in this folder or above it: run 'store-cli init', or give --profile.`,
      false,
    );
  const environment = storeFile.environments.get(name);
  if (environment === undefined) {
    const names = [...storeFile.environments.keys()];
    throw new UsageError(
      `${where} names environment '${name}', which ${storeFile.path} does not define ` +
        `(${names.length === 0 ? 'it defines none' : `it defines ${names.join(', ')}`}).`,
      false,
    );
  }
  return { value: environment.profile, source, environment: { name, file: storeFile.path } };
}

export function resolveTarget(flags: TargetFlags, env: Env, stored: ProfileRecord | undefined, profile: Sourced = resolveProfile(flags, env)): StoreTarget {
  const target: StoreTarget = { profile };
  if (flags.baseUrl) target.baseUrl = { value: checkBaseUrl(flags.baseUrl, '--base-url'), source: 'flag' };
  else if (env.STORE_CLI_BASE_URL) target.baseUrl = { value: checkBaseUrl(env.STORE_CLI_BASE_URL, 'STORE_CLI_BASE_URL'), source: 'environment' };
  else if (stored?.baseUrl) target.baseUrl = { value: checkBaseUrl(stored.baseUrl, "The profile's base URL in the config file"), source: 'config file' };
  if (env.STORE_CLI_TOKEN) target.token = { value: env.STORE_CLI_TOKEN.trim(), source: 'environment' };
  else if (stored?.token) target.token = { value: stored.token, source: 'config file' };
  return target;
}

export function checkProfileName(name: string, where: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new UsageError(`${where} must be a profile name of letters, digits, '.', '_' or '-' (got '${name}').`);
  }
  return name;
}

/** An absolute http(s) URL exactly as typed: URL() would trim spaces silently, and a store keeps the text it gets. */
export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text) || !URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}

export function checkBaseUrl(text: string, where: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${where} must be an absolute http(s) URL such as https://store.example.com (got '${text}').`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${where} must use http or https (got '${url.protocol.replace(':', '')}').`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(`${where} must not carry a query, fragment or credentials (got '${text}').`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A token travels in a header: over plain http it is readable by anyone on the path. */
export function assertSafeTransport(baseUrl: string, insecure: boolean): void {
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !insecure) {
    throw new UsageError(`Refusing to send the access token over plain http to ${url.host}: use https, or pass --insecure if you really mean it.`, false);
  }
}
