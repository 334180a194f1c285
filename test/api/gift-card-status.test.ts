import { describe, expect, it } from 'vitest';
import { expiryInstant, giftCardStatus } from '../../src/api/gift-cards/status.js';

const at = (iso: string) => new Date(iso);
const NOON = at('2025-06-15T12:00:00Z');

describe('expiryInstant: every form a store writes expireTime in', () => {
  it.each([
    ['a plain date: the end of that day, UTC', '2027-12-04', '2027-12-05T00:00:00.000Z'],
    ['the last day of a month rolls over', '2024-02-29', '2024-03-01T00:00:00.000Z'],
    ['UTC with Z', '2024-12-16T17:04:38Z', '2024-12-16T17:04:38.000Z'],
    ['a negative offset', '2024-12-16T17:04:38-04:00', '2024-12-16T21:04:38.000Z'],
    ['a positive offset without a colon', '2024-12-16T01:30:00+0530', '2024-12-15T20:00:00.000Z'],
    ['an hours-only offset', '2024-12-16T01:00:00+02', '2024-12-15T23:00:00.000Z'],
    ['no zone: read as UTC', '2024-12-16T17:04:38.004', '2024-12-16T17:04:38.004Z'],
    ['no zone, no seconds', '2024-12-16T17:04', '2024-12-16T17:04:00.000Z'],
    ['a space instead of T, lower-case z', '2024-12-16 17:04:38z', '2024-12-16T17:04:38.000Z'],
    ['microseconds', '2024-12-16T17:04:38.123456Z', '2024-12-16T17:04:38.123Z'],
    ['24:00 is the next midnight', '2024-12-16T24:00:00Z', '2024-12-17T00:00:00.000Z'],
  ])('%s', (_name, text, iso) => {
    expect(new Date(expiryInstant(text)!).toISOString()).toBe(iso);
  });

  it.each([['soon'], [''], ['2025-02-30'], ['2025-13-01'], ['2025-06-15T25:00:00Z'], ['2025-06-15T12:60:00'], ['15/06/2025'], ['2025-06-15T12:00:00 GMT']])(
    'reads %j as no date',
    (text) => {
      expect(expiryInstant(text)).toBeUndefined();
    },
  );
});

describe('giftCardStatus', () => {
  it('is disabled once disableTime is set, even when expired', () => {
    expect(giftCardStatus({ disableTime: '2025-01-01T00:00:00Z', expireTime: '2020-01-01' }, NOON)).toBe('disabled');
    expect(giftCardStatus({ disableTime: '2024-12-16T17:04:38.004' }, NOON)).toBe('disabled');
  });

  it('a plain date is usable all that day (UTC): not expired today, expired from the next midnight', () => {
    expect(giftCardStatus({ expireTime: '2025-06-14' }, NOON)).toBe('expired');
    expect(giftCardStatus({ expireTime: '2025-06-15' }, NOON)).toBe('enabled');
    expect(giftCardStatus({ expireTime: '2025-06-15' }, at('2025-06-15T23:59:59.999Z'))).toBe('enabled');
    expect(giftCardStatus({ expireTime: '2025-06-15' }, at('2025-06-16T00:00:00Z'))).toBe('expired');
    expect(giftCardStatus({ expireTime: '2027-12-04' }, NOON)).toBe('enabled');
  });

  it('a time is that instant: expired from it on, to the millisecond', () => {
    expect(giftCardStatus({ expireTime: '2025-06-15T12:00:00.001Z' }, NOON)).toBe('enabled');
    expect(giftCardStatus({ expireTime: '2025-06-15T12:00:00Z' }, NOON)).toBe('expired');
    expect(giftCardStatus({ expireTime: '2025-06-15T11:59:59Z' }, NOON)).toBe('expired');
  });

  it('a time without a zone is read as UTC', () => {
    expect(giftCardStatus({ expireTime: '2025-06-15T11:59:59.999' }, NOON)).toBe('expired');
    expect(giftCardStatus({ expireTime: '2025-06-15T12:00:00.004' }, NOON)).toBe('enabled');
    expect(giftCardStatus({ expireTime: '2025-06-15T12:00:00.004' }, at('2025-06-15T12:00:00.004Z'))).toBe('expired');
  });

  it('an offset moves the instant across the UTC date', () => {
    // 23:00 at -04:00 is 03:00 UTC the next day: at 01:00 UTC that day the card is still valid.
    expect(giftCardStatus({ expireTime: '2025-06-14T23:00:00-04:00' }, at('2025-06-15T01:00:00Z'))).toBe('enabled');
    expect(giftCardStatus({ expireTime: '2025-06-14T23:00:00-04:00' }, at('2025-06-15T03:00:00Z'))).toBe('expired');
    // 12:30 at +01:00 is 11:30 UTC: past at noon UTC, though its date is today.
    expect(giftCardStatus({ expireTime: '2025-06-15T12:30:00+01:00' }, NOON)).toBe('expired');
  });

  it('is enabled with no expiry, or one that is no date (never expired on a guess)', () => {
    expect(giftCardStatus({ expireTime: null, disableTime: null }, NOON)).toBe('enabled');
    expect(giftCardStatus({}, NOON)).toBe('enabled');
    expect(giftCardStatus({ expireTime: '' }, NOON)).toBe('enabled');
    expect(giftCardStatus({ expireTime: 'last year' }, NOON)).toBe('enabled');
  });
});
