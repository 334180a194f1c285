// Collections in a terminal (in-process): delete asks naming the title, a declined question
// sends nothing, create shows the new collection and says so on stderr.
import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { call, requestLog, stripAnsi } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('collection verbs in a terminal', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const exists = async (id: string) => (await call(s.sandbox, 'GET', `/collections/${id}`)).status === 200;
  const writes = (requests: Array<{ method: string }>) => requests.filter((request) => request.method !== 'GET');

  it('create: a table of the new collection, and "Created collection ID." on stderr', async () => {
    const r = await cli(['collection', 'create', '--title', 'Terminal Made', '--collection-type', 'smart'], { env: s.env, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const shown = stripAnsi(r.stdout);
    expect(shown).toMatch(/TITLE\s+Terminal Made/);
    expect(shown).toMatch(/TYPE\s+smart/);
    expect(stripAnsi(r.stderr)).toMatch(/Created collection \d+\./);
  });

  it('delete asks naming the title; declined: exit 2, nothing sent, the collection stays', async () => {
    log.clear();
    const r = await liveCli(['collection', 'delete', '4000000000000000335'], { env: s.env, tty: true, stdin: 'n\n' }).done;
    expect(r.code).toBe(2);
    // The question wraps at the terminal's width.
    expect(stripAnsi(r.stderr).replace(/\s+/g, ' ')).toContain(
      'Delete collection 4000000000000000335 (Rainy Day Picks)? Its products stay in the store. This cannot be undone.',
    );
    expect(writes(await log.take())).toEqual([]);
    expect(await exists('4000000000000000335')).toBe(true);
  });

  it('delete by title, accepted: deleted, said on stderr, its products stay', async () => {
    const r = await liveCli(['collection', 'delete', 'Rainy Day Picks'], { env: s.env, tty: true, stdin: 'y\n' }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(stripAnsi(r.stderr)).toContain('Deleted collection 4000000000000000335 (Rainy Day Picks).');
    expect(await exists('4000000000000000335')).toBe(false);
    expect((await call(s.sandbox, 'GET', '/products/4000000000000000451')).status).toBe(200);
  });
});
