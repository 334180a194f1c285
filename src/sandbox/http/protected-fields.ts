// Protected customer data (names, emails, phones, addresses): the store filters it out of its
// answers unless the app was approved for it (partners.genstore.ai, "Access scope": "Protected
// Fields, Approval Required"). The sandbox grants that approval as a pseudo-scope of a token spec
// (`T:read_customers,read_customer_protected_data`; a bare `T` holds every scope, approval too).
// One module, so every resource that shows customer data (customers, orders) withholds alike.
import type { RouteRequest } from '../resources/resource.js';

/** The approval that lets a token read protected customer fields; required by no route. */
export const PROTECTED_DATA_SCOPE = 'read_customer_protected_data';

/** Approvals a token spec may name beside the scopes routes require (test/sandbox/resource-kit.test.ts). */
export const APPROVAL_SCOPES = [PROTECTED_DATA_SCOPE] as const;

/** True when the request's token was approved for protected fields (a request without a token's grant, from within, is). */
export function mayReadProtected(request: Pick<RouteRequest, 'scopes'>): boolean {
  return request.scopes === undefined || request.scopes.includes(PROTECTED_DATA_SCOPE);
}

/**
 * `body` without the protected `fields` when the token may not read them: the keys are left
 * out (the docs say the store "filters" them), never sent empty, so a reader cannot take a
 * withheld email for a customer without one. Returns `body` itself when they may be read.
 */
export function withholdProtected<T extends Record<string, unknown>>(body: T, fields: readonly string[], request: Pick<RouteRequest, 'scopes'>): T {
  if (mayReadProtected(request)) return body;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!fields.includes(key)) kept[key] = value;
  return kept as T;
}

/**
 * Query parameters that search by protected customer data, where the routes that show such
 * data take them: the customers' search (by email, phone or name) and the orders' filter by
 * email. The request log masks their values for a reader without the approval (request-log.ts).
 */
const PROTECTED_PARAMETERS: ReadonlyArray<{ path: RegExp; names: readonly string[] }> = [
  { path: /\/customers(\/|$)/, names: ['email', 'phone', 'name'] },
  { path: /\/orders(\/|$)/, names: ['email'] },
];

/** The query parameters of `pathname` (decoded) that name protected customer data; none on other paths. */
export function protectedParameters(pathname: string): readonly string[] {
  return PROTECTED_PARAMETERS.filter((entry) => entry.path.test(pathname)).flatMap((entry) => entry.names);
}
