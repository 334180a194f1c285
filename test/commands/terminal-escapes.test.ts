// Text from a store or a file cannot command the terminal: control characters are shown
// as visible escapes in tables, TSV on a terminal and every message on stderr, while
// --json keeps the exact bytes.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { createCardDirect } from './_support.js';
import { useSandbox } from '../helpers/sandbox.js';
import { escapeControls, escapeLine } from '../../src/core/io.js';
import { csv, scratchFile } from './metafield/_import.js';
import { freshBizId, seed } from './metafield/_metafields.js';

const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J';
const SHOWN = '\\x1b]0;pwned\\x07\\x1b[2J';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('hostile bytes and the terminal', () => {
  const s = useSandbox({ seed: 'demo' });
  const tty = () => ({ env: { ...s.env, NO_COLOR: '1' }, tty: true });

  it('a metafield value is escaped in a table and a listing, exact in --json and piped TSV', async () => {
    const bizId = freshBizId();
    await seed(s.sandbox, 'products', bizId, [{ namespace: 'custom', code: 'note', value: `before ${HOSTILE} after` }]);
    const get = ['metafield', 'get', 'products', bizId, '--namespace', 'custom', '--code', 'note'];
    for (const argv of [get, ['metafield', 'list', 'products', bizId]]) {
      const r = await cli(argv, tty());
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toContain(`before ${SHOWN} after`);
    }
    const json = await cli([...get, '--json'], tty());
    expect(JSON.parse(json.stdout).value).toBe(`before ${HOSTILE} after`);
    // Piped, rows are data for a script: the bytes as stored.
    const piped = await cli(get, { env: s.env });
    expect(piped.stdout).toContain(`before ${HOSTILE} after`);
  });

  it('a gift card note is escaped in its table', async () => {
    const { id } = await createCardDirect(s.sandbox, { note: `gift ${HOSTILE}` });
    const r = await cli(['giftcard', 'get', id], tty());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain(`gift ${SHOWN}`);
    const json = await cli(['giftcard', 'get', id, '--json', 'note'], tty());
    expect(JSON.parse(json.stdout)).toEqual({ note: `gift ${HOSTILE}` });
  });

  it('an error naming a hostile CSV header cell is escaped on stderr, terminal or not', async () => {
    const file = scratchFile('hostile.csv', csv([['products', '1', 'custom', 'note', 'x']], ['domain', 'bizId', 'namespace', 'code', `value${HOSTILE}`]));
    for (const options of [tty(), { env: s.env }]) {
      const r = await cli(['metafield', 'import', file], options);
      expect(r.code).toBe(2);
      // In a terminal, the import's own progress line is wiped (\r, erase line): that alone may stay raw.
      expect(r.stderr.replaceAll('\r\u001b[K', '')).not.toMatch(RAW_CONTROL);
      expect(r.stderr).toContain(`unknown column "value${SHOWN}"`);
    }
  });

  it("a rejected row's reason is escaped in the summary", async () => {
    const file = scratchFile('reasons.csv', csv([[`shop${HOSTILE}`, freshBizId(), 'custom', 'note', 'x']]));
    const r = await cli(['metafield', 'import', file], { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain(`line 2: unknown domain "shop${SHOWN}"`);
  });
});

describe('escapeControls', () => {
  it('shows C0, DEL and C1 as escapes and leaves tab, newline and Unicode alone', () => {
    expect(escapeControls('a\u001bb\u0007c\u007fd\u009be\rf')).toBe('a\\x1bb\\x07c\\u007fd\\u009be\\x0df');
    expect(escapeControls('tab\there\nnext: café ✓ 日本 😀')).toBe('tab\there\nnext: café ✓ 日本 😀');
  });

  it('shows the bidi embeddings, overrides and isolates too, and leaves right-to-left letters alone', () => {
    const bidi = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(escapeControls(`a${bidi}b`)).toBe('a\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069b');
    expect(escapeControls('שלום مرحبا \u200f')).toBe('שלום مرحبا \u200f');
  });

  it("keeps JSON JSON: what it escapes beyond C0 becomes the same character in JSON's own \\u form", () => {
    const value = { note: 'del\u007f c1\u009b bidi\u202e' };
    expect(JSON.parse(escapeControls(JSON.stringify(value)))).toEqual(value);
  });
});

describe('escapeLine', () => {
  it('keeps text on one line: line feeds and carriage returns as \\n and \\r, controls escaped', () => {
    expect(escapeLine('bad\n::error::x\r\n\u001b[2J')).toBe('bad\\n::error::x\\r\\n\\x1b[2J');
  });

  it('leaves a CI runner nothing to take as a command: `##[` anywhere, `::` leading', () => {
    expect(escapeLine('a ##[add-mask]secret')).toBe('a ##\\[add-mask]secret');
    expect(escapeLine('  ::error::x')).toBe('  \\x3a:error::x');
    expect(escapeLine('line 2: ok::fine')).toBe('line 2: ok::fine');
  });
});
