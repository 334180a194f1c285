// A request straight to a store (a sandbox served as a process or started in the test), for
// set-up and checks that must not go through the CLI under test; and the request log's lines
// as "METHOD /path". Imports nothing from src/: the spawned tests use it as well.
import { API_PATH } from './api-path.js';

/** The service dialect's token header; a store handle knows its own (tokenHeader). */
export const TOKEN_HEADER = 'X-Service-Access-Token';

/** A raw API call: the answer's status, and its body parsed as JSON (the text when it is none). */
export async function api(
  handle: { baseUrl: string; token: string; tokenHeader?: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${handle.baseUrl}${API_PATH}${path}`, {
    method,
    headers: { [handle.tokenHeader ?? TOKEN_HEADER]: handle.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, json };
}

/** A request log line as "METHOD /path", the query dropped. */
export const methodAndPath = (line: string): string => line.split(' ').slice(0, 2).join(' ').replace(/\?.*$/, '');
