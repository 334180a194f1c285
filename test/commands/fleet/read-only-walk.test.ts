// No command writes around the guard: a walk over the write commands of every noun under
// STORE_CLI_READ_ONLY=1. Each must end at the guard's refusal (not at a usage error of its
// own, which the sentence tells apart), and the sandbox's log must show no request but GET.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { DEMO_IDS, requestLog } from '../_support.js';

const CARD = DEMO_IDS[0]!;
const PRODUCT = '4000000000000000413';
const CUSTOMER = '7300000000000000101';
const DISCOUNT = '6100000000000000013';
const ORDER = '6000000000000000101';

const WRITES: ReadonlyArray<readonly string[]> = [
  ['giftcard', 'create', '--initial-value', '5'],
  ['giftcard', 'update', CARD, '--note', 'x'],
  ['giftcard', 'disable', CARD, '--yes'],
  ['metafield', 'set', 'products', PRODUCT, '--namespace', 'ns', '--code', 'c', '--type', 'Integer', '--value', '1'],
  ['product', 'create', '--title', 'A thing'],
  ['product', 'delete', PRODUCT, '--yes'],
  ['customer', 'create', '--email', 'ro@example.com'],
  ['customer', 'delete', CUSTOMER, '--yes'],
  ['collection', 'create', '--title', 'Summer'],
  ['location', 'create', '--name', 'Depot'],
  ['discount', 'disable', DISCOUNT],
  ['order', 'cancel', ORDER, '--yes'],
  ['webhook', 'subscribe', '--topic', 'products/create', '--address', 'https://hooks.example.com/x'],
  ['api', '-X', 'DELETE', `gift_cards/${CARD}`],
  ['sandbox', 'reset', '--yes'],
];

describe('STORE_CLI_READ_ONLY=1 over the write commands', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it.each(WRITES.map((argv) => [argv.join(' '), argv] as const))('%s: refused by the guard, no request but GET', async (_name, argv) => {
    log.clear();
    const r = await cli([...argv], { cwd: scratchDir(), env: { ...s.env, STORE_CLI_READ_ONLY: '1' } });
    expect(r.stderr).toContain('STORE_CLI_READ_ONLY=1 is set, so only GET requests are sent; nothing was sent');
    expect(r.code).toBe(2);
    expect((await log.take()).filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('an import: refused at its first write, no row written', async () => {
    const dir = scratchDir();
    const file = join(dir, 'cards.csv');
    writeFileSync(file, 'code,initialValue\nREADONLY0001,5\nREADONLY0002,6\n');
    log.clear();
    const r = await cli(['giftcard', 'import', file, '--yes'], { cwd: dir, env: { ...s.env, STORE_CLI_READ_ONLY: '1' } });
    expect(r.code, r.stderr).not.toBe(0);
    expect(r.stderr).toContain('only GET requests are sent');
    expect((await log.take()).filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
