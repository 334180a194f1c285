// `webhook listen --log` as a process: a delivery it acknowledged is on disk even when the
// listener is killed with SIGKILL right after; the log is never where stdout goes. Resend of
// what listen kept: test/commands/webhook/resend.test.ts.
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, isolatedEnv, killLeftovers, removeScratch, requireBuild, scratch, spawnCli } from '../helpers/cli-spawn.js';
import { listen, sign } from './webhook-helpers.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const SECRET = 'whsec-log-e2e-1';

function post(url: string, id: string, body: string): Promise<number> {
  const target = new URL(url);
  const headers = { 'Content-Type': 'application/json', 'X-Service-Topic': 'products/update', 'X-Service-Webhook-Id': id, 'X-Service-Hmac-Sha256': sign(body, SECRET) };
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', agent: false, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const loggedIds = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { headers: Array<[string, string]> }).headers.find(([name]) => name === 'X-Service-Webhook-Id')![1]);

describe('webhook listen --log (spawned)', () => {
  it('every acknowledged delivery survives kill -9 of the listener, each a whole line', async () => {
    const file = join(scratch().root, 'deliveries.jsonl');
    const l = await listen(['--secret', SECRET, '--log', file]);
    const acknowledged: string[] = [];
    let next = 0;
    // Five senders at a time; the listener is killed once 25 deliveries are acknowledged,
    // while others are in flight.
    const killed = new Promise<void>((resolve) => {
      const sender = async () => {
        while (next < 200 && l.child.exitCode === null && l.child.signalCode === null) {
          const id = `wh-kill-${next++}`;
          const body = JSON.stringify({ productId: String(5000 + next), title: `Delivery ${id}`, pad: 'p'.repeat(2000) });
          try {
            if ((await post(l.url, id, body)) === 200) acknowledged.push(id);
          } catch {
            return; // the listener is gone: this one was never acknowledged
          }
          if (acknowledged.length >= 25 && !l.child.killed) {
            l.child.kill('SIGKILL');
            resolve();
          }
        }
      };
      void Promise.all(Array.from({ length: 5 }, sender)).then(() => resolve());
    });
    await killed;
    const end = await l.stop('SIGKILL');
    expect(end.signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);
    const kept = loggedIds(file); // throws if a line is torn
    for (const id of acknowledged) expect(kept).toContain(id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a --log that is the file stdout goes to, with exit 2', async () => {
    const file = join(scratch().root, 'same.jsonl');
    const fd = openSync(file, 'a');
    const child = spawnCli(['webhook', 'listen', '--port', '0', '--log', file], isolatedEnv(), 'pipe', fd);
    closeSync(fd);
    child.stdin!.end();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const end = await exitOf(child, 10_000);
    expect(end.code).toBe(2);
    expect(stderr).toBe(`error: --log ${file}: it is the file stdout goes to, give another file; nothing was listened to.\n`);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
