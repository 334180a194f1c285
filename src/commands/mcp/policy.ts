// `store-cli mcp --policy FILE`: what a person allows the server's plans to do without their
// approval, in TOML: `max_objects` (how many objects a plan writes), `max_money_delta` (the
// amounts its gift card tools send, summed), `resources` (the nouns its tools are of) and
// `envs` (the store.toml environments or profiles it may go to). A plan outside it is refused
// when it is planned, with the reason; a plan inside it needs no `mcp approve`. The file is
// checked whole at start, as store.toml is: a key misspelt would silently drop a bound, so
// anything unknown or of the wrong type is one sentence naming the file, the line and the key.
import { resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { escapeControls } from '../../core/io.js';
import { lineOf, readTomlFile, shownPath } from '../../core/store-file.js';
import type { PlanStep } from './plan-store.js';
import { STORE_TOOLSETS } from './tools.js';

export interface Policy {
  /** The file, as the person named it (relative to where the server started). */
  file: string;
  maxObjects?: number;
  /** A decimal text: `100.00`. */
  maxMoneyDelta?: string;
  resources?: readonly string[];
  envs?: readonly string[];
}

/** What a plan does, as the policy weighs it. */
export interface PlanWeight {
  objects: number;
  money: string;
  /** The nouns of its commands: `giftcard`. */
  nouns: readonly string[];
  /** The names its store goes by (its environment, its profile); 'sandbox' for a sandbox, where no store is at risk. */
  store: readonly string[] | 'sandbox';
}

const KEYS = ['max_objects', 'max_money_delta', 'resources', 'envs'];
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** The most objects a policy may allow a plan: a bound, not a hole. */
export const MAX_POLICY_OBJECTS = 100_000;

/** The policy file read and checked; a problem is a UsageError (exit 2) naming the file, the line and the key. */
export async function readPolicy(path: string, cwd: string): Promise<Policy> {
  const full = resolve(cwd, path);
  const { text, data } = await readTomlFile(full, cwd, '--policy: cannot read');
  return checkPolicy(shownPath(full, cwd), text, data);
}

/** The parsed document checked against what a policy may hold. */
export function checkPolicy(shown: string, text: string, data: Record<string, unknown>): Policy {
  const fail = (key: string, problem: string): never => {
    const line = lineOf(text, [], key);
    throw new UsageError(`${shown}${line === undefined ? '' : `, line ${line}`}: ${escapeControls(key)} ${problem}.`, false);
  };
  for (const key of Object.keys(data)) if (!KEYS.includes(key)) fail(key, `is not a setting of a policy (it holds ${KEYS.join(', ')})`);
  if (Object.keys(data).length === 0)
    throw new UsageError(`${shown} sets no bound: give at least one of ${KEYS.join(', ')} (an empty policy would let every plan go unapproved).`, false);
  const policy: Policy = { file: shown };
  const objects = data.max_objects;
  if (objects !== undefined) {
    if (typeof objects !== 'number' || !Number.isInteger(objects) || objects < 1 || objects > MAX_POLICY_OBJECTS)
      fail('max_objects', `must be a whole number from 1 to ${MAX_POLICY_OBJECTS} (got ${shownValue(objects)})`);
    policy.maxObjects = objects as number;
  }
  const money = data.max_money_delta;
  if (money !== undefined) {
    if (typeof money !== 'string' || !DECIMAL.test(money))
      fail('max_money_delta', `must be an amount as text, such as "100.00" (a decimal string, never a float; got ${shownValue(money)})`);
    policy.maxMoneyDelta = money as string;
  }
  const list = (key: 'resources' | 'envs', check: (item: string) => boolean, what: string): string[] | undefined => {
    const value = data[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length === 0)
      return fail(key, `must be a list of ${what}, such as ${key === 'resources' ? '["giftcard", "product"]' : '["staging"]'}`);
    for (const item of value as unknown[]) if (typeof item !== 'string' || !check(item)) fail(key, `holds ${shownValue(item)}, which is not one of ${what}`);
    return value as string[];
  };
  const resources = list('resources', (item) => (STORE_TOOLSETS as readonly string[]).includes(item), `the nouns ${STORE_TOOLSETS.join(', ')}`);
  if (resources) policy.resources = resources;
  const envs = list('envs', (item) => NAME.test(item), "environment or profile names (letters, digits, '.', '_', '-')");
  if (envs) policy.envs = envs;
  return policy;
}

/** Why `policy` does not allow a plan of this weight (one sentence), or undefined when it does. */
export function outsidePolicy(policy: Policy, weight: PlanWeight): string | undefined {
  const refused = (why: string) => `The policy ${policy.file} does not allow this plan: ${why}.`;
  if (policy.maxObjects !== undefined && weight.objects > policy.maxObjects)
    return refused(`it would write ${weight.objects} objects, and max_objects is ${policy.maxObjects}`);
  if (policy.maxMoneyDelta !== undefined && compareAmounts(weight.money, policy.maxMoneyDelta) > 0)
    return refused(`its amounts add up to ${weight.money}, and max_money_delta is ${policy.maxMoneyDelta}`);
  if (policy.resources !== undefined) {
    const other = weight.nouns.find((noun) => !policy.resources!.includes(noun));
    if (other !== undefined) return refused(`it writes ${other}, and resources are ${policy.resources.join(', ')}`);
  }
  if (policy.envs !== undefined && weight.store !== 'sandbox' && !weight.store.some((name) => policy.envs!.includes(name))) {
    const store = weight.store.length === 0 ? 'a store given by its base URL, not by an environment or profile' : `'${weight.store.join("', '")}'`;
    return refused(`it goes to ${store}, and envs are ${policy.envs.join(', ')}`);
  }
  return undefined;
}

/** The policy in one line, for the server's start notice and `mcp plans`. */
export function policyLine(policy: Policy): string {
  const parts = [
    ...(policy.maxObjects !== undefined ? [`max_objects ${policy.maxObjects}`] : []),
    ...(policy.maxMoneyDelta !== undefined ? [`max_money_delta ${policy.maxMoneyDelta}`] : []),
    ...(policy.resources !== undefined ? [`resources ${policy.resources.join(',')}`] : []),
    ...(policy.envs !== undefined ? [`envs ${policy.envs.join(',')}`] : []),
  ];
  return `policy ${policy.file} (${parts.join('; ')})`;
}

/**
 * The flags whose values are money a step moves: a new card's initial value, an updated
 * card's balance (counted whole: the balance set, not its change, which a plan does not know).
 */
const MONEY_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'giftcard create': ['--initial-value'],
  'giftcard update': ['--balance'],
};

