// Secrets (access tokens, gift card codes) are only ever shown by their last characters.

export function redactToken(token: string): string {
  return token.length >= 8 ? `****${token.slice(-4)}` : '****';
}

export function maskCode(lastCharacters: string): string {
  return `****${lastCharacters}`;
}
