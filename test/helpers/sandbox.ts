// A real sandbox on an ephemeral loopback port for a test file, and the environment that
// points the CLI at it: in the real dialect with the genstore header family, so that every
// suite run in both dialects proves the client against both families.
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { brandEnv } from './dialects.js';

export interface SandboxHandle {
  readonly sandbox: RunningSandbox;
  readonly env: Record<string, string>;
}

export function useSandbox(options: SandboxOptions = {}): SandboxHandle {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox({ port: 0, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get sandbox() {
      if (!running) throw new Error('sandbox not started yet');
      return running;
    },
    get env() {
      return { STORE_CLI_BASE_URL: this.sandbox.baseUrl, STORE_CLI_TOKEN: this.sandbox.token, ...brandEnv(options.dialect) };
    },
  };
}
