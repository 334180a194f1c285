// Shared pieces of the import tests: CSV files written to a scratch directory, the target
// state they describe, and the sandbox's state read back over HTTP (never through the
// CLI under test, whose own claims are what is checked).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
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

/** The state as `GET /_sandbox/state` answers it: its metafield values, object by object. */
interface StateValues {
  metafields: Array<{ domain: string; bizId: string; values: Array<{ namespace: string; code: string; value: string }> }>;
}

/**
 * Every value the objects hold, keyed "domain/bizId/ns.code", from one snapshot of the
 * sandbox's state (`GET /_sandbox/state`): its own controls, which no injected fault nor rate
 * limit touches, in one request where reading each object was one (thousands, for the
 * 10,000-row import).
 */
export async function readBack(sandbox: RunningSandbox, objects: Array<[string, string]>): Promise<Map<string, string>> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/state`, { headers: { [sandbox.tokenHeader]: sandbox.token } });
  if (response.status !== 200) throw new Error(`GET /_sandbox/state answered ${response.status}: ${await response.text()}`);
  const { metafields } = (await response.json()) as StateValues;
  const wanted = new Set(objects.map(([domain, bizId]) => `${domain}/${bizId}`));
  const state = new Map<string, string>();
  for (const object of metafields) {
    if (!wanted.has(`${object.domain}/${object.bizId}`)) continue;
    for (const v of object.values) state.set(`${object.domain}/${object.bizId}/${v.namespace}.${v.code}`, v.value);
  }
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
