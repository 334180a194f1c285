// `webhook trigger --set field=value` and `--file payload.json`: a custom payload, checked
// by the topic's sample schema before anything is sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { sign, startApp, type App } from './support.js';

const SECRET = 'whsec-custom-test-1';
const sample = (name: string) => JSON.parse(readFileSync(new URL(`../../../src/webhooks/samples/${name}`, import.meta.url), 'utf8')) as Record<string, any>;
const dir = mkdtempSync(join(tmpdir(), 'trigger-custom-'));

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  app.received.length = 0;
});

const trigger = (topic: string, ...args: string[]) => cli(['webhook', 'trigger', topic, '--to', app.url, '--secret', SECRET, ...args]);
const sentBody = () => app.received[0]!.body.toString('utf8');
const file = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('webhook trigger --set', () => {
  it('changes the sample at dotted paths: strings, digit-exact ids and amounts, JSON values; signed over the bytes sent', async () => {
    const r = await trigger(
      'products/update',
      '--set',
      'title=Winter Sweater',
      '--set',
      'variants.0.price=59.00',
      '--set',
      'variants.1.inventoryQuantities.0.available=0',
      '--set',
      'productId=18446744073709551615',
      '--set',
      'images=[]',
      '--set',
      'variants.2.options.0.value={"name":"XL","id":"7","position":"9"}',
      '--set',
      'status="draft"',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ topic: 'products/update', productId: '18446744073709551615', status: 200 });
    const expected = sample('products-update.json');
    expected.title = 'Winter Sweater';
    expected.variants[0].price = '59.00';
    expected.variants[1].inventoryQuantities[0].available = '0';
    expected.productId = '18446744073709551615';
    expected.images = [];
    expected.variants[2].options[0].value = { name: 'XL', id: '7', position: '9' };
    expected.status = 'draft';
    expect(sentBody()).toBe(JSON.stringify(expected));
    expect(app.received[0]!.headers['x-service-hmac-sha256']).toBe(sign(app.received[0]!.body, SECRET));
  });

  it('applies on top of --product-id, in the order given', async () => {
    const r = await trigger('products/create', '--product-id', '42', '--set', 'variants.0.productId=43', '--set', 'title=A', '--set', 'title=B');
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(sentBody());
    expect([body.productId, body.variants[0].productId, body.variants[1].productId, body.title]).toEqual(['42', '43', '42', 'B']);
  });
});

describe('webhook trigger --file', () => {
  it('sends the file as the payload (compact JSON, ids digit-exact), with --set on top; stdin as -', async () => {
    const product = sample('products-create.json');
    product.title = 'From a file';
    const path = file('product.json', JSON.stringify(product, null, 2));
    const r = await trigger('products/create', '--file', path, '--set', 'vendor=Acme', '--json', 'productId');
    expect(r.code, r.stderr).toBe(0);
    expect(sentBody()).toBe(JSON.stringify({ ...product, vendor: 'Acme' }));
    expect(JSON.parse(r.stdout)).toEqual({ productId: '4000000000000000501' });

    const deletion = await cli(['webhook', 'trigger', 'products/delete', '--to', app.url, '--file', '-'], { stdin: '{"productId": "98765432109876543210"}' });
    expect(deletion.code, deletion.stderr).toBe(0);
    expect(app.received[1]!.body.toString('utf8')).toBe('{"productId":"98765432109876543210"}');
  });

  it('--product-id applies to the file too', async () => {
    const path = file('delete.json', '{"productId": "1"}');
    const r = await trigger('products/delete', '--file', path, '--product-id', '2');
    expect(r.code, r.stderr).toBe(0);
    expect(sentBody()).toBe('{"productId":"2"}');
  });
});

