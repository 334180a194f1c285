// A store that is not there (nothing listening: every connection refused), met as a CI job meets
// it: exit 1 and one sentence saying the store could not be reached, naming its host, never exit 3
// with every row "rejected"; and the attempts it says it made are the number the docs give
// (docs/bulk-import.md for a bulk run, docs/output.md for a command). The backoff between the
// attempts runs in simulated time.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, scratchDir, scratchDirs } from '../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../helpers/stack-trace.js';
import { SimClock } from '../bulk/sim-clock.js';

const DOCS = join(import.meta.dirname, '..', '..', 'docs');

/** A loopback port nobody listens on: bound, then closed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The number of attempts a page of the manual gives, by the sentence that gives it. */
function documented(page: string, sentence: RegExp): number {
  const found = sentence.exec(readFileSync(join(DOCS, page), 'utf8').replace(/\s+/g, ' '));
  expect(found, `docs/${page} gives the number of attempts`).not.toBeNull();
  return Number(found![1]);
}

describe('a dead store', () => {
  let port: number;
  let env: Record<string, string>;
  let dir: string;
  const run = (argv: string[]) => cli(argv, { env, clock: new SimClock().autoAdvance() });
  beforeAll(async () => {
    port = await closedPort();
    dir = scratchDir('store-cli-dead-store-');
    env = { ...scratchDirs(), STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: 'never-answered' };
  });

  it('metafield import: exit 1, "the store could not be reached" naming the host, no row rejected; the attempts as docs/bulk-import.md says', async () => {
    const csv = join(dir, 'values.csv');
    const rejects = join(dir, 'rejects.csv');
    writeFileSync(
      csv,
      'domain,bizId,namespace,code,value,type\nproducts,4000000000000000401,specs,weight,1.5 kg,Weight\nproducts,4000000000000000431,specs,weight,1 kg,Weight\n',
    );
    const r = await run(['metafield', 'import', csv, '--rejects', rejects]);
    expect(r.code, r.stderr).toBe(1);
    const attempts = documented('bulk-import.md', /retried up to (\d+) attempts/);
    expect(r.stderr).toContain(`error: The store could not be reached at 127.0.0.1:${port}: the connection was refused on each of ${attempts} attempts over`);
    expect(r.stderr).not.toMatch(/rows? failed|rejected/);
    expect(r.stderr).toContain('0 failed');
    expect(readFileSync(rejects, 'utf8').trim().split('\n')).toHaveLength(1); // the header alone
    expectNoStackTrace(r.stderr);
  });

  it('giftcard import: exit 1 with the same sentence', async () => {
    const csv = join(dir, 'cards.csv');
    writeFileSync(csv, 'code,initialValue\nDEADSTORE0001,10.00\n');
    const r = await run(['giftcard', 'import', csv]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`error: The store could not be reached at 127.0.0.1:${port}:`);
  });

  it('a command: exit 1, the attempts as docs/output.md says', async () => {
    const r = await run(['giftcard', 'count']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    const attempts = documented('output.md', /for at most (\d+) attempts/);
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: The store could not be reached at 127\\.0\\.0\\.1:${port}: the connection was refused on each of ${attempts} attempts over [\\d.]+ m?s \\(ECONNREFUSED\\)\\.\\n$`,
      ),
    );
  });
});
