import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectUsageError, requestLog } from '../_support.js';

// The creation-time flags of order list, count and export: a bad value is named by the flag
// as the verb spells it and shown as typed, and a window that ends before it starts is
// refused naming both flags; either way exit 2 and nothing reaches the store.
describe('order time flags', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  const refused = async (argv: string[], ...words: string[]) => {
    log.clear();
    const r = await cli(argv, { env: s.env });
    expectUsageError(r, words[0]!);
    const sentence = r.stderr.split('\n')[0]!;
    for (const word of words) expect(sentence).toContain(word);
    expect(await log.take()).toEqual([]);
    return sentence;
  };

  it('order export --since 2026-13-01 names --since and the value typed, not --created-since or a time', async () => {
    const sentence = await refused(['order', 'export', '--since', '2026-13-01'], '--since', "'2026-13-01'");
    expect(sentence).not.toContain('--created-since');
    expect(sentence).not.toContain('T00:00:00Z');
  });

  it('order export --until 2026-02-30 names --until and the value typed', async () => {
    const sentence = await refused(['order', 'export', '--since', '2026-02-01', '--until', '2026-02-30'], '--until', "'2026-02-30'");
    expect(sentence).not.toContain('T23:59:59Z');
  });

  it('order list and count name --created-since/--created-until with the value typed', async () => {
    await refused(['order', 'list', '--created-since', '2026-13-01'], '--created-since', "'2026-13-01'");
    const sentence = await refused(['order', 'count', '--created-until', '2026-02-30'], '--created-until', "'2026-02-30'");
    expect(sentence).not.toContain('T23:59:59Z');
  });

  it('order export --since after --until: exit 2 naming both flags, nothing sent', async () => {
    await refused(['order', 'export', '--since', '2026-11-10', '--until', '2026-11-01'], '--since 2026-11-10', '--until 2026-11-01');
  });

  it('order list and count: --created-since after --created-until, times and dates mixed', async () => {
    await refused(
      ['order', 'list', '--created-since', '2026-11-10T00:00:00Z', '--created-until', '2026-11-09'],
      '--created-since 2026-11-10T00:00:00Z',
      '--created-until 2026-11-09',
    );
    await refused(
      ['order', 'count', '--created-since', '2026-11-10T12:00:00+02:00', '--created-until', '2026-11-10T09:59:59Z'],
      '--created-since',
      '--created-until',
    );
  });

  it('a window of one day (since and until the same date) is a window, not a refusal', async () => {
    const r = await cli(['order', 'count', '--created-since', '2026-11-10', '--created-until', '2026-11-10'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n$/);
    const exported = await cli(['order', 'export', '--since', '2026-11-10', '--until', '2026-11-10'], { env: s.env });
    expect(exported.code, exported.stderr).toBe(0);
  });
});
