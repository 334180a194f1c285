// Every listing of the command tree, and every record, in a terminal 80 and 120 columns wide:
// no line wider than the terminal (counted in cells, as string-width counts them), and the id a
// row is known by whole. The listings are read from the command tree (every verb whose --json
// declares a listing), so a new listing is walked without a word here; one that needs
// arguments fails until ARGS says what to give it. The store is the demo data with long
// titles, names and notes in it, in both dialects (the Genstore one nests its discounts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { nouns } from '../../src/commands/index.js';
import type { Noun, Verb } from '../../src/commands/types.js';
import type { Arg, DefinedVerb } from '../../src/commands/verb.js';
import { unescapeTsv } from '../../src/core/output.js';
import type { SandboxSeed } from '../../src/sandbox/index.js';
import { demoDocument } from '../../src/sandbox/state/seed.js';
import { cli, scratchDirs, type CliResult } from '../helpers/cli-in-process.js';
import { DIALECTS } from '../helpers/dialects.js';
import { mcpClient, textOf } from '../helpers/mcp-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { scratchDir } from '../helpers/scratch.js';
import { SimClock } from '../bulk/sim-clock.js';
import { stripAnsi } from './_support.js';

const PRODUCT = '4000000000000000401';
const LONG_TITLE = 'Organic Cotton T-Shirt with a Relaxed Fit, Reinforced Shoulder Seams and a Tagless Neck';

/** The demo data with long text where a person writes it: titles, names, notes, values, addresses. */
function longSeed(): SandboxSeed {
  const seed = demoDocument() as Record<string, Array<Record<string, unknown>>>;
  const long = (section: string, index: number, fields: Record<string, unknown>) => Object.assign(seed[section]![index]!, fields);
  long('products', 0, { title: LONG_TITLE, vendor: 'Northwind Apparel and Outdoor Supply Company of San Francisco' });
  long('categories', 2, { categoryName: 'T-Shirts, Tank Tops and Other Short-Sleeved Summer Tops' });
  long('collections', 0, { title: 'Summer Sale: Everything for Long Days at the Beach and in the Garden' });
  long('locations', 0, { name: 'Downtown Flagship Store and Click-and-Collect Counter', city: 'San Francisco Bay Area (Financial District)' });
  long('customers', 0, { firstName: 'Augusta Ada', lastName: 'King, Countess of Lovelace', email: 'augusta.ada.king.countess.of.lovelace@example.com' });
  long('orders', 0, { note: 'Leave the parcel with the concierge at the front desk; the buyer works late on weekdays and asked for a call first.' });
  long('orders', 2, { financialStatus: 'partially_refunded', email: 'a.very.long.address.for.a.buyer@example.com' });
  long('markets', 1, {
    name: 'Europe and the European Economic Area (Mainland and Islands)',
    regions: ['DE', 'AT', 'FR', 'NL', 'BE', 'LU', 'IT', 'ES', 'PT', 'IE', 'DK', 'SE', 'FI', 'PL'],
  });
  long('pages', 0, {
    title: 'About us: our story, our mission, and the people behind the shop since 2019',
    content: `<h1>About us</h1>${'<p>We sell gifts since 2019, from a small workshop by the harbour.</p>'.repeat(6)}`,
  });
  long('materials', 0, { title: 'Northwind logo, full colour on a transparent background, for the shop header and emails' });
  long('themes', 1, { shopThemeName: 'Harbour (holiday draft for the winter season, with the gift wrapping banner and snow)' });
  long('payments', 0, {
    channelDetails: { paymentMethod: 'card', cardBrand: 'visa', note: 'Captured in two parts after a partial authorisation, settled in batch 2026-07-31' },
  });
  long('fulfillments', 0, { trackingCompany: 'United Parcel Service of America, Freight and Ground', trackingNumber: '1Z999AA10123456784-RETURN-LABEL-0001' });
  long('refunds', 1, { note: 'Cancelled before it shipped: the whole order back to the card it was paid with, and the mugs restocked.' });
  long('discounts', 0, { title: 'Summer sale: 15% off every order placed during the long summer holidays, once per customer' });
  long('giftCards', 0, { note: 'Holiday promotion card for a loyal customer; partly redeemed in store on 20 December, the rest kept for the spring.' });
  const values = seed.metafields![0]!.values as Array<Record<string, unknown>>;
  values.find((value) => value.code === 'care_guide')!.value =
    'Machine wash cold with like colours. Tumble dry low. Do not bleach. Iron on the reverse at a low setting.';
  seed.webhooks = [
    {
      id: '4500000000000000001',
      address: 'https://hooks.example.com/store-cli/receivers/production/orders-and-fulfilment-events?source=genstore',
      topic: 'orders/create',
    },
  ];
  return seed as SandboxSeed;
}

