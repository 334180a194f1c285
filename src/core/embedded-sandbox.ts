// --sandbox: the emulator in-process on an ephemeral loopback port, its state kept in the
// user's data directory and seeded with demo data on first use, so a first command
// shows something without any set-up.
import { join } from 'node:path';

export const SANDBOX_STATE_FILE = 'sandbox.json';

export async function startEmbeddedSandbox(dataDirectory: string, log: ((line: string) => void) | undefined) {
  const { startSandbox } = await import('../sandbox/index.js');
  return startSandbox({
    host: '127.0.0.1',
    port: 0,
    dataFile: join(dataDirectory, SANDBOX_STATE_FILE),
    seed: 'demo',
    ...(log ? { onRequest: (r: { method: string; path: string; status: number; ms: number }) => log(`  sandbox: ${r.method} ${r.path} ${r.status} (${r.ms} ms)`) } : {}),
  });
}
