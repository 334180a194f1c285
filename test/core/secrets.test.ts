import { describe, expect, it } from 'vitest';
import { maskCode, redactToken, shownUrl } from '../../src/core/secrets.js';

describe('secrets', () => {
  it('shows a token only by its last four characters', () => {
    expect(redactToken('secret-token-abcd')).toBe('****abcd');
    expect(redactToken('short')).toBe('****');
    expect(redactToken('')).toBe('****');
  });

  it('masks a gift card code to its last characters', () => {
    expect(maskCode('WXYZ')).toBe('****WXYZ');
  });
});

describe('shownUrl', () => {
  it('drops a user and password from a URL, keeps everything else', () => {
    expect(shownUrl(new URL('https://hook:s3cret@app.example.com:8443/hooks?x=1'))).toBe('https://app.example.com:8443/hooks?x=1');
    expect(shownUrl(new URL('http://127.0.0.1:3000/webhooks'))).toBe('http://127.0.0.1:3000/webhooks');
  });
});
