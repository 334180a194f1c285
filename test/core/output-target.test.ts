// outputTarget: which output paths are written whole under a temporary name (regular files,
// also behind links, also in /dev/shm), and which in place (stdout and descriptors, devices,
// links into /dev and /proc).
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputTarget } from '../../src/core/output-target.js';
import { scratchDir } from '../helpers/scratch.js';

describe('outputTarget', () => {
  it('- and /dev/stdout are stdout; /dev/fd/2 is a descriptor', async () => {
    expect(await outputTarget('-')).toEqual({ kind: 'stdout' });
    expect(await outputTarget('/dev/stdout')).toEqual({ kind: 'stdout' });
    expect(await outputTarget('/dev/fd/2')).toEqual({ kind: 'descriptor', fd: 2 });
  });

  it('a regular file, one not made yet, and a link to a regular file are files', async () => {
    const dir = scratchDir();
    const file = join(dir, 'state.json');
    writeFileSync(file, '{}');
    symlinkSync(file, join(dir, 'alias.json'));
    expect(await outputTarget(file)).toEqual({ kind: 'file', path: file });
    expect(await outputTarget(join(dir, 'new.json'))).toEqual({ kind: 'file', path: join(dir, 'new.json') });
    expect(await outputTarget(join(dir, 'alias.json'))).toEqual({ kind: 'file', path: join(dir, 'alias.json') });
  });

  it('a device and a link to /dev/null are written in place', async () => {
    const dir = scratchDir();
    symlinkSync('/dev/null', join(dir, 'to-null'));
    expect(await outputTarget('/dev/null')).toEqual({ kind: 'in-place', path: '/dev/null' });
    expect(await outputTarget(join(dir, 'to-null'))).toEqual({ kind: 'in-place', path: join(dir, 'to-null') });
  });

  // /dev/shm is memory holding ordinary files: a link there to a sandbox's data file was taken
  // for a link into the system's special files, written in place and not refused.
  it.runIf(existsSync('/dev/shm'))('a link in /dev/shm to a regular file is a file', async () => {
    const dir = mkdtempSync('/dev/shm/store-cli-output-target-');
    try {
      const file = join(dir, 'state.json');
      writeFileSync(file, '{}');
      symlinkSync(file, join(dir, 'alias.json'));
      expect(await outputTarget(join(dir, 'alias.json'))).toEqual({ kind: 'file', path: join(dir, 'alias.json') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
