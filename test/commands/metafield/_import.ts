// Shared pieces of the import tests: CSV files written to a scratch directory, the target
// state they describe, and the sandbox's state read back over HTTP (never through the
// CLI under test, whose own claims are what is checked).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { systemClock, type Clock } from '../../../src/core/clock.js';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { call } from '../_support.js';
import { scratchDir } from '../../helpers/scratch.js';

export const HEADER = ['domain', 'bizId', 'namespace', 'code', 'value'];

export function scratchFile(name: string, content: string | Buffer): string {
  const path = join(scratchDir('store-cli-import-'), name);
  writeFileSync(path, content);
  return path;
}

export function csv(rows: string[][], header: string[] = HEADER): string {
  return stringify([header, ...rows]);
}

let base = 2_000_000;

/**
 * Ids of business objects no other test uses. The random offset stays below the step, so two
 * calls never overlap (an offset of up to 999 steps of 100,000 could land one call's ids on a
 * later call's, which then read the earlier test's values).
 */
export function freshIds(count: number): string[] {
  const start = base + Math.floor(Math.random() * 100) * 100_000;
  base += 10_000_000;
  return Array.from({ length: count }, (_, i) => String(start + i));
}

/** `perObject` untyped values on each object: the rows, and the target state keyed "domain/bizId/ns.code". */
export function plainRows(ids: string[], perObject: number, value = (id: string, k: number) => `v-${id}-${k}`) {
  const rows: string[][] = [];
  const target = new Map<string, string>();
  for (const id of ids) {
    for (let k = 0; k < perObject; k++) {
      const namespace = `ns${k % 3}`;
      const code = `code${k}`;
      rows.push(['products', id, namespace, code, value(id, k)]);
      target.set(`products/${id}/${namespace}.${code}`, value(id, k));
    }
  }
  return { rows, target };
}

/** A read that sees through the sandbox's injected faults (500, 503, 429, reset connections). */
async function readObject(sandbox: RunningSandbox, domain: string, bizId: string, clock: Clock) {
  for (let attempt = 1; ; attempt++) {
    const reply = await call(sandbox, 'GET', `/metafields/${domain}/${bizId}`).catch(() => undefined);
    if (reply?.status === 200) return reply;
    // A rate-limited sandbox: wait as it says.
    if (reply?.status === 429) await clock.sleep(1000 * Number(reply.headers.get('retry-after') ?? 1), undefined);
    if (attempt >= 30 || (reply && ![429, 500, 503].includes(reply.status))) {
      throw new Error(`reading ${domain}/${bizId} failed: ${reply ? `${reply.status} ${reply.text}` : 'no answer'}`);
    }
  }
}

/**
 * Every value the objects hold, keyed "domain/bizId/ns.code" (eight reads at a time). A
 * rate-limited sandbox's 429s are waited out on `clock`: the sandbox's own (its rateClock).
 */
export async function readBack(sandbox: RunningSandbox, objects: Array<[string, string]>, clock: Clock = systemClock): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  const queue = [...objects];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [domain, bizId] = next;
      const reply = await readObject(sandbox, domain, bizId, clock);
      for (const v of JSON.parse(reply.text).metafields as Array<{ namespace: string; code: string; value: string }>) {
        state.set(`${domain}/${bizId}/${v.namespace}.${v.code}`, v.value);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return state;
}

export const products = (ids: string[]): Array<[string, string]> => ids.map((id) => ['products', id]);

/** Requests to metafield value paths only, from a request log (not the one definitions listing per domain). */
export function metafieldRequests<T extends { path: string }>(log: T[]): T[] {
  return log.filter((q) => q.path.startsWith('/api/202412/metafields') && !definitionRequest(q));
}

/** The import reads each domain's definitions once, to say which values have none. */
export function definitionRequest(q: { path: string }): boolean {
  return q.path.startsWith('/api/202412/metafields/definitions');
}
