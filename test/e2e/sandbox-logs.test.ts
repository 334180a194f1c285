// `store-cli sandbox logs --follow` as a process beside a `sandbox serve` process: it prints
// the requests the sandbox answers as they come, and Ctrl-C (SIGINT) ends it with exit 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, exitOf, killLeftovers, removeScratch, requireBuild, serve, spawnGathering, until } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('sandbox logs --follow', () => {
  it('prints each request as the sandbox answers it, JSON lines piped, and stops on Ctrl-C with exit 0', async () => {
    const sandbox = await serve(['--json', '--token', 'e2e-logs-token-7890', '--quiet']);
    try {
      await api(sandbox, 'GET', '/gift_cards/count');
      const follower = spawnGathering(['sandbox', 'logs', '--follow', '--json', 'method,path,query,status,tokenLast4'], sandbox.env());
      const lines = () =>
        follower
          .stdout()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      await until(
        () => (lines().length === 1 ? true : undefined),
        10_000,
        () => `no first entry; stderr: ${follower.stderr()}`,
      );
      await api(sandbox, 'GET', '/gift_cards/search?code=HIDDENCODE99&status=enabled');
      await api(sandbox, 'GET', '/no-such-thing');
      await until(
        () => (lines().length === 3 ? true : undefined),
        10_000,
        () => `entries: ${follower.stdout()}; stderr: ${follower.stderr()}`,
      );
      expect(lines()).toEqual([
        { method: 'GET', path: '/api/202412/gift_cards/count', query: '', status: 200, tokenLast4: '7890' },
        { method: 'GET', path: '/api/202412/gift_cards/search', query: 'code=***&status=enabled', status: 200, tokenLast4: '7890' },
        { method: 'GET', path: '/api/202412/no-such-thing', query: '', status: 404, tokenLast4: '7890' },
      ]);
      follower.child.kill('SIGINT');
      expect(await exitOf(follower.child, 10_000)).toMatchObject({ code: 0, signal: null });
      expect(follower.stderr()).toMatch(/Following the request log/);
      expect(follower.stderr()).not.toMatch(STACK_LINE);
      expect(follower.stdout()).not.toContain('HIDDENCODE99');
    } finally {
      await sandbox.stop();
    }
  });
});
