// One spelling everywhere: `--json id` and `--columns id` work on every command whose records
// carry an id, standing for the records' own id field where it is not `id` itself (productId
// on a product verb, which the JSON keeps as the store named it), or are refused with a
// "did you mean" naming the id fields there are. Walks the live tree, so a command added
// later is held to the same rule.
import { PassThrough } from 'node:stream';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { createIO } from '../../src/core/io.js';
import { ANY_FIELDS, jsonDeclaration } from '../../src/core/output-options.js';
import { Output } from '../../src/core/output.js';
import { cli } from '../helpers/cli-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { tsvRows } from '../commands/_support.js';

const quiet = () => {
  const stream = new PassThrough();
  stream.resume();
  return stream;
};
const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);

function commandsOf(command: Command, path: string[] = []): Array<{ path: string; command: Command }> {
  return command.commands.flatMap((sub) => [{ path: [...path, sub.name()].join(' '), command: sub }, ...commandsOf(sub, [...path, sub.name()])]);
}

const withFields = commandsOf(buildProgram(io, nouns, async () => undefined)).flatMap(({ path, command }) => {
  const declared = jsonDeclaration(command);
  return declared && declared.fields !== ANY_FIELDS ? [{ path, command, fields: declared.fields, columns: declared.columns }] : [];
});

const option = (command: Command, long: string) =>
  command.options.find((o) => o.long === long) as Option & { parseArg: (value: string, previous: unknown) => unknown };
/** Records that carry an id: an `id` field, or one named like `productId`. */
const hasIds = (names: readonly string[]) => names.some((name) => name === 'id' || /Id$/.test(name));

describe('--json id and --columns id on every command', () => {
  it('the walk sees the nouns whose ids are not called id', () => {
    expect(withFields.map((c) => c.path)).toEqual(
      expect.arrayContaining(['product list', 'location get', 'collection list', 'category search', 'shop info', 'inventory list']),
    );
  });

  it.each(withFields.filter((c) => hasIds(c.fields)).map((c) => [c.path, c] as const))(
    '%s --json id: a field, or "did you mean"',
    (_path, { command, fields }) => {
      const given = option(command, '--json').parseArg('id', undefined) as unknown as string;
      if (fields.includes(given)) return;
      expect(() => new Output(io, { json: given }, fields)).toThrow(/Unknown field for --json: id \(did you mean \w+(, \w+)*( or \w+)?\?\)/);
    },
  );

  it.each(withFields.filter((c) => c.columns !== undefined && hasIds(c.columns)).map((c) => [c.path, c] as const))(
    '%s --columns id: a column, or "did you mean"',
    (_path, { command, columns }) => {
      let chosen: unknown;
      try {
        chosen = option(command, '--columns').parseArg('id', undefined);
      } catch (error) {
        expect((error as Error).message).toMatch(/Unknown column for --columns: id \(did you mean \w+(, \w+)*( or \w+)?\?\)/);
        return;
      }
      expect(chosen).toHaveLength(1);
      expect(columns).toContain((chosen as string[])[0]);
    },
  );

  it("the id stands for the noun's own id field: productId, locationId, collectionId, categoryId, shopId; variantId for product get's variant rows", () => {
    const parsed = (path: string, long: string) => option(withFields.find((c) => c.path === path)!.command, long).parseArg('id,title', undefined);
    expect(parsed('product list', '--json')).toBe('productId,title');
    expect(parsed('product list', '--columns')).toEqual(['productId', 'title']);
    expect(option(withFields.find((c) => c.path === 'location get')!.command, '--json').parseArg('id', undefined)).toBe('locationId');
    expect(option(withFields.find((c) => c.path === 'collection list')!.command, '--json').parseArg('id', undefined)).toBe('collectionId');
    expect(option(withFields.find((c) => c.path === 'category search')!.command, '--columns').parseArg('id', undefined)).toEqual(['categoryId']);
    expect(option(withFields.find((c) => c.path === 'shop info')!.command, '--json').parseArg('id', undefined)).toBe('shopId');
    expect(option(withFields.find((c) => c.path === 'product get')!.command, '--columns').parseArg('id,sku', undefined)).toEqual(['variantId', 'sku']);
    expect(option(withFields.find((c) => c.path === 'collection products')!.command, '--json').parseArg('id', undefined)).toBe('productId');
    // Where the records have an `id`, it is that field.
    expect(option(withFields.find((c) => c.path === 'giftcard search')!.command, '--json').parseArg('id', undefined)).toBe('id');
  });
});

describe('--json id and --columns id against a store', () => {
  const s = useSandbox({ seed: 'demo' });

  it("product list --json id keeps the store's productId; --columns id,title shows the ids", async () => {
    const json = await cli(['product', 'list', '--limit', '2', '--json', 'id'], { env: s.env });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([{ productId: '4000000000000000401' }, { productId: '4000000000000000431' }]);
    const rows = await cli(['location', 'list', '--columns', 'id,name'], { env: s.env });
    expect(tsvRows(rows.stdout)[0]).toEqual(['4000000000000000003', 'Downtown Store']);
  });

  it('a command whose records have no single id, or a mistyped field, says what was meant (exit 2)', async () => {
    const inventory = await cli(['inventory', 'list', '--json', 'id'], { env: s.env });
    expect(inventory.code).toBe(2);
    expect(inventory.stderr).toContain(
      'Unknown field for --json: id (did you mean productId, variantId or locationId?). Valid fields: productId, variantId, sku, locationId, available.',
    );
    const typo = await cli(['product', 'list', '--columns', 'tittle'], { env: s.env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unknown column for --columns: tittle (did you mean title?)');
  });
});

describe('--json id where each dialect names the id its own way (orders, discounts)', () => {
  const service = useSandbox({ seed: 'demo' });
  const real = useSandbox({ seed: 'demo', dialect: 'real' });

  it("takes whichever a record holds, under the name its store gave it: id in ours, orderId and discountId in Genstore's", async () => {
    for (const [sandbox, orderKey, discountKey] of [
      [service, 'id', 'id'],
      [real, 'orderId', 'discountId'],
    ] as const) {
      const orders = await cli(['order', 'list', '--limit', '2', '--json', 'id,name'], { env: sandbox.env });
      expect(orders.code, orders.stderr).toBe(0);
      const listed = JSON.parse(orders.stdout) as Array<Record<string, unknown>>;
      expect(listed).toHaveLength(2);
      for (const order of listed) {
        expect(Object.keys(order)).toEqual([orderKey, 'name']);
        expect(order[orderKey]).toMatch(/^\d+$/);
      }
      const discounts = await cli(['discount', 'list', '--limit', '1', '--json', 'id'], { env: sandbox.env });
      expect(discounts.code, discounts.stderr).toBe(0);
      expect(Object.keys((JSON.parse(discounts.stdout) as object[])[0]!)).toEqual([discountKey]);
    }
  });
});
