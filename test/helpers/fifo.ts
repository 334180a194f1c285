// A FIFO in a scratch folder with a reader (`cat`) on it, for the tests that write a command's
// outputs onto FIFOs, in-process and spawned: what the reader got once the writer closed it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

/**
 * Makes `dir`/`name` a FIFO with a reader on it. `read` resolves with what the reader got; a
 * writer that renamed a file over the FIFO never opened it, so the reader is killed after
 * `giveUpMs` rather than waiting for good.
 */
export function fifoWithReader(dir: string, name: string, giveUpMs = 5000): { path: string; read: () => Promise<string> } {
  const path = join(dir, name);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  const reader = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => reader.once('close', () => resolve()));
  return {
    path,
    read: async () => {
      const timer = setTimeout(() => reader.kill('SIGKILL'), giveUpMs);
      await done;
      clearTimeout(timer);
      return Buffer.concat(chunks).toString();
    },
  };
}
