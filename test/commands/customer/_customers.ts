// Shared pieces of the customer import and export tests: a sandbox of the dialect for one
// test with its requests logged and the environment a run needs (a data directory of its
// own: undo reads the run's journal there), the store read straight from the sandbox (never
// through the CLI under test), and the writes a run sent.
import type { RunningSandbox, SandboxOptions } from '../../../src/sandbox/index.js';
import { cli, type CliResult, type RunOptions } from '../../helpers/cli-in-process.js';
import type { DialectName } from '../../helpers/dialects.js';
import { startLogged } from '../../helpers/logged-sandbox.js';
import { call, settle, type LoggedRequest } from '../_support.js';

export interface Store {
  sandbox: RunningSandbox;
  /** Its address, token and family, and config and data folders of the test's own (undo reads the run's journal there). */
  env: Record<string, string>;
  requests: LoggedRequest[];
}

/** A logged sandbox of the dialect for one test (test/helpers/logged-sandbox.ts), its requests gathered in `requests`. */
export async function withStore<T>(
  dialect: DialectName,
  options: Omit<SandboxOptions, 'port' | 'dialect' | 'onRequest'>,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const requests: LoggedRequest[] = [];
  const store = await startLogged({ dialect, ...options, onRequest: (line) => requests.push({ method: line.method, path: line.path, status: line.status }) });
  try {
    return await work({ sandbox: store.sandbox, env: store.env(), requests });
  } finally {
    await store.close();
  }
}

/** The requests a run sent that write (what arrived once in-flight ones had time to report). */
export async function writes(requests: LoggedRequest[]): Promise<LoggedRequest[]> {
  await settle();
  return requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/customers/search'));
}

/** `customer import` with --json: its summary when it ran (exit 0 or 3). */
export async function imported(args: string[], env: Record<string, string>, options: Pick<RunOptions, 'clock'> = {}) {
  const result: CliResult = await cli(['customer', 'import', ...args, '--json'], { env, ...options });
  return { ...result, summary: result.code === 0 || result.code === 3 ? JSON.parse(result.stdout) : undefined };
}

/** Every customer of the sandbox, straight from its listing (with the sandbox's own token: every field shown). */
export async function listed(sandbox: RunningSandbox): Promise<Array<Record<string, any>>> {
  const customers: Array<Record<string, any>> = [];
  let path = '/customers?limit=250';
  for (;;) {
    const reply = await call(sandbox, 'GET', path);
    customers.push(...(JSON.parse(reply.text) as { customers: Array<Record<string, any>> }).customers);
    const next = /<[^>]*[?&]pageToken=([^&>]+)[^>]*>;\s*rel="?next/.exec(reply.headers.get('link') ?? '')?.[1];
    if (next === undefined) return customers;
    path = `/customers?limit=250&pageToken=${next}`;
  }
}

/** One customer straight from the sandbox, by id. */
export async function stored(sandbox: RunningSandbox, id: string): Promise<Record<string, any>> {
  return JSON.parse((await call(sandbox, 'GET', `/customers/${id}`)).text).customer;
}

/** Tags as the sandbox writes them (JSON-array text), as a list. */
export const tagsOf = (customer: Record<string, any>): string[] => (typeof customer.tags === 'string' ? JSON.parse(customer.tags) : customer.tags);

export const ADA = '7300000000000000101';
export const GRACE = '7300000000000000215';
export const LINUS = '7300000000000000342';
export const PHONE_ONLY = '7300000000000000477';
export const HEADER = 'email,customerId,firstName,lastName,phone,tags,taxExempt,notes,addresses';
