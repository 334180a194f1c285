// Which stores a run across stores goes to: lists, globs over store.toml's environments, groups.
import { describe, expect, it } from 'vitest';
import { namesSeveralStores, selectStores } from '../../src/core/store-selection.js';
import type { StoreFile } from '../../src/core/store-file.js';

const env = (name: string) => [name, { name, profile: name, protected: false, readOnly: false }] as const;
const FILE: StoreFile = {
  path: '/shop/store.toml',
  environments: new Map([env('staging'), env('prod-eu'), env('prod-us'), env('prod.old')]),
  groups: new Map([['prod', ['prod-us', 'prod-eu']]]),
};

describe('selectStores', () => {
  it('one name is one store; a list, a glob or a group are several', () => {
    expect(namesSeveralStores({ env: 'prod-eu' })).toBe(false);
    expect(namesSeveralStores({})).toBe(false);
    expect(namesSeveralStores({ env: 'prod-eu,staging' })).toBe(true);
    expect(namesSeveralStores({ env: 'prod-*' })).toBe(true);
    expect(namesSeveralStores({ env: 'prod-?u' })).toBe(true);
    expect(namesSeveralStores({ group: 'prod' })).toBe(true);
  });

  it('a list in its order, a glob in the file order, a group as it lists them, each store once', () => {
    expect(selectStores({ env: 'staging,prod-eu' }, FILE)).toEqual(['staging', 'prod-eu']);
    expect(selectStores({ env: 'prod-*' }, FILE)).toEqual(['prod-eu', 'prod-us']);
    expect(selectStores({ env: 'prod?old' }, FILE)).toEqual(['prod.old']);
    expect(selectStores({ env: 'prod.*' }, FILE)).toEqual(['prod.old']); // '.' is no wildcard
    expect(selectStores({ env: 'prod-eu,prod-*' }, FILE)).toEqual(['prod-eu', 'prod-us']);
    expect(selectStores({ group: 'prod' }, FILE)).toEqual(['prod-us', 'prod-eu']);
  });

  it('names the file and what it holds when nothing matches', () => {
    expect(() => selectStores({ env: 'dev-*' }, FILE)).toThrow(
      '--env dev-* matches no environment (/shop/store.toml defines staging, prod-eu, prod-us, prod.old).',
    );
    expect(() => selectStores({ env: 'staging,qa' }, FILE)).toThrow("--env names environment 'qa', which /shop/store.toml defines staging");
    expect(() => selectStores({ env: 'staging,' }, FILE)).toThrow('an empty name in the list');
    expect(() => selectStores({ group: 'eu' }, FILE)).toThrow('--group eu: /shop/store.toml has no such group (its groups: prod).');
    expect(() => selectStores({ group: 'prod' }, undefined)).toThrow(
      "--group prod names stores of a store.toml, but none was found in this folder or above it: run 'store-cli init'.",
    );
  });
});
