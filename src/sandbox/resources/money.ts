/** Money as the service writes it: decimal text, never a float (gift card amounts, product prices). */

/** Non-negative decimal string with at most 2 fraction digits; 15 integer digits is plenty for money. */
export const AMOUNT_PATTERN = /^[0-9]{1,15}(\.[0-9]{1,2})?$/;

/** Exact amount in cents for comparisons; never a float. */
export function amountInCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}
