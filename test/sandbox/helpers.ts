import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { API_PATH } from '../helpers/api-path.js';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** JSON.parse of the body; fine for tests that do not look at ids beyond 2^53 as numbers. */
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  rawBody?: string;
  /** Default: the sandbox's token; null sends none. */
  token?: string | null;
  headers?: Record<string, string>;
}

export async function call(sandbox: RunningSandbox, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? sandbox.token : options.token;
  if (token !== null) headers[sandbox.tokenHeader] = token;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && headers['Content-Type'] === undefined) headers['Content-Type'] = 'application/json';
  const url = path.startsWith('http') ? path : `${sandbox.baseUrl}${API_PATH}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

let codeCounter = 0;

/** A fresh valid code per call, so tests never collide on the uniqueness rule by accident. */
export function freshCode(prefix = 'TEST'): string {
  codeCounter += 1;
  return `${prefix}${String(codeCounter).padStart(6, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase()}`.slice(0, 20);
}

export async function createCard(sandbox: RunningSandbox, fields: Record<string, unknown> = {}): Promise<any> {
  const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '25.00', ...fields } } });
  if (reply.status !== 200) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.json.giftCard;
}

/** Starts a sandbox for one test and guarantees it is closed afterwards. */
export async function withSandbox<T>(options: SandboxOptions, body: (sandbox: RunningSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox(options);
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

export function expectErrorShape(reply: Reply, status: number, code: string): void {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${reply.text}`);
  if (reply.headers.get('content-type') !== 'application/json') throw new Error(`error reply is not JSON: ${reply.headers.get('content-type')}`);
  const body = reply.json as { code?: unknown; message?: unknown; errors?: unknown };
  if (body.code !== code) throw new Error(`expected code ${code}, got ${String(body.code)}`);
  if (typeof body.message !== 'string' || body.message === '') throw new Error('error message missing');
  if (!Array.isArray(body.errors)) throw new Error('errors must be an array');
}

export function fields(reply: Reply): string[] {
  return (reply.json.errors as Array<{ field: string }>).map((entry) => entry.field);
}
