// customer import when create answers are lost (test/helpers/lossy-proxy.ts): the store made
// the customer and the connection was cut before its answer came back, or the request never
// reached it, or the store failed it. Never a second customer: the customer is looked for by
// its email (or phone) before the create is sent again, and the journal says what the run
// made, so that undo takes it all back. Simulated time for every wait.
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { useLossyProxy } from '../../helpers/lossy-proxy.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { scratchFile } from '../metafield/_import.js';
import { listed } from './_customers.js';

const CREATE = '/api/202412/customers';

/** The CLI against the proxy, one data folder for the whole test (undo reads the run's journal there), every wait in simulated time. */
function runner(env: () => Record<string, string>) {
  const dirs = scratchDirs();
  return { run: (argv: string[]) => cli(argv, { env: { ...env(), ...dirs }, clock: new SimClock().autoAdvance() }) };
}

/** A file of `count` new customers, `prefix-N@example.com`, the odd ones known by their phone alone. */
function newCustomers(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? `${prefix}-${i}@example.com,,${prefix} ${i}` : `,+1 555 ${String(count * 1000 + i).padStart(7, '0')},${prefix} ${i}`,
  );
  return scratchFile('customers.csv', `email,phone,firstName\n${rows.join('\n')}\n`);
}

/** How many customers of the store have each of the file's first names. */
async function madeOnce(sandbox: Parameters<typeof listed>[0], prefix: string, count: number): Promise<number[]> {
  const names = (await listed(sandbox)).map((customer) => String(customer.firstName));
  return Array.from({ length: count }, (_, i) => names.filter((name) => name === `${prefix} ${i}`).length);
}

describe('customer import when create answers are lost', () => {
  const s = useSandbox({ seed: 'demo' });
  const proxy = useLossyProxy(() => s.sandbox);

  for (const [fate, what] of [
    [true, 'the store made the customer, its answer was lost'],
    ['drop', 'the connection was cut before the store saw the request'],
    ['fail', 'the store failed the request (503) without making it'],
  ] as const) {
    it(`${what}: looked up by email or phone, then sent again only when absent; every customer made once, none failed; undo removes them all`, async () => {
      const { run } = runner(() => proxy.env);
      const prefix = `lost-${String(fate)}`;
      let creates = 0;
      proxy.use((request) => request.method === 'POST' && request.path === CREATE && ++creates % 3 === 1 && fate);
      const before = (await listed(s.sandbox)).length;
      const imported = await run(['customer', 'import', newCustomers(prefix, 24), '--json', '--concurrency', '1']);
      expect(imported.code, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 24, created: 24, failed: 0 });
      expect(await madeOnce(s.sandbox, prefix, 24)).toEqual(Array.from({ length: 24 }, () => 1));
      expect((await listed(s.sandbox)).length).toBe(before + 24);

      proxy.use(() => false);
      const rerun = await run(['customer', 'import', newCustomers(prefix, 24), '--json']);
      expect(JSON.parse(rerun.stdout)).toMatchObject({ rows: 24, created: 0, unchanged: 24 });
      const undone = await run(['undo', JSON.parse(imported.stdout).runId, '--yes', '--json']);
      expect(undone.code, undone.stderr).toBe(0);
      expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: 24, leftAlone: 0 });
      expect((await listed(s.sandbox)).length).toBe(before);
    });
  }

  it('every answer lost: each customer sent once, found by its email, never made twice', async () => {
    const { run } = runner(() => proxy.env);
    let creates = 0;
    proxy.use((request) => request.method === 'POST' && request.path === CREATE && (++creates, true));
    const imported = await run(['customer', 'import', newCustomers('all-lost', 6), '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 6, created: 6, failed: 0 });
    expect(creates).toBe(6);
    expect(await madeOnce(s.sandbox, 'all-lost', 6)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
