// The MCP server's tools made from the real manifest: what is left out (secrets, files, any
// request, local state), --read-only and toolsets, the annotations, the command line a call
// stands for (a write always a dry run, nothing the model sends becomes an option), and a
// listing cut to the byte cap with a page token that gives the rest, ids exact.
import { PassThrough } from 'node:stream';
import { parse, stringify } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { buildManifest } from '../../src/commands/commands/manifest.js';
import { commandLine, DEFAULT_TOOLSETS, pageOf, pageToken, readPageToken, STORE_TOOLSETS, toolsOf, type Tool } from '../../src/commands/mcp/tools.js';
import { createIO } from '../../src/core/io.js';

const quiet = () => new PassThrough();
const manifest = buildManifest(
  buildProgram(
    createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false),
    nouns,
    async () => undefined,
  ),
  '1.2.3',
);
const all = toolsOf(manifest, { readOnly: false, toolsets: STORE_TOOLSETS });
const tool = (name: string): Tool => {
  const found = all.find((t) => t.definition.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('MCP tools from the manifest', () => {
  it("leave out what would reach a secret, a file, any request or this machine's state", () => {
    const names = all.map((t) => t.definition.name);
    for (const name of ['auth_token', 'api', 'giftcard_import', 'giftcard_export', 'config_set', 'sandbox_reset', 'webhook_trigger', 'mcp', 'commands'])
      expect(names).not.toContain(name);
    for (const t of all)
      for (const { entry } of t.flags) expect(entry.placeholder ?? '', `${t.definition.name} ${entry.name}`).not.toMatch(/^(file|path|dir)$/);
  });

  it('--read-only lists only read-only tools; toolsets choose the nouns, a small default set unless given', () => {
    const reads = toolsOf(manifest, { readOnly: true, toolsets: STORE_TOOLSETS });
    expect(reads.length).toBeGreaterThan(10);
    expect(reads.every((t) => t.definition.annotations.readOnlyHint)).toBe(true);
    expect(all.some((t) => !t.definition.annotations.readOnlyHint)).toBe(true);
    expect(new Set(toolsOf(manifest, { readOnly: false, toolsets: ['giftcard'] }).map((t) => t.command.path.split(' ')[0]))).toEqual(new Set(['giftcard']));
    expect(new Set(toolsOf(manifest, { readOnly: false }).map((t) => t.command.path.split(' ')[0]))).toEqual(new Set(DEFAULT_TOOLSETS));
  });

  it('annotate by what the verb declared', () => {
    expect(tool('giftcard_search').definition.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(tool('giftcard_create').definition.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(tool('product_delete').definition.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('make a call the command line it stands for: a write always a dry run, with --json', () => {
    expect(commandLine(tool('giftcard_create'), { initialValue: '50', note: 'for Ann' })).toEqual([
      'giftcard',
      'create',
      '--initial-value=50',
      '--note=for Ann',
      '--json',
      '--dry-run',
    ]);
    expect(commandLine(tool('giftcard_get'), { giftCardId: '6100000000000000013', fields: ['id', 'balance'] })).toEqual([
      'giftcard',
      'get',
      '6100000000000000013',
      '--json=id,balance',
    ]);
    expect(commandLine(tool('giftcard_search'), {})).toEqual(['giftcard', 'search', '--json']);
  });

  it("refuse input that is not the tool's: an unknown key, a value that reads as an option, a missing argument", () => {
    expect(commandLine(tool('giftcard_create'), { initialValue: '50', dryRun: false })).toBe("giftcard_create takes no argument 'dryRun'.");
    expect(commandLine(tool('giftcard_create'), { initialValue: '50', yes: true })).toBe("giftcard_create takes no argument 'yes'.");
    expect(commandLine(tool('giftcard_get'), { giftCardId: '--help' })).toBe("'giftCardId' must not begin with '-'.");
    expect(commandLine(tool('giftcard_get'), {})).toBe("giftcard_get needs 'giftCardId'.");
  });

  it('cut a listing to the byte cap and give the rest from the page token, ids exact', () => {
    const records = parse(
      `[${Array.from({ length: 200 }, (_, i) => `{"id":61000000000000${String(i).padStart(5, '0')},"note":"${'x'.repeat(100)}"}`).join(',')}]`,
    ) as unknown[];
    const encode = (record: unknown) => stringify(record) ?? 'null';
    const seen: string[] = [];
    let skip = 0;
    for (let pages = 0; pages < 10; pages++) {
      const page = pageOf(records, skip, 4096, encode);
      expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(4096);
      for (const record of parse(page.text) as { id: unknown }[]) seen.push(String(record.id));
      if (page.next === undefined) break;
      const token = readPageToken(pageToken({ status: 'enabled', pageToken: 'old' }, page.next));
      expect(token).toEqual({ input: { status: 'enabled' }, skip: page.next });
      skip = token!.skip;
    }
    expect(seen).toHaveLength(200);
    expect(seen[199]).toBe('6100000000000000199');
    expect(readPageToken('not a token')).toBeUndefined();
  });
});
