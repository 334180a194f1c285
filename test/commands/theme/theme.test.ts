// `theme list` and `theme asset get|put`, in-process against a sandbox in each dialect (About
// Theme: the demo's published Harbour and its holiday draft, a few assets each).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { call, expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';

const HARBOUR = '7220000000000000001';
const DRAFT = '7220000000000000002';

describe.each(DIALECTS)('theme, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('all-scopes-token-1'), parseTokenSpec('reader-token-2:read_themes'), parseTokenSpec('gifts-token-3:read_gift_card')],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');
  const requests = async () => (await log.take()).map((line) => `${line.method} ${line.path}`);
  /** An asset's text as the store holds it, read straight from the sandbox. */
  const stored = async (theme: string, key: string) =>
    JSON.parse((await call(s.sandbox, 'GET', `/themes/${theme}/assets?asset=${key}`)).text).asset.context as string;

  it('list prints id, name, published, status, updated; --json as sent', async () => {
    const listed = await cli(['theme', 'list'], { env: as('reader-token-2') });
    expect(listed.code, listed.stderr).toBe(0);
    expect(tsvRows(listed.stdout).map((row) => row.slice(0, 4))).toEqual([
      [HARBOUR, 'Harbour', 'true', 'SUCCESS'],
      [DRAFT, 'Harbour (holiday draft)', 'false', 'SUCCESS'],
    ]);
    const json = await cli(['theme', 'list', '--json', 'shopThemeId,isCurrent'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual([
      { shopThemeId: HARBOUR, isCurrent: 'true' },
      { shopThemeId: DRAFT, isCurrent: 'false' },
    ]);
  });

  it('asset get prints the text exactly when piped, writes it whole with --output, prints the asset with --json; a bad key or output exits 2 before the request', async () => {
    const piped = await cli(['theme', 'asset', 'get', HARBOUR, 'assets/base.css'], { env: as('reader-token-2') });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(await stored(HARBOUR, 'assets/base.css'));

    const dir = scratchDir();
    const file = join(dir, 'index.json');
    writeFileSync(file, 'an older copy');
    const written = await cli(['theme', 'asset', 'get', DRAFT, 'templates/index.json', '--output', file], { env: env(), tty: true });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(await stored(DRAFT, 'templates/index.json'));
    expect(stripAnsi(written.stderr)).toContain(`Wrote templates/index.json of theme ${DRAFT} to ${file}.`);

    const json = await cli(['theme', 'asset', 'get', HARBOUR, 'config/settings_data.json', '--json', 'fileType,context'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual({ fileType: 'json', context: await stored(HARBOUR, 'config/settings_data.json') });

    const missing = await cli(['theme', 'asset', 'get', HARBOUR, 'templates/nothing.json'], { env: env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('templates/nothing.json');

    log.clear();
    expectUsageError(await cli(['theme', 'asset', 'get', HARBOUR, '../../etc/passwd'], { env: env() }), '<key>');
    expectUsageError(await cli(['theme', 'asset', 'get', 'harbour', 'assets/base.css'], { env: env() }), '<theme>');
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const refused = await cli(['theme', 'asset', 'get', HARBOUR, 'assets/base.css', '--output', folder], { env: env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--output');
    const both = await cli(['theme', 'asset', 'get', HARBOUR, 'assets/base.css', '--json', '--output', '-'], { env: env() });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('stdout');
    expect(await log.take()).toEqual([]);
  });

  it("an asset's control characters reach a terminal as escapes, and a pipe or a file byte for byte", async () => {
    const text = 'body { content: "\u001b[2J\u001b]0;owned\u0007"; }\n';
    await call(s.sandbox, 'POST', `/themes/${DRAFT}/assets`, { assets: { url: 'assets/trap.css', context: text } });
    const terminal = await cli(['theme', 'asset', 'get', DRAFT, 'assets/trap.css'], { env: env(), tty: true });
    expect(terminal.code, terminal.stderr).toBe(0);
    expect(terminal.stdout).not.toContain('\u001b');
    expect(terminal.stdout).toBe('body { content: "\\x1b[2J\\x1b]0;owned\\x07"; }\n');
    expect((await cli(['theme', 'asset', 'get', DRAFT, 'assets/trap.css'], { env: env() })).stdout).toBe(text);
    const file = join(scratchDir(), 'trap.css');
    expect((await cli(['theme', 'asset', 'get', DRAFT, 'assets/trap.css', '--output', file], { env: env(), tty: true })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('asset put writes a draft theme from --file or --value without asking; --dry-run prints the exact request and sends nothing', async () => {
    const file = join(scratchDir(), 'base.css');
    const css = `body { color: #${dialect === 'real' ? '123456' : '654321'}; }\n`;
    writeFileSync(file, css);
    log.clear();
    const dry = await cli(['theme', 'asset', 'put', DRAFT, 'assets/base.css', '--file', file, '--dry-run', '--json'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([
      { method: 'POST', path: `/api/202412/themes/${DRAFT}/assets`, body: { assets: { url: 'assets/base.css', name: 'base', fileType: 'css', context: css } } },
    ]);
    expect(await requests()).toEqual([]);

    const put = await cli(['theme', 'asset', 'put', DRAFT, 'assets/base.css', '--file', file], { env: env() });
    expect(put.code, put.stderr).toBe(0);
    expect(tsvRows(put.stdout)).toEqual([
      ['URL', 'assets/base.css'],
      ['NAME', 'base'],
      ['THEME', DRAFT],
    ]);
    expect(await requests()).toEqual([`GET /api/202412/themes`, `POST /api/202412/themes/${DRAFT}/assets`]);
    expect(await stored(DRAFT, 'assets/base.css')).toBe(css);

    const value = await cli(['theme', 'asset', 'put', DRAFT, 'snippets/closed.liquid', '--value', '<p>Closed on Sunday</p>', '--code', 'SNIPPET', '--json'], {
      env: env(),
    });
    expect(JSON.parse(value.stdout)).toEqual({ name: 'closed', theme_id: DRAFT, url: 'snippets/closed.liquid' });
    expect(await stored(DRAFT, 'snippets/closed.liquid')).toBe('<p>Closed on Sunday</p>');
  });

  it('asset put to the published theme asks in a terminal (no sends nothing) and needs --yes otherwise', async () => {
    const key = `templates/page.${dialect}.json`;
    const put = ['theme', 'asset', 'put', HARBOUR, key, '--value', '{"sections":{}}'];
    log.clear();
    const script = await cli(put, { env: env() });
    expect(script.code).toBe(2);
    expect(script.stderr).toContain('--yes');
    const declined = await liveCli(put, { env: env(), tty: true, stdin: 'n\n' }).done;
    expect(declined.code, declined.stderr).toBe(2);
    expect(stripAnsi(declined.stderr).replace(/\s+/g, ' ')).toContain(`Write ${key} to theme ${HARBOUR} (Harbour), the published theme shoppers see?`);
    expect((await requests()).filter((line) => line.startsWith('POST'))).toEqual([]);
    const accepted = await liveCli(put, { env: env(), tty: true, stdin: 'y\n' }).done;
    expect(accepted.code, accepted.stderr).toBe(0);
    expect((await cli([...put.slice(0, -1), '{"sections":{"a":{}}}', '--yes'], { env: env() })).code).toBe(0);
    expect((await requests()).filter((line) => line.startsWith('POST'))).toHaveLength(2);
    expect(await stored(HARBOUR, key)).toBe('{"sections":{"a":{}}}');
  });

  it('asset put refuses no text, two texts, text that is not UTF-8, an unknown theme or a reader token, sending no write', async () => {
    const dir = scratchDir();
    const latin1 = join(dir, 'latin1.css');
    writeFileSync(latin1, Buffer.from([0x62, 0x6f, 0x64, 0x79, 0xe9, 0x0a]));
    log.clear();
    expectUsageError(await cli(['theme', 'asset', 'put', DRAFT, 'assets/x.css'], { env: env() }), '--file');
    expectUsageError(await cli(['theme', 'asset', 'put', DRAFT, 'assets/x.css', '--file', latin1, '--value', 'x'], { env: env() }), 'not both');
    const notUtf8 = await cli(['theme', 'asset', 'put', DRAFT, 'assets/x.css', '--file', latin1], { env: env() });
    expect(notUtf8.code).toBe(2);
    expect(notUtf8.stderr).toContain('not valid UTF-8');
    const missing = await cli(['theme', 'asset', 'put', DRAFT, 'assets/x.css', '--file', join(dir, 'gone.css')], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('gone.css');
    const unknown = await cli(['theme', 'asset', 'put', '7220000000000000999', 'assets/x.css', '--value', 'x'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No theme has the id 7220000000000000999: 'store-cli theme list' shows them.");
    expect((await requests()).filter((line) => !line.startsWith('GET'))).toEqual([]);
    const reader = await cli(['theme', 'asset', 'put', DRAFT, 'assets/x.css', '--value', 'x'], { env: as('reader-token-2') });
    expect(reader.code).toBe(4);
    expect(reader.stderr).toContain('write_themes');
    expect((await cli(['theme', 'list'], { env: as('gifts-token-3') })).code).toBe(4);
  });
});
