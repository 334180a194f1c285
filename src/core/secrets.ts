// Secrets (access tokens, gift card codes) are only ever shown by their last characters;
// credentials inside a URL are not shown at all.

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
