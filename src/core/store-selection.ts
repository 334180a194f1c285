// Which stores a run across stores goes to: `--env a,b`, `--env 'prod-*'` (a glob over
// store.toml's environments) or `--group NAME` (store.toml's [groups]). Pure, so the choice
// is unit-tested; the fan-out itself (running the command once a store) is root/fan-out.ts.
import { UsageError } from './errors.js';
import type { StoreFile } from './store-file.js';

/** How many stores run at once by default (--parallel), and at most. */
export const DEFAULT_PARALLEL = 4;
export const MAX_PARALLEL = 64;

export interface SelectionFlags {
  env?: string;
  group?: string;
}

/** A glob's characters: `*` any run of characters, `?` one. */
const GLOB = /[*?]/;

/** Whether the flags name several stores (a list, a glob or a group) rather than one environment. */
export function namesSeveralStores(flags: SelectionFlags): boolean {
  return flags.group !== undefined || (flags.env !== undefined && (flags.env.includes(',') || GLOB.test(flags.env)));
}

/**
 * The environments the flags name, each once, in the order named (a glob's matches and a
 * group's members in the file's order). A name the file does not define, a glob that matches
 * none, an unknown group: a usage error naming what the file holds.
 */
export function selectStores(flags: SelectionFlags, file: StoreFile | undefined): string[] {
  const asked = flags.group !== undefined ? `--group ${flags.group}` : `--env ${flags.env ?? ''}`;
  if (flags.group !== undefined && flags.env !== undefined) throw new UsageError('--env and --group both name the stores: give one of them.');
  if (file === undefined)
    throw new UsageError(`${asked} names stores of a store.toml, but none was found in this folder or above it: run 'store-cli init'.`, false);
  const defined = [...file.environments.keys()];
  const listed = `${file.path} defines ${defined.length === 0 ? 'none' : defined.join(', ')}`;
  let names: string[];
  if (flags.group !== undefined) {
    const members = file.groups.get(flags.group);
    if (members === undefined) {
      const groups = [...file.groups.keys()];
      throw new UsageError(
        `--group ${flags.group}: ${file.path} has no such group (${groups.length === 0 ? 'it defines none' : `its groups: ${groups.join(', ')}`}).`,
        false,
      );
    }
    names = [...members];
  } else {
    names = [];
    for (const item of (flags.env ?? '').split(',')) {
      const word = item.trim();
      if (word === '') throw new UsageError(`--env ${flags.env}: an empty name in the list; give names separated by commas, such as prod-eu,prod-us.`);
      if (GLOB.test(word)) {
        const pattern = globPattern(word);
        const matched = defined.filter((name) => pattern.test(name));
        if (matched.length === 0) throw new UsageError(`--env ${word} matches no environment (${listed}).`, false);
        names.push(...matched);
      } else if (!file.environments.has(word)) {
        throw new UsageError(`--env names environment '${word}', which ${listed}.`, false);
      } else names.push(word);
    }
  }
  return [...new Set(names)];
}

function globPattern(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}
