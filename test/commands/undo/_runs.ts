// Shared pieces of the undo and runs tests: one data directory for every run of a test (the
// journals are there), files written to a scratch folder, and the store read back over HTTP
// (never through the CLI under test, whose own claims are what is checked).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli, scratchDirs, type CliResult } from '../../helpers/cli-in-process.js';
import { scratchDir } from '../../helpers/scratch.js';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { call } from '../_support.js';

export function file(name: string, text: string): string {
  const path = join(scratchDir(), name);
  writeFileSync(path, text);
  return path;
}

/** The CLI with one config and data folder for the whole test, against `target` (a store's environment). */
export function runner(target: () => Record<string, string>) {
  const dirs = scratchDirs();
  const run = (argv: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> => cli(argv, { env: { ...target(), ...dirs, ...env } });
  return { dirs, run, runsDir: join(dirs.STORE_CLI_DATA_DIR, 'runs') };
}

/** A writing import that succeeded: its run id. */
export function runIdOf(result: CliResult): string {
  expect(result.code, result.stderr).toBe(0);
  const { runId } = JSON.parse(result.stdout) as { runId: string };
  expect(runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/);
  return runId;
}

export async function productCount(sandbox: RunningSandbox): Promise<number> {
  return Number(JSON.parse((await call(sandbox, 'GET', '/products/count')).text).count);
}

/** Every product of the store (it holds few in these tests). */
export async function products(sandbox: RunningSandbox): Promise<Array<Record<string, unknown>>> {
  const listed: Array<Record<string, unknown>> = [];
  let path = '/products?limit=250';
  for (;;) {
    const reply = await call(sandbox, 'GET', path);
    listed.push(...(JSON.parse(reply.text) as { products: Array<Record<string, unknown>> }).products);
    const next = /<[^>]*[?&]pageToken=([^&>]+)[^>]*>;\s*rel="?next/.exec(reply.headers.get('link') ?? '')?.[1];
    if (next === undefined) return listed;
    path = `/products?limit=250&pageToken=${next}`;
  }
}

/** A product file of `count` new products named `prefix-N`, one variant each. */
export function newProducts(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, i) => `${prefix}-${i},${prefix} ${i},${prefix.toUpperCase()}-${i},${(i % 9) + 1}.50`);
  return file('products.csv', `handle,title,sku,price\n${rows.join('\n')}\n`);
}
