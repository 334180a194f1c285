// Shared pieces of the customer import and export tests: a sandbox of the dialect for one
// test with its requests logged and the environment a run needs (a data directory of its
// own: undo reads the run's journal there), the store read straight from the sandbox (never
// through the CLI under test), and the writes a run sent.
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/index.js';
import { cli, type CliResult, type RunOptions } from '../../helpers/cli-in-process.js';
import { brandEnv, type DialectName } from '../../helpers/dialects.js';
import { scratchDir } from '../../helpers/scratch.js';
import { call, settle, type LoggedRequest } from '../_support.js';

export interface Store {
  sandbox: RunningSandbox;
  env: Record<string, string>;
  requests: LoggedRequest[];
}

export async function withStore<T>(
  dialect: DialectName,
  options: Omit<SandboxOptions, 'port' | 'dialect' | 'onRequest'>,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const requests: LoggedRequest[] = [];
  const sandbox = await startSandbox({
    port: 0,
    dialect,
    ...options,
    onRequest: (line) => requests.push({ method: line.method, path: line.path, status: line.status }),
  });
  const dir = scratchDir();
  const env = {
    STORE_CLI_BASE_URL: sandbox.baseUrl,
    STORE_CLI_TOKEN: sandbox.token,
    STORE_CLI_DATA_DIR: join(dir, 'data'),
    STORE_CLI_CONFIG_DIR: join(dir, 'config'),
    ...brandEnv(dialect),
  };
  try {
    return await work({ sandbox, env, requests });
  } finally {
    await sandbox.close();
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
