import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { call, compareIds, createCardDirect, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DIALECTS } from '../../helpers/dialects.js';

const TOTAL = 120;

describe.each(DIALECTS)('giftcard search across pages (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, seed: 'none', onRequest: log.hook });
  let created: string[] = [];
  let disabled: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < TOTAL; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => createCardDirect(s.sandbox)));
      created.push(...batch.map((card) => card.id));
    }
    created = [...created].sort(compareIds);
    disabled = [created[3]!, created[49]!, created[50]!, created[51]!, created[119]!];
    for (const id of disabled) expect((await call(s.sandbox, 'POST', `/gift_cards/${id}/disable`, {})).status).toBe(200);
  });

  const searches = async () => (await log.take()).filter((q) => q.path.startsWith('/api/202412/gift_cards/search'));
  const queryOf = (path: string) => new URL(path, 'http://x').searchParams;

  it('--all --limit 50 --json returns every card exactly once, ascending, over three requests', async () => {
    log.clear();
    const r = await cli(['giftcard', 'search', '--all', '--limit', '50', '--json', 'id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const ids = (JSON.parse(r.stdout) as Array<{ id: string }>).map((c) => c.id);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(ids).toEqual(created);
    const requests = await searches();
    expect(requests).toHaveLength(3);
    for (const request of requests) expect(queryOf(request.path).get('limit')).toBe('50');
    expect(queryOf(requests[0]!.path).get('pageToken')).toBeNull();
    expect(queryOf(requests[1]!.path).get('pageToken')).toBeTruthy();
  });

  it('--all --limit 50 --jsonl streams one object per line, every card once', async () => {
    const r = await cli(['giftcard', 'search', '--all', '--limit', '50', '--jsonl'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(TOTAL);
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(created);
  });

  it('--all piped gives one TSV row per card; in a terminal one header for all pages', async () => {
    const tsv = await cli(['giftcard', 'search', '--all', '--limit', '50'], { env: s.env });
    expect(tsvRows(tsv.stdout).map((row) => row[0])).toEqual(created);
    const table = await cli(['giftcard', 'search', '--all', '--limit', '50', '--no-color'], { env: s.env, tty: true });
    expect(table.code, table.stderr).toBe(0);
    const lines = stripAnsi(table.stdout).trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('ID '))).toHaveLength(1);
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(created);
  });

  it('without --all only the first page is listed (one request)', async () => {
    log.clear();
    const r = await cli(['giftcard', 'search', '--limit', '50', '--json', 'id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((c) => c.id)).toEqual(created.slice(0, 50));
    expect(await searches()).toHaveLength(1);
  });

  it('without --all and without --limit the store default page (50) is used', async () => {
    log.clear();
    const r = await cli(['giftcard', 'search'], { env: s.env });
    expect(tsvRows(r.stdout)).toHaveLength(50);
    const requests = await searches();
    expect(requests).toHaveLength(1);
    expect(queryOf(requests[0]!.path).get('limit')).toBeNull();
  });

  it('--all without --limit asks for pages of 250', async () => {
    log.clear();
    const r = await cli(['giftcard', 'search', '--all', '--json', 'id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(TOTAL);
    const requests = await searches();
    expect(requests).toHaveLength(1);
    expect(queryOf(requests[0]!.path).get('limit')).toBe('250');
  });

  it('filters hold on every page: --status enabled / disabled with --all --limit 50', async () => {
    const enabled = await cli(['giftcard', 'search', '--all', '--limit', '50', '--status', 'enabled', '--json', 'id'], { env: s.env });
    expect((JSON.parse(enabled.stdout) as Array<{ id: string }>).map((c) => c.id)).toEqual(created.filter((id) => !disabled.includes(id)));
    const off = await cli(['giftcard', 'search', '--all', '--limit', '2', '--status', 'disabled', '--jsonl'], { env: s.env });
    expect(
      off.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(disabled);
  });

  it('--all --since-id continues after that id to the end', async () => {
    const r = await cli(['giftcard', 'search', '--all', '--limit', '50', '--since-id', created[69]!, '--json', 'id'], { env: s.env });
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((c) => c.id)).toEqual(created.slice(70));
  });

  it('one page tells how to get the next, and that --page-token continues it', async () => {
    const first = await cli(['giftcard', 'search', '--limit', '50'], { env: s.env, tty: true });
    expect(first.code, first.stderr).toBe(0);
    const hint = /add --page-token (\S+) for the next page/.exec(stripAnsi(first.stderr));
    expect(hint, first.stderr).not.toBeNull();
    const second = await cli(['giftcard', 'search', '--limit', '50', '--page-token', hint![1]!, '--json', 'id'], { env: s.env });
    expect(second.code, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as Array<{ id: string }>).map((c) => c.id)).toEqual(created.slice(50, 100));
    // After a filtered first page, the hint says to send the token instead of the filters.
    const filtered = await cli(['giftcard', 'search', '--limit', '50', '--status', 'enabled'], { env: s.env, tty: true });
    const again = /run it again with --page-token (\S+) instead of the filters \(the token carries them\) for the next page/.exec(stripAnsi(filtered.stderr));
    expect(again, filtered.stderr).not.toBeNull();
    const rest = await cli(['giftcard', 'search', '--all', '--page-token', again![1]!, '--json', 'id'], { env: s.env });
    expect(rest.code, rest.stderr).toBe(0);
    expect((JSON.parse(rest.stdout) as Array<{ id: string }>).map((c) => c.id)).toEqual(created.filter((id) => !disabled.includes(id)).slice(50));
    // Piped (stdout and stderr), the same line on stderr: a script can tell it got one page of several.
    for (const args of [[], ['--json', 'id'], ['--jsonl']]) {
      const piped = await cli(['giftcard', 'search', '--limit', '50', ...args], { env: s.env });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stderr).toMatch(/^More gift cards match: add --page-token \S+ for the next page, or --all for every page\.\n$/);
    }
    // The last page, or --all, says nothing.
    const last = await cli(['giftcard', 'search', '--limit', '50', '--since-id', created[TOTAL - 10]!], { env: s.env });
    expect(last.stderr).toBe('');
  });
});
