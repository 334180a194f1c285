import { describe, expect, it } from 'vitest';
import { BUILT_IN, DEFAULT_KEYS, InvalidDefaultError, settingFrom } from '../../src/core/defaults.js';
import { checkStored, parseDefault } from '../../src/core/defaults-schema.js';
import { UsageError } from '../../src/core/errors.js';
import { outputMode } from '../../src/core/output.js';
import { defaultLimit } from '../../src/commands/paging.js';
import { KEYS_HELP } from '../../src/commands/config/keys.js';
import { usageMessage } from '../helpers/usage-error.js';
import { fakeIO } from './fake-io.js';

describe('parseDefault: a value typed after config set KEY', () => {
  it('accepts each key within its values and range, numbers as numbers', () => {
    expect(parseDefault('output', 'jsonl')).toBe('jsonl');
    expect(parseDefault('color', 'never')).toBe('never');
    expect(parseDefault('page-size', '1')).toBe(1);
    expect(parseDefault('page-size', '250')).toBe(250);
    expect(parseDefault('import-concurrency', '64')).toBe(64);
  });

  it.each([
    ['output', 'xml', /^output must be one of table, tsv, json, jsonl \(got 'xml'\)\.$/],
    ['output', 'JSON', /^output must be one of/],
    ['color', 'always', /^color must be one of auto, never \(got 'always'\)\.$/],
    ['page-size', '0', /^page-size must be a whole number from 1 to 250 \(got '0'\)\.$/],
    ['page-size', '251', /^page-size must be a whole number from 1 to 250/],
    ['page-size', '2.5', /^page-size must be a whole number/],
    ['page-size', '1e2', /^page-size must be a whole number/],
    ['page-size', ' 7', /^page-size must be a whole number/],
    ['page-size', '', /^page-size must be a whole number/],
    ['import-concurrency', '65', /^import-concurrency must be a whole number from 1 to 64 \(got '65'\)\.$/],
    ['import-concurrency', '-1', /^import-concurrency must be a whole number/],
  ] as const)('%s %j is refused as a usage error naming the key and what it accepts', (key, text, message) => {
    expect(usageMessage(() => parseDefault(key, text))).toMatch(message);
  });
});

describe('checkStored: a value found in the config file', () => {
  it('passes values of the stored type and refuses others (a number stored as text, say), with the fix', () => {
    expect(checkStored('page-size', 20, 'ci')).toBe(20);
    expect(() => checkStored('page-size', '20', 'ci')).toThrow(InvalidDefaultError);
    const error = (() => {
      try {
        checkStored('output', 'yaml', 'ci');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as InvalidDefaultError).showUsage).toBe(false);
    expect((error as Error).message).toBe(
      `The config file holds output "yaml" for profile 'ci', but output must be one of table, tsv, json, jsonl: run 'store-cli config set output VALUE' or 'store-cli config unset output'.`,
    );
  });
});

describe('precedence: flag, then the profile, then the built-in value', () => {
  const check = (_key: string, raw: unknown) => raw as never;

  it('settingFrom takes the stored value over the built-in one, and says where it came from', () => {
    expect(settingFrom('page-size', { 'page-size': 7 }, check)).toEqual({ key: 'page-size', value: 7, source: 'profile' });
    expect(settingFrom('page-size', { output: 'json' }, check)).toEqual({ key: 'page-size', value: 50, source: 'default' });
    expect(settingFrom('color', undefined, check)).toEqual({ key: 'color', value: 'auto', source: 'default' });
    for (const key of DEFAULT_KEYS) expect(settingFrom(key, {}, check).value).toBe(BUILT_IN[key]);
  });

  it('outputMode: --jsonl and --json win over the output default, which applies in a terminal only (piped: TSV)', () => {
    expect(outputMode({ json: true }, undefined, 'tsv', true)).toEqual({ kind: 'json' });
    expect(outputMode({ json: 'id' }, ['id'], 'jsonl', false)).toEqual({ kind: 'json', fields: ['id'] });
    expect(outputMode({ jsonl: true }, undefined, 'json', true)).toEqual({ kind: 'jsonl' });
    expect(outputMode({}, undefined, 'json', true)).toEqual({ kind: 'json' });
    expect(outputMode({}, undefined, 'jsonl', true)).toEqual({ kind: 'jsonl' });
    expect(outputMode({}, undefined, 'jsonl', false)).toEqual({ kind: 'tsv' });
    expect(outputMode({}, undefined, 'json', false)).toEqual({ kind: 'tsv' });
    expect(outputMode({}, undefined, 'tsv', false)).toEqual({ kind: 'tsv' });
    expect(outputMode({}, undefined, 'tsv', true)).toEqual({ kind: 'tsv' });
    expect(outputMode({}, undefined, 'table', true)).toEqual({ kind: 'table' });
    expect(outputMode({}, undefined, 'table', false)).toEqual({ kind: 'tsv' });
  });

  it('giftcard search: the profile page-size, else no limit (the store decides), else the largest page with --all', () => {
    expect(defaultLimit({ key: 'page-size', value: 9, source: 'profile' }, false, 250)).toBe(9);
    expect(defaultLimit({ key: 'page-size', value: 9, source: 'profile' }, true, 250)).toBe(9);
    expect(defaultLimit({ key: 'page-size', value: 50, source: 'default' }, false, 250)).toBeUndefined();
    expect(defaultLimit({ key: 'page-size', value: 50, source: 'default' }, true, 250)).toBe(250);
  });
});

describe('colour', () => {
  it("turnColorOff: the profile's color never ends colour on both streams of a terminal", () => {
    const { io } = fakeIO({ stdoutTTY: true, stderrTTY: true, color: true });
    expect([io.colorOut, io.colorErr]).toEqual([true, true]);
    io.turnColorOff();
    expect([io.colorOut, io.colorErr]).toEqual([false, false]);
  });
});

describe('config help', () => {
  it('lists every key, within the 80 columns help is rendered at', () => {
    for (const key of DEFAULT_KEYS) expect(KEYS_HELP).toMatch(new RegExp(`^  ${key} +\\S`, 'm'));
    for (const line of KEYS_HELP.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});
