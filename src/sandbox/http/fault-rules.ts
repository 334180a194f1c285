// Targeted faults: rules such as `POST /api/202412/metafields/** 503@0.3` that fail, delay or
// drop the requests they match, given at start (`--fault`), changed at run time
// (`/_sandbox/faults`), or asked for by one request (`X-Sandbox-Fault`, when allowed).
// Light on purpose (no zod): the CLI checks a rule with this same grammar before it sends one.

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type FaultMethod = (typeof FAULT_METHODS)[number] | '*';

/** The header a request names its own fault in, when the sandbox allows it (`--allow-fault-header`). */
export const FAULT_HEADER = 'X-Sandbox-Fault';
/** The longest latency a rule may add: ten minutes. */
export const MAX_FAULT_LATENCY_MS = 600_000;

export const RULE_GRAMMAR = 'METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms]';
export const ACTION_GRAMMAR = 'STATUS[@PROBABILITY][+LATENCYms]';

/** What a rule does to a request it fires for. */
export interface FaultAction {
  /** An HTTP status 400..599 to answer with, 200..299 to answer normally (after the latency), or 'reset' to drop the connection. */
  status: number | 'reset';
  /** 0..1: the share of matching requests the rule fires for. */
  probability: number;
  /** Milliseconds to wait before answering (or dropping). */
  latencyMs: number;
}

export interface FaultRule extends FaultAction {
  method: FaultMethod;
  /** The path glob as given: `*` within a segment, `**` across segments; `**` alone is any path. */
  path: string;
  /** The rule written back in its canonical form. */
  rule: string;
}

/** A rule that does not parse: `part` names the piece at fault (the method, the path glob...). */
export class FaultRuleError extends Error {
  constructor(
    readonly part: string,
    message: string,
  ) {
    super(message);
    this.name = 'FaultRuleError';
  }
}

const PROBABILITY = /^(?:0(?:\.\d+)?|1(?:\.0+)?|\.\d+)$/;

/** `STATUS[@PROBABILITY][+LATENCYms]`, the third part of a rule and the header's whole value. */
export function parseFaultAction(text: string): FaultAction {
  const match = /^([^@+]*)(?:@([^+]*))?(?:\+(.*))?$/.exec(text.trim());
  if (match === null || text.trim() === '')
    throw new FaultRuleError('status', `the fault '${text}' must read ${ACTION_GRAMMAR}, such as 503, 503@0.3, 200+800ms or reset@0.1`);
  const [, statusText = '', probabilityText, latencyText] = match;
  const status = parseStatus(statusText);
  let probability = 1;
  if (probabilityText !== undefined) {
    if (!PROBABILITY.test(probabilityText))
      throw new FaultRuleError('probability', `the probability '${probabilityText}' must be a number from 0 to 1, such as 0.3`);
    probability = Number(probabilityText);
  }
  let latencyMs = 0;
  if (latencyText !== undefined) {
    const latency = /^(\d{1,9})ms$/.exec(latencyText);
    if (latency === null || Number(latency[1]) > MAX_FAULT_LATENCY_MS) {
      throw new FaultRuleError(
        'latency',
        `the latency '+${latencyText}' must be whole milliseconds from 0 to ${MAX_FAULT_LATENCY_MS}, written with ms, such as +800ms`,
      );
    }
    latencyMs = Number(latency[1]);
  }
  return { status, probability, latencyMs };
}

function parseStatus(text: string): number | 'reset' {
  if (text.toLowerCase() === 'reset') return 'reset';
  const status = /^\d{3}$/.test(text) ? Number(text) : NaN;
  if (!((status >= 200 && status <= 299) || (status >= 400 && status <= 599))) {
    throw new FaultRuleError(
      'status',
      `the status '${text}' must be an HTTP status 400..599 to answer with, 200..299 to answer normally (after the latency), or reset to drop the connection`,
    );
  }
  return status;
}

/** `METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms]`, parts separated by spaces. */
export function parseFaultRule(text: string): FaultRule {
  const parts = text
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '');
  if (parts.length !== 3) {
    throw new FaultRuleError(
      'rule',
      `a rule has three parts separated by spaces, ${RULE_GRAMMAR} (such as "POST /api/202412/metafields/** 503@0.3"), not ${parts.length}`,
    );
  }
  const [methodText, path, actionText] = parts as [string, string, string];
  const upper = methodText.toUpperCase();
  if (upper !== '*' && !(FAULT_METHODS as readonly string[]).includes(upper)) {
    throw new FaultRuleError('method', `the method '${methodText}' must be ${FAULT_METHODS.join(', ')} or * for any`);
  }
  checkGlob(path);
  const action = parseFaultAction(actionText);
  const method = upper as FaultMethod;
  return { method, path, ...action, rule: `${method} ${path} ${formatFaultAction(action)}` };
}

/** The action written back: `503@0.3+800ms`, with the defaults (probability 1, no latency) left out. */
export function formatFaultAction(action: FaultAction): string {
  return `${action.status}${action.probability === 1 ? '' : `@${action.probability}`}${action.latencyMs === 0 ? '' : `+${action.latencyMs}ms`}`;
}

