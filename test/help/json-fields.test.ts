// One declaration of a command's --json fields feeds its --help and its exporter: every
// command with --json [fields] lists them under "JSON fields:", and a field not in that
// list is refused, naming exactly that list, before any request reaches the store.
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { createIO } from '../../src/core/io.js';
import { ANY_FIELDS, jsonDeclaration } from '../../src/core/output-options.js';
import { requestLog } from '../commands/_support.js';
import { cli } from '../helpers/cli-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';

function program(): Command {
  const quiet = () => new PassThrough();
  return buildProgram(
    createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false),
    nouns,
    async () => undefined,
  );
}

function commandsOf(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return command.commands.flatMap((sub) => {
    const subPath = [...path, sub.name()];
    return [{ path: subPath, command: sub }, ...commandsOf(sub, subPath)];
  });
}

/** Commands whose --json takes a field list (sandbox serve's --json is a switch). */
const withJsonFields = commandsOf(program()).filter(({ command }) => command.options.some((o) => o.long === '--json' && o.optional));

/** The names under "JSON fields:" in a help text, or undefined without that section. */
function helpFields(help: string): string[] | undefined {
  const section = /\nJSON fields:\n((?: {2}.*\n)+)/.exec(help)?.[1];
  return section?.split(/,\s*/).map((name) => name.trim());
}

/** Arguments that get each command past its own checks to the point where it makes its exporter. */
const ARGS: Record<string, string[]> = {
  'auth status': [],
  'auth list': [],
  'config get': ['output'],
  'config list': [],
  doctor: [],
  'giftcard create': ['--initial-value', '5'],
  'giftcard update': ['4000000000000000123', '--balance', '5'],
  'giftcard disable': ['4000000000000000123', '--yes'],
  'giftcard get': ['4000000000000000123'],
  'giftcard search': [],
  'giftcard count': [],
  'metafield set': ['products', '1', '--namespace', 'custom', '--code', 'color', '--value', 'red'],
  'metafield get': ['products', '1', '--namespace', 'custom', '--code', 'color'],
  'metafield list': ['products', '1'],
  'metafield count': ['products', '1'],
  'metafield delete': ['products', '1', '--namespace', 'custom', '--code', 'color', '--yes'],
  'metafield import': ['values.csv'],
  'giftcard import': ['cards.csv'],
  'product import': ['products.csv'],
  'metafield definition list': ['products'],
  'metafield definition get': ['products', '--namespace', 'custom', '--code', 'color'],
  'metafield definition create': ['products', '--namespace', 'custom', '--code', 'fabric', '--definition-name', 'Fabric', '--field-type', 'SingleLineText'],
  'metafield definition update': ['products', '--namespace', 'custom', '--code', 'color', '--description', 'x'],
  'metafield definition delete': ['products', '--namespace', 'custom', '--code', 'color', '--yes'],
  'metafield definition import': ['definitions.json'],
  'metafield export': ['--all', '--output', 'values.csv'],
  'product list': [],
  'product count': [],
  'product create': ['--title', 'Tee'],
  'product get': ['5000000000000000011'],
  'product edit': ['5000000000000000011', '--title', 'Tee'],
  'product delete': ['5000000000000000011', '--yes'],
  'category search': [],
  'collection list': [],
  'report merge': ['shard-1.json'],
  'collection get': ['4000000000000000304'],
  'collection count': [],
  'collection create': ['--title', 'Winter'],
  'collection update': ['4000000000000000304', '--title', 'Winter'],
  'collection delete': ['4000000000000000304', '--yes'],
  'collection add': ['4000000000000000304', '4000000000000000431'],
  'collection remove': ['4000000000000000304', '4000000000000000431'],
  'collection products': ['4000000000000000304'],
  'customer list': [],
  'customer search': ['--email', 'ada@example.com'],
  'customer get': ['7300000000000000101'],
  'customer count': [],
  'customer create': ['--email', 'new@example.com'],
  'customer update': ['7300000000000000101', '--notes', 'x'],
  'customer delete': ['7300000000000000101', '--yes'],
  'location list': [],
  'location get': ['8100000000000000001'],
  'location count': [],
  'location create': ['--name', 'Pop-up'],
  'location update': ['8100000000000000001', '--name', 'Pop-up'],
  'location delete': ['4000000000000000005', '--yes'],
  'fulfillment list': ['6000000000000000101'],
  'fulfillment count': ['6000000000000000101'],
  'fulfillment create': ['6000000000000000161', '--tracking-number', '1Z'],
  'fulfillment update-tracking': ['6200000000000000001', '--carrier', 'UPS'],
  'fulfillment cancel': ['6200000000000000001'],
  'fulfillment import': ['tracking.csv'],
  'refund list': ['6000000000000000121'],
  'refund get': ['6300000000000000002'],
  'refund create': ['6000000000000000141', '--amount', '1', '--yes'],
  'market list': [],
  'market get': ['7100000000000000002'],
  'market count': [],
  'market create': ['--name', 'Asia'],
  'market update': ['7100000000000000002', '--name', 'EU'],
  'market delete': ['7100000000000000002', '--yes'],
  'page get': ['7200000000000000001'],
  'page create': ['--title', 'Help'],
  'page update': ['7200000000000000001', '--title', 'Help'],
  'page delete': ['7200000000000000001', '--yes'],
  'file list': [],
  'file upload': ['logo.png', '--url', 'https://cdn.example.com/logo.png'],
  'file search': ['--title', 'logo'],
  'theme list': [],
  'theme asset get': ['7220000000000000001', 'assets/base.css'],
  'theme asset put': ['7220000000000000002', 'assets/base.css', '--value', 'body {}'],
  'payment get': ['PI0020260919143000121'],
  'inventory list': [],
  'inventory set': ['4000000000000000409', '--location', '8100000000000000001', '--quantity', '1'],
  'shop info': [],
  'shop languages': [],
  'discount list': [],
  'discount get': ['6100000000000000013'],
  'discount create': ['--title', 'Sale', '--discount-type', 'order', '--value-type', 'percentage', '--value', '10', '--discount-method', 'code'],
  'discount update': ['6100000000000000013', '--value', '20'],
  'discount enable': ['6100000000000000013'],
  'discount disable': ['6100000000000000013'],
  'discount delete': ['6100000000000000013', '--yes'],
  'discount count': [],
  'discount import': ['codes.csv', '--like', '6100000000000000013'],
  'customer import': ['customers.csv'],
  'order list': [],
  'order get': ['6000000000000000131'],
  'order count': [],
  'order create': ['--sku', 'TSH-WHT-S'],
  'order update': ['6000000000000000131', '--note', 'n'],
  'order cancel': ['6000000000000000131', '--yes'],
  'order export': ['--since', '2026-01-01', '--output', 'orders.csv'],
  runs: [],
  'mcp plans': [],
  'webhook trigger': ['products/create', '--to', 'http://127.0.0.1:9/'],
  'webhook listen': ['--port', '0'],
  'sandbox fault add': ['GET ** 503'],
  'sandbox fault list': [],
  'sandbox fault remove': ['1'],
  'webhook subscribe': ['--topic', 'products/create', '--address', 'http://127.0.0.1:9/'],
  'webhook subscriptions': [],
  'webhook unsubscribe': ['4000000000000000123', '--yes'],
  'webhook subscription update': ['4000000000000000123', '--address', 'http://127.0.0.1:9/'],
  'webhook subscription count': [],
  'webhook resend': ['wh-1', '--log', 'deliveries.jsonl', '--to', 'http://127.0.0.1:9/'],
  'sandbox logs': [],
  undo: ['20261127T210512Z-3f9a'],
  api: ['GET', 'gift_cards/count'],
  version: [],
  commands: [],
};

