import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { stripAnsi } from '../_support.js';

describe('sandbox reset', () => {
  it('removes the embedded state: the next --sandbox run is back to the 8 demo cards', async () => {
    const env = scratchDirs();
    const state = join(env.STORE_CLI_DATA_DIR, 'sandbox.json');
    const created = await cli(['--sandbox', 'giftcard', 'create', '--initial-value', '5', '--json', 'id'], { env });
    expect(created.code, created.stderr).toBe(0);
    expect(existsSync(state)).toBe(true);
    expect((await cli(['--sandbox', 'giftcard', 'count'], { env })).stdout).toBe('9\n');

    const reset = await cli(['sandbox', 'reset', '--yes'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toBe('');
    expect(reset.stderr).toContain('Sandbox state cleared');
    expect(reset.stderr).toContain(state);
    expect(existsSync(state)).toBe(false);

    const count = await cli(['--sandbox', 'giftcard', 'count', '--json'], { env });
    expect(count.code, count.stderr).toBe(0);
    expect(JSON.parse(count.stdout)).toEqual({ count: 8 });
    const { id } = JSON.parse(created.stdout) as { id: string };
    expect((await cli(['--sandbox', 'giftcard', 'get', id], { env })).code).toBe(1); // 404: gone
  });

  it('with no state yet: exit 0 and says there is nothing to clear', async () => {
    const r = await cli(['sandbox', 'reset', '-y'], { env: scratchDirs() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('No sandbox state to clear');
  });

  it('--data clears that file instead', async () => {
    const file = join(scratchDir('store-cli-reset-'), 'state.json');
    writeFileSync(file, '{}');
    const env = scratchDirs();
    const r = await cli(['sandbox', 'reset', '--data', file, '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  describe('destructive: asks in a terminal, needs --yes without one', () => {
    const stateFile = () => {
      const file = join(scratchDir('store-cli-reset-'), 'state.json');
      writeFileSync(file, '{}');
      return file;
    };

    it('without --yes and without a terminal exits 2 naming --yes, and the state stays', async () => {
      const file = stateFile();
      const r = await cli(['sandbox', 'reset', '--data', file], { env: scratchDirs() });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toBe(`error: Refusing to clear the sandbox state ${file} without confirmation, and there is no terminal to ask in: pass --yes.`);
      expect(existsSync(file)).toBe(true);
    });

    it('in a terminal, declined (the default): exit 2, the state stays', async () => {
      const file = stateFile();
      const r = await liveCli(['sandbox', 'reset', '--data', file], { env: scratchDirs(), tty: true, stdin: '\n' }).done;
      expect(r.code).toBe(2);
      expect(stripAnsi(r.stderr)).toContain(`Clear the sandbox state ${file}?`);
      expect(existsSync(file)).toBe(true);
    });

    it('in a terminal, accepted: the state is cleared', async () => {
      const file = stateFile();
      const r = await liveCli(['sandbox', 'reset', '--data', file], { env: scratchDirs(), tty: true, stdin: 'y\n' }).done;
      expect(r.code, r.stderr).toBe(0);
      expect(stripAnsi(r.stderr)).toContain('Sandbox state cleared');
      expect(existsSync(file)).toBe(false);
    });
  });
});
