// Profiles on disk: a JSON file of mode 0600 holding each profile's base URL, token and
// configuration defaults (`store-cli config`).
// conf writes it, one process at a time (config-lock.ts). Reading it is one JSON.parse, and importing conf (with ajv) costs 40% of
// node's start-up, so commands that only read a profile read the file directly. Synchronously, as
// store.toml's look-up: a command's first asynchronous read starts libuv's four threads and
// loads node:fs/promises, about 4 ms of a 80 ms `giftcard count`, for a few small files.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RuntimeError } from './errors.js';
import { makePrivateDir, statOrNothing } from './paths.js';

const CONFIG_NAME = 'config';

export interface ProfileRecord {
  baseUrl?: string;
  token?: string;
  /** `config set` values by key, as stored: unchecked until a command uses one. */
  defaults?: Record<string, unknown>;
}

/** What `auth logout` did to a profile. */
export type Logout = 'removed' | 'defaults-kept' | 'no-credentials';

export interface ConfigStore {
  readonly path: string;
  profile(name: string): ProfileRecord | undefined;
  saveProfile(name: string, record: ProfileRecord): void;
  /** Forgets the base URL and token; the profile's defaults stay (preferences, not secrets). */
  logout(name: string): Logout;
  setDefault(name: string, key: string, value: unknown): void;
  /** False when the profile did not set that key. */
  unsetDefault(name: string, key: string): boolean;
  profileNames(): string[];
  /** The profile `auth switch` made the default (used without --profile or STORE_CLI_PROFILE), if any. */
  defaultProfile(): string | undefined;
  setDefaultProfile(name: string): void;
}

interface FileShape {
  profiles: Record<string, ProfileRecord>;
  /** Set by `auth switch`. */
  defaultProfile?: string;
}

/** The config file as saved, read without conf: the default profile and a look-up of profiles. */
export interface StoredConfig {
  /** Set by `auth switch`; undefined when none. */
  defaultProfile: string | undefined;
  profile(name: string): ProfileRecord | undefined;
}

/** Where a warning goes (ctx.warn): `warning: ...` on stderr. */
export type Warn = (message: string) => void;

// Folders and files already checked by this process: a command that reads and then writes
// the config says a warning once.
const checked = new Set<string>();

/**
 * As ssh does with its keys: a config folder others may write to (anyone could replace the
 * file, and so the base URL a token is sent to) or a config file others may read or write
 * (it holds the tokens) is named on stderr. What this user owns is made private again
 * (0700, 0600: what store-cli creates); what it does not own is only named.
 */
export async function checkConfigPrivacy(dir: string, warn: Warn | undefined): Promise<void> {
  const file = join(dir, `${CONFIG_NAME}.json`);
  for (const [path, what, loose, mode] of [
    [dir, 'folder', 0o022, 0o700],
    [file, 'file', 0o077, 0o600],
  ] as const) {
    if (checked.has(path)) continue;
    checked.add(path);
    const info = statOrNothing(path);
    if (info === undefined || (info.mode & loose) === 0) continue;
    const was = (info.mode & 0o777).toString(8).padStart(4, '0');
    const risk =
      what === 'folder'
        ? 'others may write in it (and replace the config file, and so where a token is sent)'
        : 'others may read or write it (it holds the tokens)';
    const owned = typeof process.getuid === 'function' && info.uid === process.getuid();
    const tightened = owned && chmodOrFalse(path, mode);
    warn?.(
      `the config ${what} ${path} has mode ${was}: ${risk}; ` +
        `${tightened ? `made it ${mode.toString(8).padStart(4, '0')}` : `run: chmod ${mode.toString(8)} ${path}`}.`,
    );
  }
}

/** One read of the config file, without loading conf; an absent file is an empty one. */
export async function readConfigFile(dir: string, warn?: Warn): Promise<StoredConfig> {
  const path = join(dir, `${CONFIG_NAME}.json`);
  await checkConfigPrivacy(dir, warn);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { defaultProfile: undefined, profile: () => undefined };
    throw new RuntimeError(`The config file ${path} could not be read (${(error as Error).message}).`);
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new RuntimeError(`The config file ${path} is not valid JSON; fix or delete it.`);
  }
  const shape = file as Partial<FileShape> | null;
  const profiles = shape?.profiles;
  const name = shape?.defaultProfile;
  return {
    defaultProfile: typeof name === 'string' && name !== '' ? name : undefined,
    profile: (wanted) => (profiles && typeof profiles === 'object' && Object.hasOwn(profiles, wanted) ? cleanProfile(profiles[wanted]) : undefined),
  };
}

