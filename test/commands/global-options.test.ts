import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../helpers/stack-trace.js';
import { ANSI, createCardDirect, requestLog, stripAnsi, tsvRows } from './_support.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SimClock } from '../bulk/sim-clock.js';
import { parseTokenSpec } from '../../src/sandbox/index.js';

const TOKEN = 'global-options-token-V3rb';

describe('global options', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', tokens: [parseTokenSpec(TOKEN)], onRequest: log.hook });

  describe('--verbose', () => {
    it('logs each request on stderr with the token redacted to its last 4, stdout unchanged', async () => {
      const plain = await cli(['giftcard', 'count'], { env: s.env });
      const r = await cli(['--verbose', 'giftcard', 'count'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
      expect(r.stderr).toContain(`> GET ${s.sandbox.baseUrl}/api/202412/gift_cards/count`);
      expect(r.stderr).toMatch(/^< 200 \(\d+ ms\)$/m);
      expect(r.stderr).toContain('X-Service-Access-Token: ****V3rb');
      expect(r.stdout + r.stderr).not.toContain(TOKEN);
    });

    it('never shows a gift card code in get or search output, nor the token', async () => {
      const card = await createCardDirect(s.sandbox, { code: 'VERBOSESECRET9K7M' });
      for (const argv of [
        ['giftcard', 'get', card.id],
        ['giftcard', 'get', card.id, '--json'],
        ['giftcard', 'search', '--json'],
        ['giftcard', 'search', '--all', '--jsonl'],
        ['giftcard', 'search', '--last-characters', '9K7M'],
        ['giftcard', 'update', card.id, '--balance', '2', '--json'],
      ]) {
        const r = await cli(['--verbose', ...argv], { env: s.env });
        expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
        expect(r.stdout).toContain('9K7M');
        expect(r.stdout + r.stderr).not.toContain('VERBOSESECRET9K7M');
        expect(r.stdout + r.stderr).not.toContain(TOKEN);
        expect(r.stderr).toContain('****V3rb');
      }
    });

    it('errors keep the token out too, and add the stack trace only with --verbose', async () => {
      const quiet = await cli(['giftcard', 'get', '4000000000000000012'], { env: s.env });
      expect(quiet.code).toBe(1);
      expectNoStackTrace(quiet.stderr);
      const loud = await cli(['--verbose', 'giftcard', 'get', '4000000000000000012'], { env: s.env });
      expect(loud.code).toBe(1);
      expect(loud.stderr).toMatch(/\n\s+at /);
      expect(loud.stderr).not.toContain(TOKEN);
    });
  });

  describe('colour', () => {
    it('a terminal gets colour; NO_COLOR and --no-color turn it off; a pipe never has it', async () => {
      const coloured = await cli(['giftcard', 'get', '4000000000000000011'], { env: s.env, tty: true });
      expect(coloured.stdout).toMatch(ANSI);
      const noColorEnv = await cli(['giftcard', 'get', '4000000000000000011'], { env: { ...s.env, NO_COLOR: '1' }, tty: true });
      expect(noColorEnv.stdout).not.toMatch(ANSI);
      const noColorFlag = await cli(['--no-color', 'giftcard', 'get', '4000000000000000011'], { env: s.env, tty: true });
      expect(noColorFlag.stdout).not.toMatch(ANSI);
      expect(noColorFlag.stdout).toBe(stripAnsi(coloured.stdout));
      const piped = await cli(['giftcard', 'get', '4000000000000000011'], { env: s.env });
      expect(piped.stdout).not.toMatch(ANSI);
    });

    it('an empty NO_COLOR does not turn colour off', async () => {
      const r = await cli(['giftcard', 'search'], { env: { ...s.env, NO_COLOR: '' }, tty: true });
      expect(r.stdout).toMatch(ANSI);
    });

    it('error messages are plain when piped', async () => {
      const r = await cli(['giftcard', 'get', '4000000000000000012'], { env: s.env });
      expect(r.stderr).not.toMatch(ANSI);
    });
  });

  describe('--base-url and transport safety', () => {
    it('--base-url overrides STORE_CLI_BASE_URL', async () => {
      log.clear();
      const r = await cli(['--base-url', s.sandbox.baseUrl, 'giftcard', 'count'], {
        env: { STORE_CLI_BASE_URL: 'https://elsewhere.invalid', STORE_CLI_TOKEN: TOKEN },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^\d+\n$/);
      expect(await log.take()).toEqual([{ method: 'GET', path: '/api/202412/gift_cards/count', status: 200 }]);
    });

    it('http:// to a non-loopback host is refused (exit 2, mentions --insecure) before anything is sent', async () => {
      for (const env of [{ STORE_CLI_BASE_URL: 'http://example.com', STORE_CLI_TOKEN: TOKEN }, { STORE_CLI_TOKEN: TOKEN }]) {
        const argv = env.STORE_CLI_BASE_URL ? ['--verbose', 'giftcard', 'count'] : ['--verbose', '--base-url', 'http://example.com', 'giftcard', 'count'];
        const r = await cli(argv, { env });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^error: .*plain http.*example\.com.*--insecure/);
        expect(r.stderr).not.toMatch(/^> /m); // no request was even attempted
        expect(r.stderr).not.toContain(TOKEN);
      }
    });

    it('http:// to loopback is allowed (the sandbox is on 127.0.0.1)', async () => {
      expect(s.sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
      const r = await cli(['giftcard', 'count'], { env: s.env });
      expect(r.code).toBe(0);
    });

    it('a malformed STORE_CLI_BASE_URL is a usage error naming the variable', async () => {
      const r = await cli(['giftcard', 'count'], { env: { STORE_CLI_BASE_URL: 'not a url', STORE_CLI_TOKEN: TOKEN } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('STORE_CLI_BASE_URL');
    });

    it('--sandbox with --base-url is a usage error', async () => {
      const r = await cli(['--sandbox', '--base-url', s.sandbox.baseUrl, 'giftcard', 'count']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--sandbox');
    });

    it('--timeout must be a whole number from 1 to 600000 (10 minutes)', async () => {
      // 99999999999 would overflow Node's timers, which then fire at once.
      for (const value of ['0', 'abc', '-5', '600001', '99999999999']) {
        log.clear();
        const r = await cli(['--timeout', value, 'giftcard', 'count'], { env: s.env });
        expect(r.code, value).toBe(2);
        expect(r.stderr).toContain('--timeout must be a whole number from 1 to 600000');
        expect(await log.take()).toEqual([]);
      }
      const longest = await cli(['--timeout', '600000', 'giftcard', 'count'], { env: s.env });
      expect(longest.code, longest.stderr).toBe(0);
    });

    it('--timeout ends a request the store never answers, retried, then exit 1 naming --timeout', async () => {
      const arrived: IncomingMessage[] = [];
      const silent = createServer((request) => void arrived.push(request)); // never answers
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as AddressInfo).port;
      try {
        const started = Date.now();
        // The deadlines are real time; the backoffs between the attempts simulated.
        const r = await cli(['--timeout', '100', 'giftcard', 'count'], {
          env: { STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: TOKEN },
          clock: new SimClock().autoAdvance(),
        });
        expect(r.code, r.stderr).toBe(1);
        // The final error says the timeout, and how many attempts it ended, over how long.
        expect(r.stderr).toMatch(/no answer came within the timeout \(--timeout 100 ms\) on each of 5 attempts over [\d.]+ m?s \(UND_ERR_HEADERS_TIMEOUT\)\./);
        expectNoStackTrace(r.stderr);
        // A GET is retried after a timeout: every attempt reached the server, none hung.
        expect(arrived.length).toBe(5);
        expect(Date.now() - started).toBeLessThan(15_000);
      } finally {
        silent.closeAllConnections();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it('a store that takes the connection and never says a byte: the error counts the attempts (a GET is retried)', async () => {
      const sockets: Socket[] = [];
      const mute = createTcpServer((socket) => void sockets.push(socket)); // accepts, reads nothing, answers nothing
      await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
      const port = (mute.address() as AddressInfo).port;
      try {
        const r = await cli(['--timeout', '150', 'giftcard', 'get', '4000000000000000011'], {
          env: { STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: TOKEN },
          clock: new SimClock().autoAdvance(),
        });
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr.split('\n')[0]).toMatch(
          /^error: Could not complete the GET request to the store at http:\/\/127\.0\.0\.1:\d+: no answer came within the timeout \(--timeout 150 ms\) on each of 5 attempts over [\d.]+ m?s \(UND_ERR_HEADERS_TIMEOUT\)\.$/,
        );
        expectNoStackTrace(r.stderr);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => mute.close(resolve));
      }
    });

    it('a bad --profile name is a usage error', async () => {
      const r = await cli(['--profile', '../etc', 'giftcard', 'count'], { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--profile');
    });
  });

  describe('--sandbox (embedded, zero set-up)', () => {
    it('lists the demo cards', async () => {
      const r = await cli(['--sandbox', 'giftcard', 'search', '--status', 'enabled']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(tsvRows(r.stdout).map((row) => row[0])).toEqual([
        '4000000000000000011',
        '4000000000000000037',
        '4000000000000000052',
        '4000000000000000086',
        '4000000000000000158',
        '4000000000000000174',
      ]);
    });

    it('keeps state between runs that share a data directory, and not across directories', async () => {
      const env = scratchDirs();
      const created = await cli(['--sandbox', 'giftcard', 'create', '--code', 'PERSISTME2Q8W', '--initial-value', '7.00', '--json', 'id'], { env });
      expect(created.code, created.stderr).toBe(0);
      const { id } = JSON.parse(created.stdout) as { id: string };
      const found = await cli(['--sandbox', 'giftcard', 'search', '--last-characters', '2Q8W', '--json', 'id,balance'], { env });
      expect(found.code, found.stderr).toBe(0);
      expect(JSON.parse(found.stdout)).toEqual([{ id, balance: '7.00' }]);
      const elsewhere = await cli(['--sandbox', 'giftcard', 'search', '--last-characters', '2Q8W', '--json']);
      expect(elsewhere.stdout).toBe('[]\n');
    });

    it('announces itself on stderr in a terminal only, in one line that fits 80 columns', async () => {
      const r = await cli(['--sandbox', 'giftcard', 'count'], { tty: true });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('8\n');
      // The README's first command, as a newcomer runs it: the notice is one line of at most 80
      // columns (the spinner it follows is redrawn in place, so the sentence is matched alone).
      const first = await cli(['--sandbox', 'giftcard', 'search', '--status', 'enabled'], { tty: true });
      expect(first.code, first.stderr).toBe(0);
      const notice = /Using the embedded sandbox[^\n]*?clears it\)\./.exec(stripAnsi(first.stderr))?.[0];
      expect(notice).toBe("Using the embedded sandbox ('store-cli --sandbox sandbox reset' clears it).");
      expect(notice!.length).toBeLessThanOrEqual(80);
    });

    it('ignores STORE_CLI_TOKEN and STORE_CLI_BASE_URL', async () => {
      const r = await cli(['--sandbox', 'giftcard', 'count'], { env: { STORE_CLI_BASE_URL: 'https://elsewhere.invalid', STORE_CLI_TOKEN: 'whatever-token' } });
      expect(r).toEqual({ code: 0, stdout: '8\n', stderr: '' });
    });

    it('--verbose logs the embedded requests without the generated token', async () => {
      const r = await cli(['--sandbox', '--verbose', 'giftcard', 'count']);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/api\/202412\/gift_cards\/count/);
      expect(r.stderr).not.toMatch(/sbx_[A-Za-z0-9_-]{8,}/);
    });
  });

  describe('help and usage', () => {
    it('--help exits 0 and documents the exit codes', async () => {
      const r = await cli(['--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Exit codes:');
      expect(r.stdout).toMatch(/4\s+authentication or permission refused/);
    });

    it('an unknown command exits 2 with a usage hint', async () => {
      const r = await cli(['giftcard', 'frobnicate']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('frobnicate');
    });

    it('--help of a command reads neither config nor network', async () => {
      log.clear();
      const r = await cli(['giftcard', 'search', '--help'], { env: s.env });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('id, lastCharacters, balance, currency, status, expireTime, customerId, note');
      expect(await log.take()).toEqual([]);
    });
  });
});