describe('--json fields, declared once', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('every command with --json [fields] has arguments here to reach its exporter', () => {
    expect(Object.keys(ARGS).sort()).toEqual(withJsonFields.map(({ path }) => path.join(' ')).sort());
  });

  it.each(withJsonFields.map(({ path, command }) => [path.join(' '), command] as const))(
    '%s --help lists the fields its declaration gives',
    async (name, command) => {
      const help = await cli([...name.split(' '), '--help']);
      expect(help.code).toBe(0);
      const declared = jsonDeclaration(command)?.fields;
      if (declared === ANY_FIELDS) expect(helpFields(help.stdout)).toBeUndefined();
      else expect(helpFields(help.stdout)).toEqual(declared);
    },
  );

  it.each(withJsonFields.map(({ path }) => path.join(' ')).filter((name) => name !== 'api'))(
    '%s --json with an unknown field exits 2 naming the fields --help lists, with no request sent',
    async (name) => {
      const listed = helpFields((await cli([...name.split(' '), '--help'])).stdout);
      log.clear();
      const result = await cli([...name.split(' '), ...ARGS[name]!, '--json', 'noSuchField'], { env: s.env });
      expect(result.stderr).toContain(`Unknown field for --json: noSuchField. Valid fields: ${listed!.join(', ')}.`);
      expect(result.code).toBe(2);
      expect(await log.take()).toEqual([]);
    },
  );
});

/** Commands that also have --jsonl [fields]: the two modes exclude each other (metafield export's --jsonl is a switch for its data's format). */
const withJsonl = withJsonFields.filter(({ command }) => command.options.some((o) => o.long === '--jsonl' && o.optional));

describe('--json with --jsonl', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('is declared on the listings and the commands that stream', () => {
    expect(withJsonl.map(({ path }) => path.join(' '))).toEqual(
      expect.arrayContaining(['giftcard search', 'metafield list', 'collection list', 'webhook listen']),
    );
  });

  it.each(withJsonl.map(({ path }) => path.join(' ')))('%s --json --jsonl exits 2 in one sentence naming both flags, nothing sent', async (name) => {
    for (const pair of [
      ['--json', '--jsonl'],
      ['--jsonl', 'id', '--json'],
    ]) {
      log.clear();
      const result = await cli([...name.split(' '), ...ARGS[name]!, ...pair], { env: s.env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toMatch(/^error: option '--jsonl \[fields\]' cannot be used with option '--json \[fields\]'$/);
      expect(await log.take()).toEqual([]);
    }
  });

  it.each(withJsonl.map(({ path }) => path.join(' ')).filter((name) => name !== 'api'))(
    '%s --jsonl with an unknown field exits 2 naming --jsonl',
    async (name) => {
      log.clear();
      const result = await cli([...name.split(' '), ...ARGS[name]!, '--jsonl', 'noSuchField'], { env: s.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Unknown field for --jsonl: noSuchField.');
      expect(await log.take()).toEqual([]);
    },
  );
});