/**
 * The saved profile names, sorted, without loading conf: shell completion asks on every
 * Tab, and there a missing or unreadable file simply means no names.
 */
export async function readProfileNames(dir: string): Promise<string[]> {
  try {
    const file = JSON.parse(readFileSync(join(dir, `${CONFIG_NAME}.json`), 'utf8')) as Partial<FileShape> | null;
    const profiles = file?.profiles;
    return profiles && typeof profiles === 'object'
      ? Object.keys(profiles)
          .filter((name) => !/[\r\n]/.test(name))
          .sort()
      : [];
  } catch {
    return [];
  }
}

function cleanProfile(record: unknown): ProfileRecord | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const { baseUrl, token, defaults } = record as Record<string, unknown>;
  return {
    ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
    ...(typeof token === 'string' ? { token } : {}),
    ...(isPlainObject(defaults) && Object.keys(defaults).length > 0 ? { defaults } : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function openConfig(dir: string, warn?: Warn): Promise<ConfigStore> {
  // The lock only where the file is written: a read (a shell prompt's line, every command's
  // profile) loads neither it nor its process checks.
  const [{ default: Conf }, { withConfigLock }] = await Promise.all([import('conf'), import('./config-lock.js')]);
  let conf: InstanceType<typeof Conf<FileShape>>;
  const file = join(dir, `${CONFIG_NAME}.json`);
  try {
    // conf would create it with the umask's mode (0777 under umask 000).
    await makePrivateDir(dir);
    await checkConfigPrivacy(dir, warn);
    // conf writes its defaults into a new file: a change of its own, under the lock too.
    conf = withConfigLock(
      file,
      () =>
        new Conf<FileShape>({
          projectName: 'store-cli',
          projectSuffix: '',
          cwd: dir,
          configName: CONFIG_NAME,
          configFileMode: 0o600,
          defaults: { profiles: {} },
        }),
    );
  } catch (error) {
    if (error instanceof RuntimeError) throw error;
    throw new RuntimeError(`The config file in ${dir} could not be read (${error instanceof Error ? error.message : String(error)}); fix or delete it.`);
  }
  // Each change re-reads the file (conf reads it on every get) and writes it under the lock,
  // so that parallel processes' changes all land.
  const locked =
    <A extends unknown[], R>(change: (...args: A) => R) =>
    (...args: A): R =>
      withConfigLock(file, () => change(...args));
  const profiles = (): Record<string, ProfileRecord> => {
    const value = conf.get('profiles');
    return value && typeof value === 'object' ? value : {};
  };
  /** Writes one profile back; a profile left with nothing in it is removed. */
  const put = (name: string, record: ProfileRecord) => {
    const { [name]: _old, ...rest } = profiles();
    conf.set('profiles', Object.keys(record).length > 0 ? { ...rest, [name]: record } : rest);
  };
  const stored = (name: string): ProfileRecord => cleanProfile(profiles()[name]) ?? {};
  return {
    path: conf.path,
    profile: (name) => cleanProfile(profiles()[name]),
    saveProfile: locked(put),
    logout: locked((name: string): Logout => {
      const { baseUrl, token, ...rest } = stored(name);
      if (baseUrl === undefined && token === undefined) return 'no-credentials';
      put(name, rest);
      if (rest.defaults) return 'defaults-kept';
      // A default that names a profile no longer there would point at nothing.
      if (conf.get('defaultProfile') === name) conf.delete('defaultProfile');
      return 'removed';
    }),
    setDefault: locked((name: string, key: string, value: unknown) => {
      const record = stored(name);
      put(name, { ...record, defaults: { ...record.defaults, [key]: value } });
    }),
    unsetDefault: locked((name: string, key: string) => {
      const { defaults, ...record } = stored(name);
      if (!defaults || !Object.hasOwn(defaults, key)) return false;
      const { [key]: _removed, ...rest } = defaults;
      put(name, Object.keys(rest).length > 0 ? { ...record, defaults: rest } : record);
      return true;
    }),
    profileNames: () => Object.keys(profiles()).sort(),
    defaultProfile: () => {
      const name = conf.get('defaultProfile');
      return typeof name === 'string' && name !== '' ? name : undefined;
    },
    setDefaultProfile: locked((name: string) => conf.set('defaultProfile', name)),
  };
}

const chmodOrFalse = (path: string, mode: number): boolean => {
  try {
    chmodSync(path, mode);
    return true;
  } catch {
    return false;
  }
};
