// Secrets (access tokens, gift card codes, a payment gateway's card numbers and keys) are only
// ever shown by their last characters; credentials inside a URL are not shown at all.

export function redactToken(token: string): string {
  return token.length >= 8 ? `****${token.slice(-4)}` : '****';
}

export function maskCode(lastCharacters: string): string {
  return `****${lastCharacters}`;
}

/** A URL as it may be shown: `https://user:pass@host/` loses its user and password. */
export function shownUrl(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const shown = new URL(url.href);
  shown.username = '';
  shown.password = '';
  return shown.href;
}

/**
 * Field names that hold a secret wherever a store puts them (a payment gateway's own fields):
 * a card's number or security code, an account number, a password, a secret, a token, a key;
 * and inside a card (`card`, `paymentCard`), its `number`. Compared without case, `-` or `_`:
 * `card_number`, `cardNumber` and `CARD-NUMBER` are one.
 */
const SECRET_NAMES = /^(?:pan|iban|cvv2?|cvc2?)$|(?:cardnumber|cardno|accountnumber|securitycode|password|secret|token|apikey|privatekey)$/;

const bare = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/** Whether the field `name` (of an object held under `parent`, if any) holds a secret. */
export function isSecretName(name: string, parent?: string): boolean {
  const field = bare(name);
  return SECRET_NAMES.test(field) || (parent !== undefined && bare(parent).endsWith('card') && /^(?:number|num|no)$/.test(field));
}

/**
 * `value` with every field a secret's name holds (at any depth) shown by its last four
 * characters, as tokens are (`****4242`; a short one, a security code, as `****`); an object or
 * list under such a name shows as `****` whole. Everything else is left as it came.
 */
export function withSecretsMasked(value: unknown, parent?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withSecretsMasked(item, parent));
  if (value === null || typeof value !== 'object' || 'isLosslessNumber' in value) return value;
  const masked: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (!isSecretName(name, parent) || field === null || field === undefined) masked[name] = withSecretsMasked(field, name);
    else if (typeof field === 'object' && !('isLosslessNumber' in field)) masked[name] = '****';
    else masked[name] = redactToken(String(field));
  }
  return masked;
}
