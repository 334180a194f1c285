// The config directory (the token) and the data directory (the embedded sandbox's state)
// are created 0700 whatever the umask: a process under umask 000 must not make them
// readable or writable by others.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, removeScratch, requireBuild, scratch } from '../helpers/cli-spawn.js';

beforeAll(requireBuild);
afterAll(removeScratch);

/** The CLI spawned under umask 000, as a careless shell or service might start it. */
function underUmask000(args: string[], env: Record<string, string>) {
  return spawnSync('sh', ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, BIN, ...args], { env, encoding: 'utf8', timeout: 20_000 });
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('directories of store-cli', () => {
  it('the config directory, and its missing parents, are created 0700', () => {
    const dirs = scratch();
    const configDir = join(dirs.root, 'nested', 'config');
    const r = underUmask000(['config', 'set', 'output', 'json'], isolatedEnv({ STORE_CLI_CONFIG_DIR: configDir }, dirs));
    expect(r.status, r.stderr).toBe(0);
    expect(mode(configDir).toString(8)).toBe('700');
    expect(mode(join(dirs.root, 'nested')).toString(8)).toBe('700');
    expect(mode(join(configDir, 'config.json')).toString(8)).toBe('600');
  });

  it('the data directory of the embedded sandbox is created 0700', () => {
    const dirs = scratch();
    const r = underUmask000(['--sandbox', 'giftcard', 'count'], isolatedEnv({}, dirs));
    expect(r.status, r.stderr).toBe(0);
    expect(mode(dirs.dataDir).toString(8)).toBe('700');
  });
});
