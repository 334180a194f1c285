// store.toml: a folder's stores, found by walking up from the working directory (as fly.toml
// or .firebaserc are) and meant to be committed, so it never holds a token (those stay in the
// 0600 config file or the environment). It names a default environment, each environment's
// profile and guards (expect_domain, protected, read_only), and groups of environments.
// The file is checked whole when read: a key misspelt in it would silently drop a guard, so
// anything unknown or of the wrong type is a usage error naming the file, the line and the key.
// smol-toml loads only when a file is found.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { UsageError } from './errors.js';
import { escapeControls } from './io.js';
import { statOrNothing } from './paths.js';

export const STORE_FILE_NAME = 'store.toml';

export interface StoreEnvironment {
  name: string;
  profile: string;
  /** The shop's own domain (`shop info`), checked before the first write of a run. */
  expectDomain?: string;
  /** Every write asks (or needs --yes --confirm-store DOMAIN without a terminal). */
  protected: boolean;
  /** Every request but GET is refused before it is sent. */
  readOnly: boolean;
}

export interface StoreFile {
  /** Absolute. */
  path: string;
  /** `[store] env`: the folder's default target. */
  defaultEnv?: string;
  environments: ReadonlyMap<string, StoreEnvironment>;
  groups: ReadonlyMap<string, readonly string[]>;
}