interface Walked {
  /** The words that run it: `metafield definition list`. */
  path: string[];
  verb: DefinedVerb<never, never, never>;
}

/** Every verb of the command tree (a noun that is itself the command, `runs`, included), by its words. */
function walk(list: readonly Noun[], above: string[] = []): Walked[] {
  return list.flatMap((noun) => {
    const here = [...above, noun.name];
    const verb = (v: Verb, words: string[]): Walked => ({ path: words, verb: v as DefinedVerb<never, never, never> });
    return [
      ...(noun.action ? [verb(noun.action, here)] : []),
      ...noun.verbs.map((v) => verb(v, [...here, (v as DefinedVerb<never, never, never>).spec.name!])),
      ...walk(noun.nouns ?? [], here),
    ];
  });
}

const VERBS = walk(nouns);
/** The listings: every verb whose --json is a listing's (an array, --jsonl, --columns). */
const LISTINGS = VERBS.filter(({ verb }) => (verb.spec.json as { list?: boolean } | undefined)?.list === true);
/** The records: every `get`, and the verbs that show one thing field by field. */
const RECORDS = VERBS.filter(({ path }) => path.at(-1) === 'get' || ['auth status', 'shop info'].includes(path.join(' ')));

/** What a verb that takes arguments is given (a listing or record that needs some and is not here fails the walk). */
const ARGS: Record<string, string[]> = {
  'metafield list': ['products', PRODUCT],
  'metafield definition list': ['products'],
  'category search': ['shirt'],
  'customer search': ['--name', 'a'],
  'collection products': ['4000000000000000304'],
  'sandbox fault remove': ['--all'],
  'giftcard get': ['4000000000000000011'],
  'metafield get': ['products', PRODUCT, '--namespace', 'custom', '--code', 'care_guide'],
  'metafield definition get': ['products', '--namespace', 'custom', '--code', 'care_guide'],
  'product get': [PRODUCT],
  'collection get': ['4000000000000000304'],
  'location get': ['4000000000000000003'],
  'market get': ['7100000000000000002'],
  'fulfillment list': ['6000000000000000101'],
  'refund list': ['6000000000000000121'],
  'refund get': ['6300000000000000002'],
  'page get': ['7200000000000000001'],
  'file search': ['--title', 'o'],
  'theme asset get': ['7220000000000000001', 'templates/index.json'],
  'payment get': ['PI0020260731101500101'],
  'customer get': ['7300000000000000101'],
  'discount get': ['6100000000000000013'],
  'order get': ['6000000000000000101'],
  'config get': ['page-size'],
};

function argsOf({ path, verb }: Walked): string[] {
  const given = ARGS[path.join(' ')];
  const required = Object.values<Arg<unknown>>(verb.spec.args ?? {}).some((arg) => arg.toArgument('x').required);
  if (given === undefined && required) throw new Error(`${path.join(' ')} takes arguments: give them in ARGS of this test`);
  return given ?? [];
}

/**
 * Listings of what they take away: each run lists what it removed, so the table's ids are not
 * a piped run's; their widths are checked, with a rule added before (and put back after).
 */
const REMOVES = new Set(['sandbox fault remove']);
const FAULT = 'GET /api/202412/products/999999999999999999/variants/** 503@0.5';

/** A listing whose table shows its first column in another form than its piped rows: the form. */
const TABLE_FORM: Record<string, (piped: string) => string> = {
  // The time of day of a request, to the millisecond (its date is the day's).
  'sandbox logs': (time) => /T([\d:.]+)Z$/.exec(time)?.[1] ?? time,
};

/** Lines wider than `width` cells (the terminal would wrap them), colour aside. */
const overflowing = (stdout: string, width: number) =>
  stripAnsi(stdout)
    .split('\n')
    .filter((line) => stringWidth(line) > width);

