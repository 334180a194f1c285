// Shared pieces of the metafield command tests: fresh business objects, values written
// and read straight through HTTP (not through the CLI under test).
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { call } from '../_support.js';

let counter = 0;

/** A business id no other test uses, so each test starts from an object without values. */
export function freshBizId(): string {
  counter += 1;
  return `${1_000_000 + counter}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

export interface WireValue {
  namespace: string;
  code: string;
  value: unknown;
}

export async function seed(sandbox: RunningSandbox, domain: string, bizId: string, values: WireValue[]): Promise<void> {
  const reply = await call(sandbox, 'POST', `/metafields/${domain}/${bizId}`, { metaFieldDataList: values });
  if (reply.status !== 200) throw new Error(`seeding metafields failed: ${reply.status} ${reply.text}`);
}

/** The stored value as the sandbox sends it, or undefined when there is none. */
export async function stored(
  sandbox: RunningSandbox,
  domain: string,
  bizId: string,
  namespace: string,
  code: string,
): Promise<Record<string, unknown> | undefined> {
  const reply = await call(sandbox, 'GET', `/metafields/detail/${domain}/${bizId}?namespace=${namespace}&code=${code}`);
  if (reply.status === 404) return undefined;
  if (reply.status !== 200) throw new Error(`reading a metafield failed: ${reply.status} ${reply.text}`);
  return JSON.parse(reply.text).metafield;
}
