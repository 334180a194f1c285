// Injected faults, decided request by request before routing (so a faulted request changes
// nothing): the request's own X-Sandbox-Fault header when allowed, then the targeted rules, then
// --fail-rate, all drawn from one seeded generator so that a run can be repeated; and the error
// each injected status answers.
import { FAULT_HEADER, fires, parseFaultAction, FaultRuleError, type FaultDecision, type FaultRules } from './fault-rules.js';
import { ErrorAnswer, invalidField } from './sandbox-errors.js';

export type FaultKind = '429' | '500' | '503' | 'reset';

export const ALL_FAULT_KINDS: readonly FaultKind[] = Object.freeze(['429', '500', '503', 'reset']);

/** mulberry32: tiny, fast and good enough to make chaos runs reproducible from one seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultPlan {
  rate: number;
  seed: number;
  kinds: readonly FaultKind[];
  /** The generator to draw from (the sandbox shares one between --fail-rate and its rules); default mulberry32(seed). */
  random?: () => number;
}

/**
 * Decides, request by request, whether to fail and how. Draws nothing when the rate is 0,
 * so a sandbox without chaos behaves exactly like one built without this module.
 */
export function createFaultInjector(plan: FaultPlan): () => FaultKind | null {
  if (plan.rate <= 0 || plan.kinds.length === 0) return () => null;
  const random = plan.random ?? mulberry32(plan.seed);
  return () => {
    if (random() >= plan.rate) return null;
    return plan.kinds[Math.floor(random() * plan.kinds.length)] ?? null;
  };
}

/** The request as the fault decision sees it: before routing, so a faulted request changes nothing. */
export interface FaultQuery {
  method: string;
  /** Without the query. */
  pathname: string;
  /** The X-Sandbox-Fault header's value, if any. */
  header: string | undefined;
}

/**
 * One decision a request: its own header first (only when allowed), then the rules in order,
 * then the untargeted fail rate for requests no rule fired for. All draw from one generator,
 * so the same seed and the same requests give the same faults.
 */
export function createFaultDecider(options: {
  rules: FaultRules;
  chaos: () => FaultKind | null;
  allowHeader: boolean;
  random: () => number;
}): (query: FaultQuery) => FaultDecision | null {
  return ({ method, pathname, header }) => {
    if (options.allowHeader && header !== undefined) {
      const asked = headerAction(header);
      if (fires(asked.probability, options.random)) {
        options.rules.note(method, pathname);
        return { ...asked, source: `the ${FAULT_HEADER} header` };
      }
    }
    const ruled = options.rules.decide(method, pathname);
    if (ruled !== null) return ruled;
    const kind = options.chaos();
    if (kind === null) return null;
    return { status: kind === 'reset' ? 'reset' : Number(kind), probability: 1, latencyMs: 0, source: 'the fail rate' };
  };
}

function headerAction(value: string) {
  try {
    return parseFaultAction(value);
  } catch (error) {
    if (error instanceof FaultRuleError) throw invalidField(FAULT_HEADER, error.message);
    throw error;
  }
}

const FAULT_CODES: Readonly<Record<number, readonly [string, string]>> = {
  400: ['invalid', 'The request is invalid'],
  401: ['unauthorized', 'The access token is missing or unknown'],
  403: ['forbidden', 'The access token lacks the scope this request needs'],
  404: ['not_found', 'Nothing was found'],
  405: ['method_not_allowed', 'The method is not allowed'],
  409: ['conflict', 'The request conflicts with the current state'],
  413: ['payload_too_large', 'The request body is too large'],
  422: ['unprocessable', 'The request cannot be processed'],
  429: ['rate_limited', 'Too many requests'],
  500: ['internal_error', 'The service failed to handle the request'],
  502: ['bad_gateway', 'The service got a bad answer upstream'],
  503: ['unavailable', 'The service is temporarily unavailable'],
  504: ['gateway_timeout', 'The service timed out upstream'],
};

/** The error an injected fault answers: the status's usual code, and for 429 a Retry-After. */
export function faultAnswer(status: number, retryAfterSeconds: number, source: string): ErrorAnswer {
  const [code, text] = FAULT_CODES[status] ?? (status >= 500 ? ['server_error', 'The service failed'] : ['client_error', 'The request was refused']);
  if (status === 429) {
    return new ErrorAnswer(429, code, `${text}; retry after ${retryAfterSeconds} seconds (fault injected by the sandbox: ${source}).`, [], {
      'Retry-After': String(retryAfterSeconds),
    });
  }
  return new ErrorAnswer(status, code, `${text} (fault injected by the sandbox: ${source}).`);
}
