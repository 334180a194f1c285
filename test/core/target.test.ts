import { describe, expect, it } from 'vitest';
import { usageMessage } from '../helpers/usage-error.js';
import { assertSafeTransport, checkBaseUrl, isLoopbackHost, resolveProfile, resolveTarget } from '../../src/core/target.js';

describe('resolveProfile', () => {
  it('takes --profile first, then STORE_CLI_PROFILE, then the default', () => {
    expect(resolveProfile({ profile: 'ci' }, { STORE_CLI_PROFILE: 'env' })).toEqual({ value: 'ci', source: 'flag' });
    expect(resolveProfile({}, { STORE_CLI_PROFILE: 'env' })).toEqual({ value: 'env', source: 'environment' });
    expect(resolveProfile({}, {})).toEqual({ value: 'default', source: 'default' });
    expect(resolveProfile({}, { STORE_CLI_PROFILE: '' })).toEqual({ value: 'default', source: 'default' });
  });

  it('rejects a malformed profile name, naming where it came from', () => {
    expect(usageMessage(() => resolveProfile({ profile: '../etc' }, {}))).toMatch(/^--profile .*'\.\.\/etc'/);
    expect(usageMessage(() => resolveProfile({}, { STORE_CLI_PROFILE: 'a b' }))).toMatch(/^STORE_CLI_PROFILE /);
  });
});

describe('resolveTarget', () => {
  const stored = { baseUrl: 'https://file.example', token: 'file-token' };
  const env = { STORE_CLI_BASE_URL: 'https://env.example', STORE_CLI_TOKEN: 'env-token' };

  it('takes the base URL from the flag over the environment over the config file', () => {
    expect(resolveTarget({ baseUrl: 'https://flag.example/' }, env, stored).baseUrl).toEqual({ value: 'https://flag.example', source: 'flag' });
    expect(resolveTarget({}, env, stored).baseUrl).toEqual({ value: 'https://env.example', source: 'environment' });
    expect(resolveTarget({}, {}, stored).baseUrl).toEqual({ value: 'https://file.example', source: 'config file' });
    expect(resolveTarget({}, {}, undefined).baseUrl).toBeUndefined();
  });

  it('takes the token from the environment over the config file', () => {
    expect(resolveTarget({}, env, stored).token).toEqual({ value: 'env-token', source: 'environment' });
    expect(resolveTarget({}, { STORE_CLI_TOKEN: '  padded\n' }, stored).token).toEqual({ value: 'padded', source: 'environment' });
    expect(resolveTarget({}, {}, stored).token).toEqual({ value: 'file-token', source: 'config file' });
    expect(resolveTarget({}, {}, {}).token).toBeUndefined();
  });

  it('reports the profile with its source', () => {
    expect(resolveTarget({ profile: 'staging' }, env, stored).profile).toEqual({ value: 'staging', source: 'flag' });
    expect(resolveTarget({}, { STORE_CLI_PROFILE: 'prod' }, stored).profile).toEqual({ value: 'prod', source: 'environment' });
  });

  it('checks a base URL from the flag or the environment, naming it', () => {
    expect(usageMessage(() => resolveTarget({ baseUrl: 'ftp://x.example' }, {}, undefined))).toMatch(/^--base-url /);
    expect(usageMessage(() => resolveTarget({}, { STORE_CLI_BASE_URL: 'not a url' }, undefined))).toMatch(/^STORE_CLI_BASE_URL /);
  });
});

