// Who may call a route: the tokens the sandbox accepts, each with its scopes (`--token T` holds
// every scope, `T:a,b` those), 401 for a missing or unknown token and 403 for a scope it lacks.
// A token never appears in an error: it is a secret.
import { randomBytes } from 'node:crypto';
import { ALL_SCOPES, type Scope } from '../resources/index.js';
import type { ScopeRequirement } from './scopes.js';
import { ErrorAnswer, SandboxUsageError } from './sandbox-errors.js';

// The scopes are the resources': each declares those its routes require (resources/index.ts).
export { ALL_SCOPES, type Scope } from '../resources/index.js';

export interface TokenGrant {
  token: string;
  scopes: readonly Scope[];
}

function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

/**
 * Reads a `--token` spec: `T` grants every scope, `T:scope1,scope2` only those.
 * The token itself is never echoed in an error, as it is a secret.
 */
export function parseTokenSpec(spec: string): TokenGrant {
  const colon = spec.indexOf(':');
  const token = (colon === -1 ? spec : spec.slice(0, colon)).trim();
  if (token === '' || /\s/.test(token)) {
    throw new SandboxUsageError('A token spec needs a token without spaces, optionally followed by ":" and a comma-separated list of scopes.');
  }
  if (colon === -1) return { token, scopes: ALL_SCOPES };
  const names = spec
    .slice(colon + 1)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new SandboxUsageError(`A token spec with ":" needs at least one scope; valid scopes are ${ALL_SCOPES.join(', ')}.`);
  }
  const scopes: Scope[] = [];
  for (const name of names) {
    if (!isScope(name)) {
      throw new SandboxUsageError(`Unknown scope "${name}" in token spec; valid scopes are ${ALL_SCOPES.join(', ')}.`);
    }
    if (!scopes.includes(name)) scopes.push(name);
  }
  return { token, scopes };
}

export function generateToken(): TokenGrant {
  return { token: `sbx_${randomBytes(24).toString('base64url')}`, scopes: ALL_SCOPES };
}

/** Answers "who may call this route": 401 for a missing or unknown token, 403 for a missing scope. */
export class Authorizer {
  private readonly grants = new Map<string, ReadonlySet<Scope>>();

  /** `tokenHeader`: the header a 401 names as missing (the dialect's). */
  constructor(
    grants: readonly TokenGrant[],
    private readonly tokenHeader = 'X-Service-Access-Token',
  ) {
    for (const grant of grants) this.grants.set(grant.token, new Set(grant.scopes));
  }

  authorize(header: string | string[] | undefined, required: ScopeRequirement): void {
    const scopes = this.scopesOf(header);
    const anyOf: readonly string[] = typeof required === 'string' ? [required] : required;
    if (!anyOf.some((scope) => isScope(scope) && scopes.has(scope))) {
      const named = anyOf.length === 1 ? `the scope ${anyOf[0]}` : `a scope (any of ${anyOf.join(', ')})`;
      throw new ErrorAnswer(403, 'forbidden', `The access token lacks ${named} that this endpoint requires.`);
    }
  }

  /** The scopes the token was granted, in ALL_SCOPES order; 401 for a missing or unknown token. */
  granted(header: string | string[] | undefined): Scope[] {
    const scopes = this.scopesOf(header);
    return ALL_SCOPES.filter((scope) => scopes.has(scope));
  }

  private scopesOf(header: string | string[] | undefined): ReadonlySet<Scope> {
    const token = Array.isArray(header) ? header[0] : header;
    if (token === undefined || token === '') {
      throw new ErrorAnswer(401, 'unauthorized', `The ${this.tokenHeader} header is missing.`);
    }
    const scopes = this.grants.get(token);
    if (scopes === undefined) {
      throw new ErrorAnswer(401, 'unauthorized', 'The access token is not valid for this store.');
    }
    return scopes;
  }
}
