// Gift card amounts as the store writes them: a decimal string with the currency's decimals
// ("50.00" for USD, "5000" for JPY), so that what a script reads back compares as text
// (`select(.balance == "0.00")`). Text in, text out: an amount is never a float. Pure.

/**
 * ISO 4217 currencies without a minor unit. Those with three (BHD, KWD...) still take 2:
 * the API takes at most 2 decimals.
 */
const NO_DECIMALS: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Decimals an amount of this currency is written with: 0 or 2 (2 when the currency is unknown). */
export function currencyDecimals(currency: string | null | undefined): 0 | 2 {
  return currency && NO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2;
}

export type Normalised = { ok: true; amount: string } | { ok: false; problem: string };

/**
 * A checked amount (digits, at most 2 decimals) written with the currency's decimals:
 * "50" → "50.00", "12.5" → "12.50"; for JPY "5000.00" → "5000", while "12.50" is refused
 * (a yen has no cents). Leading zeros are kept as typed, only the fraction changes.
 */
export function amountInCurrency(amount: string, currency: string | null | undefined): Normalised {
  const [whole = '', fraction = ''] = amount.split('.');
  if (currencyDecimals(currency) === 0) {
    if (/[1-9]/.test(fraction)) return { ok: false, problem: `${currency!.toUpperCase()} amounts have no decimals` };
    return { ok: true, amount: whole };
  }
  return { ok: true, amount: `${whole}.${fraction.padEnd(2, '0')}` };
}
