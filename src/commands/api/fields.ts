// --field and --raw-field of the api command: `key=value` pairs, typed as gh types them,
// nested by brackets (`giftCard[code]`, `tags[]`), then sent as a JSON body or a query.
import { UsageError } from '../../core/errors.js';
import { LosslessNumber, isLosslessNumber } from '../../core/json.js';

export interface FieldArg {
  text: string;
  /** --field (typed, `@file` read) rather than --raw-field (always a string). */
  typed: boolean;
}

/** Reads `@path` (or `@-`, stdin) for the flag that names it. */
export type ReadText = (path: string, flag: string) => Promise<string>;

/** A JSON object under construction; no prototype, so a key such as `__proto__` is just a key. */
type Tree = Record<string, unknown>;

const tree = (): Tree => Object.create(null) as Tree;

// JSON's number grammar without an exponent. Digits are kept as written (LosslessNumber),
// so an id beyond 2^53 is sent exact; `007` is not a JSON number and stays text.
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export async function parseFields(args: readonly FieldArg[], read: ReadText): Promise<Tree> {
  const root = tree();
  for (const { text, typed } of args) {
    const flag = typed ? '--field' : '--raw-field';
    const eq = text.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} must be key=value, such as giftCard[note]=hello (got '${text}').`);
    const key = text.slice(0, eq);
    const raw = text.slice(eq + 1);
    const path = keyPath(key, flag);
    const value = typed ? await typedValue(raw, read, flag) : raw;
    insert(root, path, value, `${flag} ${key}`);
  }
  return root;
}

/** `giftCard[code]` -> ['giftCard', 'code']; `tags[]` -> ['tags', ''] (append). */
function keyPath(key: string, flag: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`${flag} key '${key}' must be a name with optional [sub] parts, such as giftCard[code] or tags[].`);
  const subs = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  if (subs.slice(0, -1).includes('')) throw new UsageError(`${flag} key '${key}': [] (append to a list) may only come last.`);
  return [match[1]!, ...subs];
}

async function typedValue(raw: string, read: ReadText, flag: string): Promise<unknown> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (NUMBER.test(raw)) return new LosslessNumber(raw);
  if (raw.startsWith('@')) {
    if (raw === '@') throw new UsageError(`${flag} value '@' names no file: give @path, or @- for stdin.`);
    return read(raw.slice(1), flag);
  }
  return raw;
}

function insert(root: Tree, path: readonly string[], value: unknown, what: string): void {
  let node = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = path[i + 1] === '' ? [] : tree();
    const existing = node[key];
    if (existing === undefined) node[key] = next;
    else if (Array.isArray(existing) !== Array.isArray(next) || (!isTree(existing) && !Array.isArray(existing))) {
      throw new UsageError(`${what}: '${path.slice(0, i + 1).join('.')}' is already given as ${describe(existing)}.`);
    }
    if (Array.isArray(node[key])) {
      (node[key] as unknown[]).push(value);
      return;
    }
    node = node[key] as Tree;
  }
  const last = path[path.length - 1]!;
  if (last in node) throw new UsageError(`${what} is given twice; use key[]=value for a list.`);
  node[last] = value;
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'a list (key[]=...)' : isTree(value) ? 'an object (key[sub]=...)' : 'a value';
}

/** Fields as query parameters: nested keys as `a[b]`, lists as `a[]`, every value as text (null: empty). */
export function fieldsToQuery(fields: Tree): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const walk = (value: unknown, name: string) => {
    if (Array.isArray(value)) for (const item of value) walk(item, `${name}[]`);
    else if (isTree(value)) for (const [key, item] of Object.entries(value)) walk(item, `${name}[${key}]`);
    else pairs.push([name, value === null ? '' : String(value)]);
  };
  for (const [key, value] of Object.entries(fields)) walk(value, key);
  return pairs;
}
