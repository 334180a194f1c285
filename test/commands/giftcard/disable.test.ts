import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, createCardDirect, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('giftcard disable', () => {
  const log = requestLog();
  // The store's clock, moved by hand so a second disable would show a later time.
  let clock = new Date('2026-03-01T10:00:00Z');
  const s = useSandbox({ seed: 'none', onRequest: log.hook, now: () => clock });
  const stored = async (id: string) => JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${id}`)).text).giftCard;
  const posts = async () => (await log.take()).filter((q) => q.method === 'POST');

  it('--yes disables the card: status disabled, disableTime set', async () => {
    const card = await createCardDirect(s.sandbox);
    log.clear();
    const r = await cli(['giftcard', 'disable', card.id, '--yes', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const disabled = JSON.parse(r.stdout);
    expect(disabled.id).toBe(card.id);
    expect(disabled.disableTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(disabled.code).toBe(`****${card.code.slice(-4)}`);
    expect((await stored(card.id)).disableTime).toBe(disabled.disableTime);
    expect(await posts()).toEqual([expect.objectContaining({ path: `/api/202412/gift_cards/${card.id}/disable`, status: 200 })]);
  });

  it('a second disable succeeds and leaves disableTime unchanged; piped output shows status disabled', async () => {
    const card = await createCardDirect(s.sandbox);
    const first = await cli(['giftcard', 'disable', card.id, '-y', '--json', 'disableTime'], { env: s.env });
    expect(first.code, first.stderr).toBe(0);
    const { disableTime } = JSON.parse(first.stdout);
    expect(disableTime).toBe('2026-03-01T10:00:00Z');
    clock = new Date('2026-03-02T11:00:00Z');
    const second = await cli(['giftcard', 'disable', card.id, '--yes'], { env: s.env });
    expect(second.code, second.stderr).toBe(0);
    const fields = Object.fromEntries(tsvRows(second.stdout).map(([k, v]) => [k, v]));
    expect(fields).toMatchObject({ ID: card.id, STATUS: 'disabled', DISABLED: disableTime });
  });

  it('without --yes and without a terminal exits 2 naming --yes and sends nothing', async () => {
    const card = await createCardDirect(s.sandbox);
    log.clear();
    const r = await cli(['giftcard', 'disable', card.id], { env: s.env });
    expectUsageError(r, '--yes');
    expect(await log.take()).toEqual([]);
    expect((await stored(card.id)).disableTime).toBeUndefined();
  });

  it('a non-numeric id exits 2 and sends nothing', async () => {
    log.clear();
    const r = await cli(['giftcard', 'disable', 'x1', '--yes'], { env: s.env });
    expectUsageError(r, '<giftCardId>');
    expect(await log.take()).toEqual([]);
  });

  it('an unknown id exits 1 mentioning 404', async () => {
    const r = await cli(['giftcard', 'disable', '4999999999999999999', '--yes'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(r.stderr);
  });

  describe('asks in a terminal', () => {
    it('declined: exit 2, "nothing was sent", and no request', async () => {
      const card = await createCardDirect(s.sandbox);
      log.clear();
      const r = await liveCli(['giftcard', 'disable', card.id], { env: s.env, tty: true, stdin: 'n\n' }).done;
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const talk = stripAnsi(r.stderr);
      expect(talk).toContain(`Disable gift card ${card.id}?`);
      expect(talk).toMatch(/error: .*nothing was sent/);
      expect(await log.take()).toEqual([]);
      expect((await stored(card.id)).disableTime).toBeUndefined();
    });

    it('the default answer (Enter) is no', async () => {
      const card = await createCardDirect(s.sandbox);
      log.clear();
      const r = await liveCli(['giftcard', 'disable', card.id], { env: s.env, tty: true, stdin: '\n' }).done;
      expect(r.code).toBe(2);
      expect(await log.take()).toEqual([]);
    });

    it('accepted: the card is disabled', async () => {
      const card = await createCardDirect(s.sandbox);
      log.clear();
      const r = await liveCli(['giftcard', 'disable', card.id], { env: s.env, tty: true, stdin: 'y\n' }).done;
      expect(r.code, r.stderr).toBe(0);
      expect(stripAnsi(r.stdout)).toMatch(/^STATUS\s+disabled$/m);
      expect(await posts()).toHaveLength(1);
      expect((await stored(card.id)).disableTime).toEqual(expect.any(String));
    });
  });
});
