// `store-cli sandbox serve` as a process: readiness, clean stops, persistence, tokens.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, isolatedEnv, killLeftovers, removeScratch, requireBuild, run, scratch, serve, until } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('sandbox serve', () => {
  it('prints {"baseUrl","token","webhookSecret"} only once listening: a request right after the line succeeds; SIGTERM stops it cleanly: exit 0, "stopped" on stderr, nothing more on stdout', async () => {
    const s = await serve(['--json', '--token', 't']);
    // No retry, no delay: the line is the readiness signal. A keep-alive connection left open must not hold the process up.
    const r = await api(s, 'GET', '/gift_cards/count');
    expect(r.status).toBe(200);
    expect(JSON.parse(s.firstLine)).toEqual({ baseUrl: s.baseUrl, token: 't', webhookSecret: expect.stringMatching(/^whsec_/) });
    expect(s.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const end = await s.stop('SIGTERM');
    expect(end).toMatchObject({ code: 0, signal: null });
    expect(end.stderr).toMatch(/stopped/i);
    expect(end.stderr).not.toMatch(STACK_LINE);
    expect(s.stdout()).toBe(`${s.firstLine}\n`);
  });

  it('SIGINT stops it cleanly: exit 0, "stopped" on stderr, nothing more on stdout; a token under 16 characters was warned about, without printing it', async () => {
    const s = await serve(['--json', '--token', 'secret', '--token', 'a-long-enough-token-0001']);
    // A keep-alive connection left open must not hold the process up.
    expect((await api({ baseUrl: s.baseUrl, token: 'secret' }, 'GET', '/gift_cards/count')).status).toBe(200);
    const end = await s.stop('SIGINT');
    expect(end).toMatchObject({ code: 0, signal: null });
    expect(end.stderr).toMatch(/stopped/i);
    expect(end.stderr).not.toMatch(STACK_LINE);
    expect(s.stdout()).toBe(`${s.firstLine}\n`);
    expect(end.stderr).toContain(
      'warning: --token number 1 is 6 characters long: a short token is guessed quickly by anything that can reach the sandbox; use 16 or more.',
    );
    expect(end.stderr).not.toContain('--token number 2');
    expect(end.stderr).not.toMatch(/warning: --host/);
  });

  it('--data FILE: a card created before a restart is still there after it', async () => {
    const dir = scratch();
    const file = join(dir.root, 'state', 'sandbox.json');
    const first = await serve(['--json', '--token', 't', '--data', file]);
    let id: string;
    try {
      // Made and read straight through the API: what is under test is the served process's file.
      const created = await api(first, 'POST', '/gift_cards', { giftCard: { code: 'KEPTACROSSRESTART', initialValue: '42.10', note: 'kept' } });
      expect(created.status).toBe(200);
      id = String((created.json as { giftCard: { id: string | number } }).giftCard.id);
    } finally {
      expect((await first.stop()).code).toBe(0);
    }
    expect(existsSync(file)).toBe(true);

    const second = await serve(['--json', '--token', 't', '--data', file]);
    try {
      expect(second.baseUrl).not.toBe(''); // a new process, maybe a new port
      const got = await api(second, 'GET', `/gift_cards/${id}`);
      expect(got.status).toBe(200);
      expect((got.json as { giftCard: object }).giftCard).toMatchObject({ balance: '42.10', note: 'kept' });
    } finally {
      await second.stop();
    }
  });

  it('--data FILE without --token: the generated token is the same after a restart, so a saved profile keeps working', async () => {
    const file = join(scratch().root, 'sandbox.json');
    const first = await serve(['--json', '--data', file]);
    await first.stop();
    const second = await serve(['--json', '--data', file]);
    try {
      expect(second.token).toMatch(/^sbx_/);
      expect(second.token).toBe(first.token);
      expect((await api({ baseUrl: second.baseUrl, token: first.token }, 'GET', '/gift_cards/count')).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('--token t:read_gift_card: reads pass, a create is refused (403)', async () => {
    const s = await serve(['--json', '--token', 't:read_gift_card']);
    try {
      expect((await api(s, 'GET', '/gift_cards/count')).status).toBe(200);
      expect((await api(s, 'POST', '/gift_cards', { giftCard: { code: 'READONLYREFUSED1', initialValue: '5' } })).status).toBe(403);
    } finally {
      await s.stop();
    }
  });

  it('without --token, a generated token is printed on stderr (not stdout) and works', async () => {
    const s = await serve([], isolatedEnv());
    try {
      expect(s.firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const token = await until(
        () => s.stderr().match(/[Tt]oken[^:\n]*:\s*(\S+)/)?.[1],
        5_000,
        () => `no token on stderr:\n${s.stderr()}`,
      );
      expect(s.stdout()).not.toContain(token);
      const count = await api({ baseUrl: s.baseUrl, token }, 'GET', '/gift_cards/count');
      expect(count.status).toBe(200);
      expect(Number((count.json as { count: string | number }).count)).toBe(0);
    } finally {
      await s.stop();
    }
  });

  it('a bad --token spec exits 2 without listening', async () => {
    const r = await run(['sandbox', 'serve', '--port', '0', '--token', 't:no_such_scope']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/token/i);
    expect(r.stderr).toContain('no_such_scope');
  });

  it('a --port in use exits 1 (a runtime condition, not a usage error), naming the address', async () => {
    const first = await serve(['--json', '--token', 't']);
    try {
      const port = new URL(first.baseUrl).port;
      const r = await run(['sandbox', 'serve', '--port', port, '--token', 't']);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`The sandbox cannot listen on 127.0.0.1:${port}: the port is in use.`);
      // A usage error prints the command's usage line; a runtime failure does not.
      expect(r.stderr).not.toMatch(/Usage:/);
    } finally {
      await first.stop();
    }
  });

  it('--host 0.0.0.0 says the address it really listens on and warns that other machines can reach it; a foreign Host is refused', async () => {
    const s = await serve(['--host', '0.0.0.0', '--json', '--token', 'a-long-enough-token-0001', '--quiet']);
    try {
      const port = new URL(s.baseUrl).port;
      expect(s.baseUrl).toBe(`http://127.0.0.1:${port}`);
      await until(
        () => (s.stderr().includes('Ctrl-C') ? true : undefined),
        5_000,
        () => s.stderr(),
      );
      expect(s.stderr()).toContain(`Sandbox listening on 0.0.0.0:${port} (every interface of this machine; http://127.0.0.1:${port} from here).`);
      expect(s.stderr()).toContain('warning: --host 0.0.0.0 lets other machines reach the sandbox');
      const foreign = await rawGet(Number(port), 'attacker.example', 'a-long-enough-token-0001');
      expect(foreign).toMatch(/^HTTP\/1\.1 403 /);
    } finally {
      await s.stop();
    }
  });
});

/** A raw GET of the gift card count over loopback, with the Host header given: the answer's head and body. */
function rawGet(port: number, host: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(text));
    socket.write(`GET /api/202412/gift_cards/count HTTP/1.1\r\nHost: ${host}\r\nX-Service-Access-Token: ${token}\r\nConnection: close\r\n\r\n`);
  });
}
