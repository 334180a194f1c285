// `page create|get|update|delete`, in-process against a sandbox in each dialect (About Page:
// no listing, so no `page list`; coverByHandle on create).
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { expectUsageError, requestLog, tsvRows } from '../_support.js';

const ABOUT = '7200000000000000001';

describe.each(DIALECTS)('page, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('all-scopes-token-1'), parseTokenSpec('reader-token-2:read_content'), parseTokenSpec('gifts-token-3:read_gift_card')],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');

  it('get shows the demo page field by field (visible as the store sends it); there is no page list, and help says why', async () => {
    const one = await cli(['page', 'get', ABOUT], { env: as('reader-token-2') });
    expect(one.code, one.stderr).toBe(0);
    expect(tsvRows(one.stdout)).toContainEqual(['HANDLE', 'about-us']);
    expect(tsvRows(one.stdout)).toContainEqual(['VISIBLE', 'true']);
    const json = await cli(['page', 'get', ABOUT, '--json', 'title,visible'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual({ title: 'About us', visible: 'true' });
    const list = await cli(['page', 'list'], { env: env() });
    expect(list.code).toBe(2);
    const help = await cli(['page', '--help'], { env: env() });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('the store lists none');
    const getHelp = await cli(['page', 'get', '--help'], { env: env() });
    expect(getHelp.stdout.replace(/\s+/g, ' ')).toContain('The store documents no listing of pages');
  });

  it('create sends the given fields (visible as a boolean) to POST pages; --cover-by-handle true changes the page of that handle; a taken handle without it exits 1', async () => {
    expectUsageError(await cli(['page', 'create', '--title', 'X', '--handle', 'About Us'], { env: env() }), '--handle');
    expectUsageError(await cli(['page', 'create', '--title', 'X', '--publish-time', 'tomorrow'], { env: env() }), '--publish-time');
    expectUsageError(await cli(['page', 'create', '--handle', 'x'], { env: env() }), '--title');
    const handle = `shipping-${dialect}`;
    const dry = await cli(['page', 'create', '--title', 'Shipping', '--handle', handle, '--visible', 'false', '--cover-by-handle', 'true', '--dry-run'], {
      env: env(),
    });
    expect(dry.code, dry.stderr).toBe(0);
    const [method, path, body] = tsvRows(dry.stdout)[0]!;
    expect([method, path]).toEqual(['POST', '/api/202412/pages']);
    expect(JSON.parse(body!)).toEqual({ page: { title: 'Shipping', handle, visible: false, coverByHandle: true } });

    log.clear();
    const made = await cli(['page', 'create', '--title', 'Shipping', '--handle', handle, '--content', '<p>2-day</p>', '--json', 'id,title,visible'], {
      env: env(),
    });
    expect(made.code, made.stderr).toBe(0);
    const page = JSON.parse(made.stdout) as { id: string; title: string; visible: string };
    expect(page).toMatchObject({ title: 'Shipping', visible: 'true' });
    expect((await log.take()).map((l) => `${l.method} ${l.path}`)).toEqual(['POST /api/202412/pages']);

    const taken = await cli(['page', 'create', '--title', 'Shipping again', '--handle', handle], { env: env() });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('coverByHandle');
    const covered = await cli(
      ['page', 'create', '--title', 'Shipping, covered', '--handle', handle, '--cover-by-handle', 'true', '--json', 'id,title,content'],
      { env: env() },
    );
    expect(covered.code, covered.stderr).toBe(0);
    expect(JSON.parse(covered.stdout)).toEqual({ id: page.id, title: 'Shipping, covered', content: '<p>2-day</p>' });

    const changed = await cli(['page', 'update', page.id, '--visible', 'false', '--json', 'visible'], { env: env() });
    expect(JSON.parse(changed.stdout)).toEqual({ visible: 'false' });
    expectUsageError(await cli(['page', 'update', page.id, '--cover-by-handle', 'true'], { env: env() }), '--cover-by-handle');
    const unconfirmed = await cli(['page', 'delete', page.id], { env: env() });
    expect(unconfirmed.code).toBe(2);
    expect((await cli(['page', 'delete', page.id, '--yes'], { env: env() })).code).toBe(0);
    expect((await cli(['page', 'get', page.id], { env: env() })).code).toBe(1);
  });

  it('a token without the content scopes exits 4; a read-only one cannot create', async () => {
    const refused = await cli(['page', 'get', ABOUT], { env: as('gifts-token-3') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/read_content/);
    const readOnly = await cli(['page', 'create', '--title', 'Nope'], { env: as('reader-token-2') });
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toContain('write_content');
  });
});