/**
 * How many objects a step writes: its dry run's requests that are not reads; a dry run that
 * prints changes instead of requests (`product edit`: field, before, after) writes one object
 * when it changes anything.
 */
export function objectsOf(requests: unknown): number {
  if (!Array.isArray(requests)) return 0;
  const asRequests = requests.filter((r): r is { method: unknown } => typeof r === 'object' && r !== null && 'method' in r);
  if (asRequests.length === requests.length) return asRequests.filter((r) => String(r.method).toUpperCase() !== 'GET').length;
  return requests.length > 0 ? 1 : 0;
}

/** The money `steps` move: the values of their money flags, summed as decimals (never floats). */
export function moneyOf(steps: readonly PlanStep[], commandOf: (tool: string) => string | undefined): string {
  let total = '0';
  for (const step of steps) {
    const flags = MONEY_FLAGS[commandOf(step.tool) ?? ''] ?? [];
    for (const word of step.argv) {
      const [flag, value] = splitFlag(word);
      if (value !== undefined && flags.includes(flag)) total = addAmounts(total, value.replace(/^[-+]/, ''));
    }
  }
  return total;
}

function splitFlag(word: string): [string, string | undefined] {
  const at = word.indexOf('=');
  return at < 0 ? [word, undefined] : [word.slice(0, at), word.slice(at + 1)];
}

/** Two decimal texts added exactly (a value that is not a decimal counts as 0: the command refuses it before anything is sent). */
export function addAmounts(a: string, b: string): string {
  const [x, y, scale] = scaled(a, b);
  return unscaled(x + y, scale);
}

/** -1, 0 or 1 as `a` is less than, equal to or more than `b`, exactly. */
export function compareAmounts(a: string, b: string): number {
  const [x, y] = scaled(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function scaled(a: string, b: string): [bigint, bigint, number] {
  const parts = [a, b].map((text) => (DECIMAL.test(text.trim()) ? text.trim().split('.') : ['0']));
  const scale = Math.max(...parts.map((p) => (p[1] ?? '').length));
  const [x, y] = parts.map((p) => BigInt(`${p[0]}${(p[1] ?? '').padEnd(scale, '0')}`));
  return [x!, y!, scale];
}

function unscaled(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const digits = value.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function shownValue(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