function checkGlob(path: string): void {
  if (path === '*' || path === '**') return;
  if (!path.startsWith('/'))
    throw new FaultRuleError('path', `the path glob '${path}' must start with / (such as /api/202412/metafields/**) or be ** for any path`);
  if (/[?#]/.test(path)) throw new FaultRuleError('path', `the path glob '${path}' must not carry a query or fragment: a rule matches the path alone`);
  for (const segment of path.split('/')) {
    if (segment.includes('**') && segment !== '**')
      throw new FaultRuleError(
        'path',
        `the path glob '${path}' has '**' inside a segment: ** stands alone between slashes (/products/**), * matches within one`,
      );
  }
}

/** Whether `pathname` (as the request sent it, without the query) matches the glob. */
export function globMatches(glob: string, pathname: string): boolean {
  if (glob === '*' || glob === '**') return true;
  return matchSegments(glob.split('/'), pathname.split('/'));
}

function matchSegments(globs: readonly string[], parts: readonly string[]): boolean {
  if (globs.length === 0) return parts.length === 0;
  const [head, ...rest] = globs as [string, ...string[]];
  // `**` is zero or more whole segments: /products/** matches /products and everything below.
  if (head === '**') {
    for (let skip = 0; skip <= parts.length; skip += 1) if (matchSegments(rest, parts.slice(skip))) return true;
    return false;
  }
  if (parts.length === 0) return false;
  return segmentMatches(head, parts[0] as string) && matchSegments(rest, parts.slice(1));
}

function segmentMatches(glob: string, segment: string): boolean {
  if (!glob.includes('*')) return glob === segment;
  const pattern = glob
    .split('*')
    .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${pattern}$`).test(segment);
}

/** A rule as the control endpoints list it. */
export interface FaultEntry extends FaultRule {
  id: string;
}

/** What to do with one request. */
export interface FaultDecision extends FaultAction {
  /** Who asked: `rule 3`, the header, or the fail rate (for the answer's message). */
  source: string;
}

/**
 * The rules in force, in order, each with its id (`1`, `2`...: never reused while the sandbox
 * runs). The first rule that matches the request and fires (by its probability) decides.
 */
export class FaultRules {
  private entries: FaultEntry[] = [];
  private lastId = 0;
  /** The ids of the rules that matched a request (fired or not): a rule never in it may be mistyped. */
  private readonly matched = new Set<string>();

  constructor(
    rules: readonly FaultRule[],
    /** The sandbox's one seeded generator, shared with --fail-rate. */
    private readonly random: () => number,
  ) {
    this.replace(rules);
  }

  list(): FaultEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  add(rule: FaultRule): FaultEntry {
    const entry = { id: String((this.lastId += 1)), ...rule };
    this.entries.push(entry);
    return { ...entry };
  }

  remove(id: string): FaultEntry | undefined {
    const index = this.entries.findIndex((entry) => entry.id === id);
    if (index === -1) return undefined;
    return this.entries.splice(index, 1)[0];
  }

  /** Removes every rule; the rules removed. */
  clear(): FaultEntry[] {
    const removed = this.entries;
    this.entries = [];
    return removed;
  }

  replace(rules: readonly FaultRule[]): FaultEntry[] {
    this.entries = [];
    return rules.map((rule) => this.add(rule));
  }

  /**
   * The rules in force that have matched no request yet (whether or not they would have
   * fired): a glob such as `/metafields/*`, which matches one segment, where `/metafields/**`
   * was meant, shows up here. A rule behind one that fired still counts when it matches.
   */
  unmatched(): FaultEntry[] {
    return this.entries.filter((entry) => !this.matched.has(entry.id)).map((entry) => ({ ...entry }));
  }

  /** The first rule that matches and fires, or null. Draws from the generator only for a probability strictly between 0 and 1. */
  decide(method: string, pathname: string): FaultDecision | null {
    let decision: FaultDecision | null = null;
    for (const entry of this.entries) {
      if (!this.matches(entry, method, pathname)) continue;
      if (decision === null && fires(entry.probability, this.random)) {
        decision = { status: entry.status, probability: entry.probability, latencyMs: entry.latencyMs, source: `rule ${entry.id}, ${entry.rule}` };
      }
    }
    return decision;
  }

  /** Notes the rules a request matches without deciding anything (its own fault header decided). */
  note(method: string, pathname: string): void {
    for (const entry of this.entries) this.matches(entry, method, pathname);
  }

  private matches(entry: FaultEntry, method: string, pathname: string): boolean {
    if (entry.method !== '*' && entry.method !== method) return false;
    if (!globMatches(entry.path, pathname)) return false;
    this.matched.add(entry.id);
    return true;
  }
}

export function fires(probability: number, random: () => number): boolean {
  if (probability >= 1) return true;
  if (probability <= 0) return false;
  return random() < probability;
}