// The names environments and groups may have: a profile's (target.ts checkProfileName).
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** The nearest store.toml in `cwd` or a folder above it, or undefined when there is none. */
export async function findStoreFile(cwd: string): Promise<string | undefined> {
  for (let dir = cwd; ; ) {
    const candidate = join(dir, STORE_FILE_NAME);
    const info = statOrNothing(candidate);
    if (info?.isFile()) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The nearest store.toml read and checked, or undefined when there is none. */
export async function loadStoreFile(cwd: string): Promise<StoreFile | undefined> {
  const path = await findStoreFile(cwd);
  if (path === undefined) return undefined;
  const { text, data } = await readTomlFile(path, cwd);
  return checkStoreFile(path, text, data, cwd);
}

/**
 * A TOML file's text and document (store.toml, an MCP policy), smol-toml loaded only now. A
 * file that cannot be read, or is not TOML, is a UsageError naming it (and the line): `cannotRead`
 * begins the sentence of the first.
 */
export async function readTomlFile(path: string, cwd: string, cannotRead = 'Cannot read'): Promise<{ text: string; data: Record<string, unknown> }> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${cannotRead} ${shownPath(path, cwd)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`, false);
  }
  const { parse, TomlError } = await import('smol-toml');
  try {
    return { text, data: parse(text) as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new UsageError(`${shownPath(path, cwd)}, line ${error.line}: ${escapeControls(reason)}.`, false);
  }
}

/** `path` as a person in `cwd` reads it: `./store.toml`, `../store.toml`, else absolute. */
export function shownPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  if (rel.startsWith(`..${sep}..${sep}..`)) return path;
  return rel.startsWith('..') ? rel : `.${sep}${rel}`;
}

/** The parsed document checked against what store.toml may hold. */
export function checkStoreFile(path: string, text: string, data: Record<string, unknown>, cwd: string): StoreFile {
  const fail = (table: readonly string[], key: string | undefined, problem: string): never => {
    const line = lineOf(text, table, key);
    const where = line === undefined ? '' : `, line ${line}`;
    const name = [...table, ...(key === undefined ? [] : [key])].join('.');
    throw new UsageError(`${shownPath(path, cwd)}${where}: ${escapeControls(name)} ${problem}.`, false);
  };
  const tableAt = (value: unknown, table: readonly string[], key: string): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) return fail(table, key, 'must be a table');
    return value as Record<string, unknown>;
  };
  for (const key of Object.keys(data)) {
    if (!['store', 'environments', 'groups'].includes(key))
      fail([], key, 'is not a setting of store.toml (it holds [store], [environments.NAME] and [groups])');
  }

  const environments = new Map<string, StoreEnvironment>();
  const envTables = data.environments === undefined ? {} : tableAt(data.environments, [], 'environments');
  for (const [name, raw] of Object.entries(envTables)) {
    const at = ['environments', name];
    if (!NAME.test(name)) fail(['environments'], name, "must be a name of letters, digits, '.', '_' or '-'");
    const table = tableAt(raw, ['environments'], name);
    for (const key of Object.keys(table)) {
      if (!['profile', 'expect_domain', 'protected', 'read_only'].includes(key))
        fail(at, key, 'is not a setting of an environment (profile, expect_domain, protected, read_only)');
    }
    const profile = table.profile;
    if (profile === undefined) fail(at, undefined, 'has no profile: give it profile = "NAME" (a profile of store-cli auth login)');
    if (typeof profile !== 'string' || !NAME.test(profile))
      fail(at, 'profile', `must be a profile name of letters, digits, '.', '_' or '-' (got ${shown(profile)})`);
    const domain = table.expect_domain;
    if (domain !== undefined && (typeof domain !== 'string' || !HOST.test(domain)))
      fail(at, 'expect_domain', `must be the shop's domain, a host name such as eu-shop.genmystore.com (got ${shown(domain)})`);
    for (const key of ['protected', 'read_only']) {
      if (table[key] !== undefined && typeof table[key] !== 'boolean') fail(at, key, `must be true or false (got ${shown(table[key])})`);
    }
    environments.set(name, {
      name,
      profile: profile as string,
      ...(domain === undefined ? {} : { expectDomain: (domain as string).toLowerCase() }),
      protected: table.protected === true,
      readOnly: table.read_only === true,
    });
  }

  const known = (table: readonly string[], key: string, name: unknown): string => {
    if (typeof name !== 'string') return fail(table, key, `must name an environment (got ${shown(name)})`);
    if (!environments.has(name)) return fail(table, key, `names '${name}', which is no [environments.${name}] of the file`);
    return name;
  };

  let defaultEnv: string | undefined;
  if (data.store !== undefined) {
    const store = tableAt(data.store, [], 'store');
    for (const key of Object.keys(store)) if (key !== 'env') fail(['store'], key, 'is not a setting of [store] (it holds env)');
    if (store.env !== undefined) defaultEnv = known(['store'], 'env', store.env);
  }

  const groups = new Map<string, string[]>();
  const groupTable = data.groups === undefined ? {} : tableAt(data.groups, [], 'groups');
  for (const [name, members] of Object.entries(groupTable)) {
    if (!NAME.test(name)) fail(['groups'], name, "must be a name of letters, digits, '.', '_' or '-'");
    if (!Array.isArray(members) || members.length === 0)
      fail(['groups'], name, `must be a list of environments such as ["prod-eu", "prod-us"] (got ${shown(members)})`);
    groups.set(
      name,
      (members as unknown[]).map((member) => known(['groups'], name, member)),
    );
  }
  return { path, ...(defaultEnv === undefined ? {} : { defaultEnv }), environments, groups };
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * The line of `key` in the table `table` (or of the table's header without a key), read
 * loosely from the text: parse errors are smol-toml's, so this only points at lines of a
 * document that parsed. Undefined when the key is written some other way (dotted, inline).
 */
export function lineOf(text: string, table: readonly string[], key?: string): number | undefined {
  const lines = text.split(/\r?\n/);
  let current: string[] = [];
  const sameTable = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, i) => part === b[i]);
  for (const [index, line] of lines.entries()) {
    const header = /^\s*\[\s*([^[\]]+?)\s*\]\s*(#.*)?$/.exec(line);
    if (header) {
      current = splitKey(header[1]!);
      if (key === undefined && sameTable(current, table)) return index + 1;
      // A key that is itself a table (`[environments.x]` under `environments`) is found by its header.
      if (key !== undefined && sameTable(current, [...table, key])) return index + 1;
      continue;
    }
    const assignment = /^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=/.exec(line);
    if (assignment && key !== undefined && sameTable(current, table) && unquote(assignment[1]!) === key) return index + 1;
  }
  return undefined;
}

function splitKey(text: string): string[] {
  return (text.match(/"[^"]*"|'[^']*'|[^.\s]+/g) ?? []).map(unquote);
}

function unquote(part: string): string {
  return /^(["']).*\1$/.test(part) ? part.slice(1, -1) : part;
}