describe('a payload the topic cannot have: exit 2, one sentence naming the --set or file and the JSON path, nothing sent', () => {
  const deep = `${'['.repeat(150)}${']'.repeat(150)}`;
  it.each([
    ['an unknown field', ['products/create', '--set', 'nosuch=1'], '--set nosuch=1: the products/create payload has no field "nosuch"'],
    ['an unknown nested field', ['products/update', '--set', 'variants.0.colour=red'], '--set variants.0.colour=red: variants.0 has no field "colour"'],
    [
      'an index past the end',
      ['products/update', '--set', 'variants.9.price=5'],
      '--set variants.9.price=5: variants has 4 items, so variants.9 does not exist (positions 0 to 3)',
    ],
    [
      'a name into a list',
      ['products/update', '--set', 'variants.first.price=5'],
      '--set variants.first.price=5: variants is a list: index it by position, such as variants.0',
    ],
    [
      'a path through a string',
      ['products/update', '--set', 'title.x=1'],
      '--set title.x=1: title is "Merino Crew Sweater (Winter Edition)", not an object or a list',
    ],
    ['a wrong type', ['products/update', '--set', 'variants=5'], '--set variants=5: variants must be an array (got the number 5)'],
    [
      'a list where an object goes',
      ['products/update', '--set', 'productCategory=[]'],
      '--set productCategory=[]: productCategory must be an object (got a list)',
    ],
    [
      'a bad amount',
      ['products/update', '--set', 'variants.0.price=abc'],
      '--set variants.0.price=abc: variants.0.price must be a decimal amount with at most 2 decimals (got "abc")',
    ],
    ['a value out of its enum', ['products/update', '--set', 'status=gone'], '--set status=gone: status must be one of active, draft, archived (got "gone")'],
    ['an empty list', ['products/update', '--set', 'variants=[]'], '--set variants=[]: variants must have at least 1 item'],
    ['null where a string goes', ['products/create', '--set', 'title=null'], '--set title=null: title must be a string (got null)'],
    ['a deletion with more', ['products/delete', '--set', 'title=x'], '--set title=x: the products/delete payload has no field "title"'],
    ['a malformed --set', ['products/create', '--set', 'title'], "--set must be field=value, such as title=Sweater or variants.0.price=19.99 (got 'title')"],
    ['an empty path part', ['products/create', '--set', 'variants..price=1'], '--set variants..price: a field path is names and indexes joined by dots'],
    ['a --set value nested too deep', ['products/create', '--set', `images=${deep}`], '--set images is nested more than 100 levels deep'],
  ])('%s', async (_what, args, message) => {
    const r = await cli(['webhook', 'trigger', ...args.slice(0, 1), '--to', app.url, ...args.slice(1)]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expectNoStackTrace(r.stderr);
    expect(app.received).toEqual([]);
  });

  it.each([
    ['a wrong type in the file', '{"productId": 5}', (p: string) => `--file ${p}: productId must be a string (got the number 5); nothing was sent.`],
    ['a missing field in the file', '{}', (p: string) => `--file ${p}: productId is required; nothing was sent.`],
    ['a file that is not an object', '[1]', (p: string) => `--file ${p}: the products/delete payload must be an object (got a list); nothing was sent.`],
    ['bad JSON', '{"productId": ', (p: string) => `--file ${p} is not valid JSON at line 1, column 15: `],
    ['an empty file', '  \n', (p: string) => `--file ${p} is empty: it must be the JSON payload.`],
    ['a file nested too deep', `{"productId": ${'['.repeat(101)}${']'.repeat(101)}}`, (p: string) => `--file ${p} is nested more than 100 levels deep`],
  ])('%s', async (_what, text, message) => {
    const path = file('bad.json', text);
    const r = await trigger('products/delete', '--file', path);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message(path)}`);
    expect(app.received).toEqual([]);
  });

  it('names the --set at fault, not the file, when a --set breaks a valid file', async () => {
    const path = file('good.json', '{"productId": "1"}');
    const r = await trigger('products/delete', '--file', path, '--set', 'productId=007');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: --set productId=007: productId must be a decimal id without leading zeros (got "007"); nothing was sent.');
  });

  it('a file over 1 MiB, and one that is not UTF-8', async () => {
    const big = file('big.json', `{"productId": "1", "pad": "${'x'.repeat(1024 * 1024)}"}`);
    const tooBig = await trigger('products/delete', '--file', big);
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toMatch(/^error: --file .*big\.json is 1\.0 MiB \(\d+ bytes\), more than the limit of 1 MiB \(1048576 bytes\)/);
    const latin1 = file('latin1.json', Buffer.from('{"productId": "1", "title": "\xe9t\xe9"}', 'latin1'));
    const notUtf8 = await trigger('products/delete', '--file', latin1);
    expect(notUtf8.code).toBe(2);
    expect(notUtf8.stderr).toContain('is not valid UTF-8');
    const missing = await trigger('products/delete', '--file', join(dir, 'nope.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect(app.received).toEqual([]);
  });
});