describe('checkBaseUrl', () => {
  it('normalises a good URL: keeps a path prefix, drops trailing slashes', () => {
    expect(checkBaseUrl('https://store.example.com', '--base-url')).toBe('https://store.example.com');
    expect(checkBaseUrl('https://store.example.com/', '--base-url')).toBe('https://store.example.com');
    expect(checkBaseUrl('http://127.0.0.1:4010/prefix//', '--base-url')).toBe('http://127.0.0.1:4010/prefix');
    expect(checkBaseUrl('HTTPS://Store.Example.com:443/x', '--base-url')).toBe('https://store.example.com/x');
  });

  it('rejects a non-http(s) scheme', () => {
    const message = usageMessage(() => checkBaseUrl('ftp://store.example.com', '--base-url'));
    expect(message).toMatch(/^--base-url must use http or https/);
    expect(message).toContain("'ftp'");
    expect(usageMessage(() => checkBaseUrl('file:///etc/passwd', 'STORE_CLI_BASE_URL'))).toMatch(/^STORE_CLI_BASE_URL must use http or https/);
  });

  it('rejects a query, a fragment or credentials', () => {
    for (const bad of ['https://s.example/?a=1', 'https://s.example/#top', 'https://user:pw@s.example']) {
      expect(
        usageMessage(() => checkBaseUrl(bad, '--base-url')),
        bad,
      ).toMatch(/^--base-url must not carry a query, fragment or credentials/);
    }
  });

  it('rejects garbage with a sentence naming the flag or variable', () => {
    const message = usageMessage(() => checkBaseUrl('store.example.com', '--base-url'));
    expect(message).toBe("--base-url must be an absolute http(s) URL such as https://store.example.com (got 'store.example.com').");
    expect(usageMessage(() => checkBaseUrl('', 'STORE_CLI_BASE_URL'))).toMatch(/^STORE_CLI_BASE_URL must be an absolute http\(s\) URL/);
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', 'api.localhost', '::1', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['128.0.0.1', 'example.com', '10.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '::2', '0.0.0.0'])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('assertSafeTransport', () => {
  it('allows https anywhere and http to loopback', () => {
    expect(() => assertSafeTransport('https://store.example.com', false)).not.toThrow();
    expect(() => assertSafeTransport('http://127.0.0.1:4010', false)).not.toThrow();
    expect(() => assertSafeTransport('http://localhost:4010/api', false)).not.toThrow();
    expect(() => assertSafeTransport('http://[::1]:4010', false)).not.toThrow();
  });

  it('refuses http to another host, naming --insecure, and allows it with --insecure', () => {
    const message = usageMessage(() => assertSafeTransport('http://store.example.com:8080', false));
    expect(message).toContain('store.example.com:8080');
    expect(message).toContain('--insecure');
    expect(() => assertSafeTransport('http://store.example.com', true)).not.toThrow();
  });
});

describe('a profile edited by hand', () => {
  it('names the config file when its base URL is not a URL', () => {
    expect(() => resolveTarget({}, {}, { baseUrl: 'store.example.com', token: 't' })).toThrow(
      /profile's base URL in the config file must be an absolute http\(s\) URL/,
    );
  });
});

describe('resolveProfile with a store.toml', () => {
  const file = {
    path: '/p/store.toml',
    defaultEnv: 'staging',
    environments: new Map([
      ['staging', { name: 'staging', profile: 'stage-profile', protected: false, readOnly: false }],
      ['prod', { name: 'prod', profile: 'prod-profile', protected: true, readOnly: false }],
    ]),
    groups: new Map(),
  };
  it('flags > environment variables > store.toml > the saved default', () => {
    const inFile = (name: string) => ({ name, file: '/p/store.toml' });
    expect(resolveProfile({}, {}, 'saved', file)).toEqual({ value: 'stage-profile', source: 'store file', environment: inFile('staging') });
    expect(resolveProfile({}, { STORE_CLI_ENV: 'prod' }, 'saved', file)).toEqual({ value: 'prod-profile', source: 'environment', environment: inFile('prod') });
    expect(resolveProfile({}, { STORE_CLI_PROFILE: 'ci' }, 'saved', file)).toEqual({ value: 'ci', source: 'environment' });
    expect(resolveProfile({ env: 'prod' }, { STORE_CLI_PROFILE: 'ci' }, 'saved', file)).toEqual({
      value: 'prod-profile',
      source: 'flag',
      environment: inFile('prod'),
    });
    expect(resolveProfile({ profile: 'mine' }, { STORE_CLI_ENV: 'prod' }, 'saved', file)).toEqual({ value: 'mine', source: 'flag' });
    expect(resolveProfile({}, {}, 'saved', { ...file, defaultEnv: undefined } as never)).toEqual({ value: 'saved', source: 'config file' });
  });
  it('refuses two names of the target at one level', () => {
    expect(usageMessage(() => resolveProfile({ profile: 'a', env: 'prod' }, {}, undefined, file))).toMatch(/^--profile and --env both/);
    expect(usageMessage(() => resolveProfile({}, { STORE_CLI_PROFILE: 'a', STORE_CLI_ENV: 'prod' }, undefined, file))).toMatch(
      /^STORE_CLI_PROFILE and STORE_CLI_ENV are both set/,
    );
  });
});
