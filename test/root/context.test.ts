// The composition root (src/root/context.ts) in-process: what it builds, when, and what it
// closes. Core's part of the context loads neither the API modules nor the emulator; the
// API loads on ctx.api(), the embedded sandbox starts on the first request and stops on
// dispose(). (Start-up depends on the first; the process ending on the last.)
import { describe, expect, test, vi } from 'vitest';
import { fakeIO } from '../core/fake-io.js';
import { scratchDir } from '../helpers/scratch.js';
import { createContext, type Context } from '../../src/root/context.js';
import type { Env } from '../../src/core/paths.js';

// Which of the two lazily loaded parts a step loaded (a module's factory runs on its first import).
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../../src/api/index.js', async (original) => {
  loaded.push('api');
  return original();
});
vi.mock('../../src/sandbox/index.js', async (original) => {
  loaded.push('sandbox');
  return original();
});

function sandboxContext(env: Env = {}, verbose = false): { ctx: Context; stderr: () => string } {
  const { io, stderr } = fakeIO({ stderrTTY: true });
  const ctx = createContext({
    io,
    env: { STORE_CLI_CONFIG_DIR: scratchDir(), STORE_CLI_DATA_DIR: scratchDir(), ...env },
    globals: { sandbox: true, verbose },
    signal: new AbortController().signal,
    userAgent: 'store-cli/test',
    commandTree: () => {
      throw new Error('not asked for here');
    },
    runCommand: () => Promise.reject(new Error('not asked for here')),
  });
  return { ctx, stderr };
}

describe('the composition root', () => {
  test('loads the API modules on ctx.api() and starts the embedded sandbox on the first request, not before', async () => {
    const { ctx } = sandboxContext();
    expect(await ctx.target()).toEqual({ profile: { value: 'default', source: 'default' } });
    expect(await ctx.brand()).toEqual({ value: 'service', source: 'sandbox' });
    expect((await ctx.apiVersion()).value).toMatch(/^\d{6}$/);
    expect((await ctx.setting('output')).source).toBe('default');
    await ctx.output({}, 'any');
    expect(loaded).toEqual([]);

    const api = await ctx.api();
    expect(loaded).toEqual(['api']);
    expect(Number(await api.giftCards.count())).toBeGreaterThan(0); // the demo data
    expect(loaded).toEqual(['api', 'sandbox']);
    await ctx.dispose();
  });

  test('the embedded sandbox answers in its dialect, and dispose() stops it', async () => {
    const { ctx, stderr } = sandboxContext({ STORE_CLI_SANDBOX_DIALECT: 'real' }, true);
    expect(await ctx.brand()).toEqual({ value: 'genstore', source: 'sandbox' });
    await (await ctx.api()).giftCards.count();
    // Its address only with --verbose: the notice stays within 80 columns otherwise.
    const baseUrl = /Using the embedded sandbox at (http:\/\/127\.0\.0\.1:\d+) /.exec(stderr())?.[1];
    expect(baseUrl).toBeDefined();
    expect((await fetch(`${baseUrl}/`)).status).toBeGreaterThan(0);
    await ctx.dispose();
    await expect(fetch(`${baseUrl}/`)).rejects.toThrow();
  });

  test('without --sandbox and with no store set up, the first request says so (exit 4)', async () => {
    const { io } = fakeIO();
    const ctx = createContext({
      io,
      env: { STORE_CLI_CONFIG_DIR: scratchDir(), STORE_CLI_DATA_DIR: scratchDir() },
      globals: {},
      signal: new AbortController().signal,
      userAgent: 'store-cli/test',
      commandTree: () => {
        throw new Error('not asked for here');
      },
      runCommand: () => Promise.reject(new Error('not asked for here')),
    });
    const api = await ctx.api();
    await expect(api.giftCards.count()).rejects.toMatchObject({ exitCode: 4, message: expect.stringContaining("No store is set up for profile 'default'") });
    await ctx.dispose();
  });
});
