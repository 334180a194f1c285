/** Money as the service writes it: decimal text, never a float (gift card amounts, product prices). */

/** Non-negative decimal string with at most 2 fraction digits; 15 integer digits is plenty for money. */
export const AMOUNT_PATTERN = /^[0-9]{1,15}(\.[0-9]{1,2})?$/;

/** Exact amount in cents for comparisons; never a float. */
export function amountInCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Cents as decimal text with two fraction digits (`-1.05` for -105n). */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
