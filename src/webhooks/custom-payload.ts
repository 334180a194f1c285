// A custom payload for `webhook trigger`: the topic's sample or a --file, changed by
// `--set field=value` (dotted paths such as variants.0.price), then checked by the topic's
// sample schema. A problem names the --set or the file and the JSON path; nothing is sent.
import { FieldError, UsageError } from '../core/errors.js';
import { checkJsonDepth } from '../core/input-text.js';
import { isLosslessNumber, parseJson, toJson } from '../core/json.js';
import { plural, pluralWord } from '../core/words.js';
import { sampleSchemaOf } from './sample-schema.js';
import type { DiscountShape } from '../api/discounts/wire-shape.js';
import type { SampleTopic as WebhookTopic } from './wire.js';

export interface FieldSet {
  /** As given: `variants.0.price=19.99`. */
  text: string;
  path: string[];
  /** The value as typed, before it is read as JSON. */
  raw: string;
  value: unknown;
}

const EXAMPLE = 'such as title=Sweater or variants.0.price=19.99';

/** `field=value` texts: the value is JSON when it parses as JSON (numbers digit-exact), else the text itself. */
export function parseFieldSets(texts: readonly string[]): FieldSet[] {
  return texts.map((text) => {
    const eq = text.indexOf('=');
    if (eq <= 0) throw new FieldError('set', (name) => `${name()} must be field=value, ${EXAMPLE} (got '${text}').`);
    const key = text.slice(0, eq);
    const raw = text.slice(eq + 1);
    const path = key.split('.');
    if (path.some((part) => part === ''))
      throw new FieldError('set', (name) => `${name()} ${key}: a field path is names and indexes joined by dots, ${EXAMPLE}.`);
    return { text, path, raw, value: jsonOrText(raw, key) };
  });
}

function jsonOrText(raw: string, key: string): unknown {
  if (raw.trim() === '') return raw;
  checkJsonDepth(raw, `--set ${key}`);
  try {
    return parseJson(raw);
  } catch {
    return raw;
  }
}

/**
 * Applies each set in order to `payload` (changed in place). An array is indexed by an
 * existing position; a missing object field is added (the schema then says whether the
 * topic has it). A number or true/false given where the payload holds a string is kept as
 * the text typed, so ids and amounts stay digit-exact strings as the samples write them.
 */
export function applyFieldSets(payload: unknown, sets: readonly FieldSet[]): void {
  for (const set of sets) {
    const refuse = (why: string) => new FieldError('set', (name) => `${name()} ${set.text}: ${why}; nothing was sent.`, false);
    let node: unknown = payload;
    for (let i = 0; i < set.path.length; i++) {
      const key = set.path[i]!;
      const at = set.path.slice(0, i + 1).join('.');
      const last = i === set.path.length - 1;
      if (Array.isArray(node)) {
        if (!/^(0|[1-9]\d*)$/.test(key)) throw refuse(`${where(set.path, i)} is a list: index it by position, such as ${set.path.slice(0, i).join('.')}.0`);
        const index = Number(key);
        if (index >= node.length)
          throw refuse(
            `${where(set.path, i)} has ${plural(node.length, 'item')}, so ${at} does not exist${node.length ? ` (positions 0 to ${node.length - 1})` : ''}`,
          );
        if (last) node[index] = fitted(set, node[index]);
        else node = node[index];
      } else if (isRecord(node)) {
        const current = Object.hasOwn(node, key) ? node[key] : undefined;
        const next = last ? fitted(set, current) : (current ?? {});
        // Defined, not assigned: a key such as __proto__ stays a field (and the schema refuses it).
        Object.defineProperty(node, key, { value: next, writable: true, enumerable: true, configurable: true });
        node = next;
      } else {
        throw refuse(`${where(set.path, i)} is ${describe(node)}, not an object or a list`);
      }
    }
  }
}

function where(path: readonly string[], i: number): string {
  return i === 0 ? 'the payload' : path.slice(0, i).join('.');
}

function fitted(set: FieldSet, current: unknown): unknown {
  if (typeof current === 'string' && (isLosslessNumber(set.value) || typeof set.value === 'boolean')) return set.raw;
  return set.value;
}

export interface PayloadSources {
  /** How --file is named in messages (its path, or "stdin"), when it gave the payload. */
  file?: string;
  sets: readonly FieldSet[];
  /** The shape of a discount in the family it goes to (sampleSchemaOf); flat unless said. */
  discountShape?: DiscountShape;
}

/** The payload when it matches the topic's sample schema; else one sentence naming the --set or file and the JSON path. */
export function checkCustomPayload(topic: WebhookTopic, payload: unknown, sources: PayloadSources): void {
  const schema = sampleSchemaOf(topic, sources.discountShape);
  const result = schema.safeParse(payload);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String);
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys : [];
  // The field at fault: for an unknown field, the field itself.
  const faulty = unknown.length ? [...path, unknown[0]!] : path;
  const set = [...sources.sets].reverse().find((s) => startsWith(path, s.path) || (unknown.length > 0 && startsWith(s.path, faulty)));
  const source = set ? `--set ${set.text}` : sources.file !== undefined ? `--file ${sources.file}` : `the ${topic} sample`;
  throw new UsageError(`${source}: ${problem(issue, path, valueAt(payload, issue.path), topic)}; nothing was sent.`, false);
}

interface Issue {
  code: string;
  message: string;
  expected?: unknown;
  values?: readonly unknown[];
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  keys?: readonly string[];
}

function problem(issue: Issue, path: readonly string[], found: unknown, topic: WebhookTopic): string {
  const at = path.join('.');
  const subject = at === '' ? `the ${topic} payload` : at;
  const got = found === undefined ? '' : ` (got ${describe(found)})`;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return `${subject} has no ${pluralWord(keys.length, 'field')} ${keys.map((k) => `"${k}"`).join(', ')}`;
    }
    case 'invalid_type':
      if (found === undefined) return `${subject} is required`;
      return `${subject} must be ${article(String(issue.expected))}${got}`;
    case 'invalid_value':
      return `${subject} must be one of ${(issue.values ?? []).map(String).join(', ')}${got}`;
    case 'too_small':
      return `${subject} must have at least ${plural(Number(issue.minimum), issue.origin === 'array' ? 'item' : 'character')}`;
    case 'too_big':
      return `${subject} must have at most ${plural(Number(issue.maximum), issue.origin === 'array' ? 'item' : 'character')}`;
    case 'invalid_format':
      return `${subject} ${issue.message === 'Invalid input' ? 'is not in the expected format' : issue.message}${got}`;
    default:
      return `${subject}: ${issue.message}${got}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (isLosslessNumber(value)) return `the number ${value.toString()}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return toJson(value);
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((key, i) => key === path[i]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isLosslessNumber(value);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = Object.hasOwn(at, key) ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return at;
}