describe.each(DIALECTS)('at 80 and 120 columns (%s dialect)', (dialect) => {
  const s = useSandbox({ dialect, seed: longSeed() });
  const dirs = scratchDirs();
  const run = (argv: string[], options: { columns?: number; stdin?: string } = {}): Promise<CliResult> =>
    cli(argv, {
      env: { ...s.env, ...dirs, NO_COLOR: '1' },
      clock: new SimClock().autoAdvance(),
      ...(options.columns !== undefined ? { tty: true, columns: options.columns } : {}),
      ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    });

  // Something to show in every listing: a kept run, a profile, a fault rule, requests in the log.
  beforeAll(async () => {
    const folder = join(scratchDir(), 'imports for the summer catalogue', 'metafields of the best sellers');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'care-guides-and-materials.csv');
    writeFileSync(file, `domain,bizId,namespace,code,value\nproducts,${PRODUCT},custom,fit_notes,A relaxed fit: order your usual size.\n`);
    const imported = await run(['metafield', 'import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    const login = await run(['auth', 'login', '--with-token', '--profile', 'northwind-production'], { stdin: `${s.env.STORE_CLI_TOKEN}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect((await run(['sandbox', 'fault', 'add', FAULT])).code).toBe(0);
    // A plan an agent made, for `mcp plans`.
    const agent = await mcpClient(['mcp'], { env: { ...s.env, ...dirs, NO_COLOR: '1' } });
    const planned = await agent.client.callTool({ name: 'giftcard_create', arguments: { initialValue: '50', note: 'For the summer catalogue launch' } });
    expect(textOf(planned)).toContain('planId');
    expect(await agent.close()).toBe(0);
  });

  it.each([80, 120])('every listing of the command tree at %i columns: no line wider, the ids whole', async (columns) => {
    expect(LISTINGS.length).toBeGreaterThan(15);
    for (const walked of LISTINGS) {
      const argv = [...walked.path, ...argsOf(walked)];
      const removes = REMOVES.has(walked.path.join(' '));
      if (removes) expect((await run(['sandbox', 'fault', 'add', FAULT])).code).toBe(0);
      const table = await run(argv, { columns });
      if (removes) {
        // What it removed is listed; the rule goes back for the listings after it.
        expect.soft(stripAnsi(table.stdout), argv.join(' ')).toMatch(/^ID\s.*\n\d+\s/);
        expect((await run(['sandbox', 'fault', 'add', FAULT])).code).toBe(0);
        expect.soft(overflowing(table.stdout, columns), argv.join(' ')).toEqual([]);
        continue;
      }
      const piped = await run(argv);
      expect.soft(table.code, `${argv.join(' ')}: ${table.stderr}`).toBe(0);
      expect.soft(overflowing(table.stdout, columns), argv.join(' ')).toEqual([]);
      // Each row's first cell, the id it is known by, is one of the listing's ids, whole.
      const form = TABLE_FORM[walked.path.join(' ')] ?? ((id: string) => id);
      const ids = new Set(piped.stdout.split('\n').flatMap((row) => (row === '' ? [] : [form(unescapeTsv(row.split('\t')[0]!))])));
      const firstCells = stripAnsi(table.stdout)
        .split('\n')
        .slice(1)
        .filter((line) => line !== '' && !line.startsWith(' '))
        .map((line) => line.split(/ {2,}/)[0]!);
      expect.soft(firstCells.length, `${argv.join(' ')} shows rows`).toBeGreaterThan(0);
      expect
        .soft(
          firstCells.filter((cell) => !ids.has(cell)),
          `${argv.join(' ')}: ids not whole\n${table.stdout}`,
        )
        .toEqual([]);
    }
  });

  it.each([80, 120])('every record at %i columns: values wrap under their label, no line wider', async (columns) => {
    expect(RECORDS.length).toBeGreaterThan(10);
    for (const walked of RECORDS) {
      const argv = [...walked.path, ...argsOf(walked)];
      const shown = await run(argv, { columns });
      expect.soft(shown.code, `${argv.join(' ')}: ${shown.stderr}`).toBe(0);
      expect.soft(overflowing(shown.stdout, columns), argv.join(' ')).toEqual([]);
    }
  });
});
