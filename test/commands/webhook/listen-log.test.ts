// `webhook listen --log FILE`: every accepted delivery kept as one JSON line, exactly as
// received, in a private file that several runs append to.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { deliveryHeaders, postRaw, sign, startListen, type Listener } from './support.js';

const SECRET = 'whsec-log-test-1';
const dir = mkdtempSync(join(tmpdir(), 'listen-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let listener: Listener | undefined;
afterEach(async () => {
  await listener?.stop();
  listener = undefined;
});

const logLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { receivedAt: string; method: string; path: string; headers: Array<[string, string]>; body: string; verified: boolean });

describe('webhook listen --log', () => {
  it('keeps each accepted delivery: all headers as received, the body text byte for byte, verified; file 0600', async () => {
    const file = join(dir, 'exact.jsonl');
    listener = await startListen(['--secret', SECRET, '--log', file, '--json']);
    expect(listener.run.stderr()).toContain(`keeping them in ${file}`);
    // Spacing, key order, escapes, non-ASCII text and a long id: what a re-serialisation would change.
    const body = '{ "productId" : 40000000000000005019,\n  "title": "Pull \\u00e9t\u00e9 \u2603 \\"quoted\\"",  "variants": [ ] }';
    const headers = [
      ...deliveryHeaders('products/create', 'wh-exact-1'),
      'X-Custom-Thing',
      'Kept',
      'x-service-shop-domain',
      'demo.example',
      'X-Service-Hmac-Sha256',
      sign(body, SECRET),
    ];
    const answer = await postRaw(`${listener.url}hooks/in?shop=demo`, headers, body);
    expect(answer.status).toBe(200);
    const lines = logLines(file);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Buffer.from(line!.body, 'utf8').equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(line).toMatchObject({ method: 'POST', path: '/hooks/in?shop=demo', verified: true });
    expect(Date.parse(line!.receivedAt)).not.toBeNaN();
    // Every header, in order, name case kept, Host and Content-Length included.
    expect(line!.headers).toEqual([
      ['Host', new URL(listener.url).host],
      ...pairs(headers),
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Connection', 'close'],
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(`${listener.run.stdout()}${listener.run.stderr()}`).not.toContain(SECRET);
  });

  it('refused deliveries are not kept; without a secret deliveries are kept as unverified', async () => {
    const file = join(dir, 'refused.jsonl');
    listener = await startListen(['--secret', SECRET, '--log', file]);
    const body = '{"productId":"1"}';
    expect((await postRaw(listener.url, [...deliveryHeaders('products/create', 'wh-forged'), 'X-Service-Hmac-Sha256', sign(body, 'other')], body)).status).toBe(
      401,
    );
    expect((await postRaw(listener.url, [...deliveryHeaders('products/create', 'wh-not-json'), 'X-Service-Hmac-Sha256', sign('{', SECRET)], '{')).status).toBe(
      400,
    );
    expect((await fetch(listener.url)).status).toBe(405);
    await listener.stop();
    listener = undefined;
    expect(readFileSync(file, 'utf8')).toBe('');

    listener = await startListen(['--log', file]);
    expect((await postRaw(listener.url, deliveryHeaders('products/delete', 'wh-unchecked'), body)).status).toBe(200);
    expect(logLines(file).map((l) => [l.body, l.verified])).toEqual([[body, false]]);
  });

  it('appends: runs add up, an existing file is never truncated (and made 0600)', async () => {
    const file = join(dir, 'append.jsonl');
    writeFileSync(file, '{"kept":"from before"}\n');
    chmodSync(file, 0o644);
    for (const id of ['wh-run-1', 'wh-run-2']) {
      listener = await startListen(['--log', file]);
      const sent = await cli(['webhook', 'trigger', 'products/update', '--to', listener.url, '--json', 'webhookId']);
      expect(sent.code, sent.stderr).toBe(0);
      const second = await postRaw(listener.url, deliveryHeaders('products/delete', id), '{"productId":"9"}');
      expect(second.status).toBe(200);
      await listener.stop();
      listener = undefined;
    }
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[0]).toBe('{"kept":"from before"}');
    const ids = logLines(file)
      .slice(1)
      .map((l) => l.headers.find(([name]) => name === 'X-Service-Webhook-Id')![1]);
    expect(ids).toHaveLength(4);
    expect(ids[1]).toBe('wh-run-1');
    expect(ids[3]).toBe('wh-run-2');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('concurrent deliveries each get a whole line of their own', async () => {
    const file = join(dir, 'concurrent.jsonl');
    listener = await startListen(['--log', file]);
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ productId: String(1000 + i), title: 'x'.repeat(20_000 + i) }));
    const answers = await Promise.all(bodies.map((body, i) => postRaw(listener!.url, deliveryHeaders('products/update', `wh-c-${i}`), body)));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    expect(
      logLines(file)
        .map((l) => l.body)
        .sort(),
    ).toEqual([...bodies].sort());
  });

  it.each([
    ['a directory', () => dir, 'it is a directory, give a file'],
    ['a missing directory', () => join(dir, 'no', 'such', 'log.jsonl'), 'its directory does not exist'],
    ['an unwritable file', () => readOnlyFile(), 'permission denied'],
  ])('refuses %s with exit 2, listening to nothing', async (_what, path, why) => {
    const file = path();
    const r = await cli(['webhook', 'listen', '--port', '0', '--log', file]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: --log ${file}: ${why}; nothing was listened to.\n`);
  });
});

function pairs(flat: readonly string[]): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) result.push([flat[i]!, flat[i + 1]!]);
  return result;
}

/** A file this process cannot write: mode 0400, or for root (who writes any such file) a sysfs file. */
function readOnlyFile(): string {
  if (process.getuid?.() === 0) return '/sys/kernel/notes';
  const file = join(dir, 'read-only.jsonl');
  writeFileSync(file, '');
  chmodSync(file, 0o400);
  return file;
}
