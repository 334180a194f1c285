// `file list|search|upload`, in-process against a sandbox in each dialect (About Material:
// a file made from the URL it is served at, the local file read for its size and type).
import { mkdirSync, openSync, closeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { expectUsageError, requestLog, tsvRecord, tsvRows } from '../_support.js';

const LOGO = '7210000000000000001';
const GUIDE = '7210000000000000002';

describe.each(DIALECTS)('file, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('all-scopes-token-1'), parseTokenSpec('reader-token-2:read_materials'), parseTokenSpec('gifts-token-3:read_gift_card')],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');
  const writes = async () => (await log.take()).filter((line) => line.method !== 'GET');

  it('list prints id, type, size, title, url ascending by id; search finds by part of the title or by type; --json as sent', async () => {
    const listed = await cli(['file', 'list'], { env: as('reader-token-2') });
    expect(listed.code, listed.stderr).toBe(0);
    expect(tsvRows(listed.stdout).slice(0, 2)).toEqual([
      [LOGO, 'image', '48213', 'logo.png', 'https://cdn.sandbox.localhost/brand/logo.png'],
      [GUIDE, 'file', '1250342', 'Care guide', 'https://cdn.sandbox.localhost/docs/care-guide.pdf'],
    ]);
    const json = await cli(['file', 'list', '--json', 'id,materialType,size'], { env: env() });
    expect((JSON.parse(json.stdout) as unknown[]).slice(0, 2)).toEqual([
      { id: LOGO, materialType: '1', size: '48213' },
      { id: GUIDE, materialType: '4', size: '1250342' },
    ]);
    const byTitle = await cli(['file', 'search', '--title', 'CARE'], { env: env() });
    expect(tsvRows(byTitle.stdout).map((row) => row[0])).toEqual([GUIDE]);
    const byType = await cli(['file', 'search', '--type', 'image', '--json', 'title'], { env: env() });
    expect(JSON.parse(byType.stdout)).toContainEqual({ title: 'logo.png' });
    expect(JSON.parse(byType.stdout)).not.toContainEqual({ title: 'Care guide' });
    const one = await cli(['file', 'search', '--title', 'logo', '--type', 'file'], { env: env() });
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toBe('');

    log.clear();
    expectUsageError(await cli(['file', 'search'], { env: env() }), '--title');
    expectUsageError(await cli(['file', 'search', '--type', 'picture'], { env: env() }), '--type');
    expect((await cli(['file', 'search', '--title', 'x', '--page-token', 'abc'], { env: env() })).code).toBe(2);
    expect(await log.take()).toEqual([]);
  });

  it('upload sends the file size and documented type with the URL to POST material (--dry-run shows it, sends nothing); the made file is listed', async () => {
    const dir = scratchDir();
    const path = join(dir, 'Banner.JPG');
    writeFileSync(path, Buffer.alloc(12_345, 7));
    const url = `https://cdn.example.com/${dialect}/banner.jpg`;
    log.clear();
    const dry = await cli(['file', 'upload', path, '--url', url, '--introduction', 'Summer banner', '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    const [method, at, body] = tsvRows(dry.stdout)[0]!;
    expect([method, at]).toEqual(['POST', '/api/202412/material']);
    expect(JSON.parse(body!)).toEqual({
      material: { title: 'Banner.JPG', materialType: '1', materialFileType: '4', size: '12345', url, introduction: 'Summer banner' },
    });
    expect(await writes()).toEqual([]);

    const made = await cli(['file', 'upload', path, '--url', url, '--title', `Banner ${dialect}`], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    const record = tsvRecord(made.stdout);
    expect(record).toMatchObject({ TITLE: `Banner ${dialect}`, TYPE: 'image', FILE_TYPE: 'jpg', SIZE: '12345', URL: url });
    expect((await writes()).map((line) => line.path)).toEqual(['/api/202412/material']);
    const found = await cli(['file', 'search', '--title', `banner ${dialect}`, '--json', 'id,url'], { env: env() });
    expect(JSON.parse(found.stdout)).toEqual([{ id: record.ID, url }]);

    const video = join(dir, 'promo.mp4');
    writeFileSync(video, 'not really a video');
    const clip = await cli(['file', 'upload', video, '--url', 'https://cdn.example.com/promo.mp4', '--duration', '42', '--json', 'materialType,duration'], {
      env: env(),
    });
    expect(JSON.parse(clip.stdout)).toEqual({ materialType: '3', duration: '42' });
  });

  it('a file that is missing, a folder, empty, of a type the store does not take or over its size, and a bad --url or --duration, exit 2 naming it; nothing is sent', async () => {
    const dir = scratchDir();
    const png = join(dir, 'logo.png');
    writeFileSync(png, 'png');
    const empty = join(dir, 'empty.pdf');
    writeFileSync(empty, '');
    const exe = join(dir, 'setup.exe');
    writeFileSync(exe, 'MZ');
    const folder = join(dir, 'icons.png');
    mkdirSync(folder);
    // 20 MiB and a byte, written as a hole: nothing is read but its size.
    const huge = join(dir, 'poster.png');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 20 * 1024 * 1024 + 1);
    closeSync(fd);
    const movie = join(dir, 'movie.mov');
    writeFileSync(movie, 'mov');
    const url = ['--url', 'https://cdn.example.com/x'];
    log.clear();
    const missing = await cli(['file', 'upload', join(dir, 'nothere.png'), ...url], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${join(dir, 'nothere.png')} does not exist; nothing was sent.`);
    expect((await cli(['file', 'upload', folder, ...url], { env: env() })).stderr).toContain(`${folder} is a folder`);
    expect((await cli(['file', 'upload', empty, ...url], { env: env() })).stderr).toContain(`${empty} is empty`);
    const foreign = await cli(['file', 'upload', exe, ...url], { env: env() });
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/setup\.exe is not of a type the store takes \(by its extension\): bmp, png, .*xmind/);
    const big = await cli(['file', 'upload', huge, ...url], { env: env() });
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('is 20971521 bytes, more than the 20 MiB (20971520 bytes) the store takes for an image');
    expectUsageError(await cli(['file', 'upload', png, '--url', 'cdn.example.com/logo.png'], { env: env() }), '--url');
    expectUsageError(await cli(['file', 'upload', png, ...url, '--duration', '5'], { env: env() }), '--duration');
    expectUsageError(await cli(['file', 'upload', movie, ...url, '--duration', '181'], { env: env() }), '--duration');
    expectUsageError(await cli(['file', 'upload', png, ...url, '--title', ' '], { env: env() }), '--title');
    expectUsageError(await cli(['file', 'upload', png], { env: env() }), '--url');
    expect(await log.take()).toEqual([]);
  });

  it('a token without the file scopes exits 4 naming them; a reader cannot upload', async () => {
    const refused = await cli(['file', 'list'], { env: as('gifts-token-3') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/read_materials/);
    const path = join(scratchDir(), 'a.txt');
    writeFileSync(path, 'hello');
    const reader = await cli(['file', 'upload', path, '--url', 'https://cdn.example.com/a.txt'], { env: as('reader-token-2') });
    expect(reader.code).toBe(4);
    expect(reader.stderr).toContain('write_materials');
  });
});
