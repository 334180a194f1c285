import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
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
      expect(r.stderr.split('\n')[0]).toBe(
        `error: Refusing to clear the sandbox state ${file} without confirmation, and there is no terminal to ask in: pass --yes.`,
      );
      expect(existsSync(file)).toBe(true);
    });

    it('in a terminal, declined (the default): exit 2, the state stays', async () => {
      const file = stateFile();
      const r = await liveCli(['sandbox', 'reset', '--data', file], { env: scratchDirs(), tty: true, stdin: '\n' }).done;
      expect(r.code).toBe(2);
      // The question wraps at the terminal's width, wherever a long path puts the break.
      expect(stripAnsi(r.stderr).replace(/\s+/g, ' ')).toContain(`Clear the sandbox state ${file}?`);
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

describe('one target rule for every sandbox verb', () => {
  const s = useSandbox({
    seed: 'demo',
    tokens: [{ token: 'target-rule-token-1', scopes: ['read_gift_card', 'write_gift_card', 'read_customer_protected_data'] }],
  });

  it('with the default profile pointing at a running sandbox, reset, export, logs and fault all act on it and name it; --sandbox names the embedded one', async () => {
    const env = scratchDirs();
    const login = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token'], { env, stdin: 'target-rule-token-1' });
    expect(login.code, login.stderr).toBe(0);
    // A change in the running sandbox, and embedded state on disk that must stay untouched.
    const created = await cli(['giftcard', 'create', '--initial-value', '5', '--json', 'id'], { env });
    expect(created.code, created.stderr).toBe(0);
    const embedded = await cli(['--sandbox', 'giftcard', 'count'], { env });
    expect(embedded.code, embedded.stderr).toBe(0);
    const state = join(env.STORE_CLI_DATA_DIR, 'sandbox.json');
    expect(existsSync(state)).toBe(true);
    const where = `the sandbox at ${s.sandbox.baseUrl}`;

    const reset = await cli(['sandbox', 'reset', '--yes'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toContain(`Reset ${where}: 8 gift cards`);
    // The served sandbox is back at its seed; the embedded one's file is still there.
    expect((await cli(['giftcard', 'count'], { env })).stdout).toBe('8\n');
    expect(existsSync(state)).toBe(true);

    const exported = await cli(['sandbox', 'export', '-'], { env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`State of ${where} written to stdout: 8 gift cards`);
    const logs = await cli(['sandbox', 'logs', '--limit', '1'], { env, tty: true });
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stderr).toContain(`Request log of ${where}: 1 entry.`);
    const faults = await cli(['sandbox', 'fault', 'list'], { env, tty: true });
    expect(faults.code, faults.stderr).toBe(0);
    expect(faults.stderr).toContain(`Fault rules of ${where}: 0.`);

    const local = await cli(['--sandbox', 'sandbox', 'reset', '--yes'], { env });
    expect(local.code, local.stderr).toBe(0);
    expect(local.stderr).toContain(`the embedded sandbox's state file ${state} is removed`);
    expect(existsSync(state)).toBe(false);
  });
});
