// The MCP server's tools, made from the command manifest (commands/manifest.ts): one tool a
// command of a store's nouns, named by its words (`giftcard_create`), its input schema from
// the command's arguments and flags, a read's output schema from its --json fields, its
// annotations from what the verb declared (mutates, destructive). A tool call becomes the
// command line it stands for, always with --json, and for a write always with --dry-run:
// nothing a model sends makes a write go out; it becomes a plan (tool-calls.ts,
// plan-store.ts; docs/agents.md). Which tools a server serves: chooseTools (--toolsets,
// --tools, --exclude-tools, --read-only).
//
// Left out, so a model cannot reach them: commands that read or write local files (import,
// export, a flag that names a file), that answer with a secret (auth token) or send any
// request (api), that ask or change this machine's state, and writes with no --dry-run.
import { UsageError } from '../../core/errors.js';
import { isLosslessNumber } from '../../core/json.js';
import { nearest } from '../../core/words.js';
import type { ArgumentEntry, CommandEntry, FlagEntry, Manifest } from '../commands/manifest.js';

/** The nouns whose commands are tools: a store's resources. Each is a toolset of its own (the server adds `sandbox`). */
export const STORE_TOOLSETS = [
  'giftcard',
  'metafield',
  'product',
  'category',
  'collection',
  'location',
  'inventory',
  'shop',
  'customer',
  'discount',
  'order',
  'webhook',
] as const;

/** The toolsets served unless --toolsets says: the common tasks, their tools/list within 30 KB of an agent's context. */
export const DEFAULT_TOOLSETS: readonly string[] = ['giftcard', 'product', 'category', 'shop', 'customer', 'order'];

/** The most bytes of text a tool answers with; a listing is cut to fit and carries a page token. */
export const RESULT_BYTE_CAP = 16_384;

/** Flags the server gives itself, or that make no sense to a model (paging is the server's, output is JSON). */
const SERVER_FLAGS = new Set(['--json', '--jsonl', '--jq', '--columns', '--dry-run', '--yes', '--all', '--max-pages', '--page-token', '--force', '--quiet']);
/** Placeholders that name a file on this machine: a model must not make the CLI read or write one. */
const FILE_PLACEHOLDERS = /^(file|path|dir|directory|folder)$/;
const LEFT_OUT_VERBS = new Set(['import', 'export', 'listen', 'trigger', 'resend']);

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** MCP's default is true (a store is an open world): said only where false (a sandbox of the server's own). */
  openWorldHint?: boolean;
}

type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[]; additionalProperties: false };
  /** What structuredContent holds (a read's record, or a listing's page). */
  outputSchema?: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[] };
  annotations: ToolAnnotations;
}

/** A tool the server may serve: a store's command, or one of its own (apply_plan, the sandbox's). */
export interface ServedTool {
  definition: ToolDefinition;
  /** The toolset it belongs to: its noun, `sandbox`, or `plans` for the gate's own (apply_plan, plan_batch, undo_run). */
  toolset: string;
  /** It changes something: --read-only leaves it out. */
  write: boolean;
}

/** One tool of a store's command and what it runs. */
export interface Tool extends ServedTool {
  command: CommandEntry;
  /** The input's key of each argument, in order, and of each flag. */
  args: readonly { key: string; entry: ArgumentEntry }[];
  flags: readonly { key: string; entry: FlagEntry }[];
  /** A listing: its answer is cut to the byte cap, with a page token. */
  listing: boolean;
  /** It writes: run as its dry run. */
  write: boolean;
}

export interface ToolChoice {
  readOnly: boolean;
  /** The toolsets asked for (--toolsets); DEFAULT_TOOLSETS when neither they nor `tools` are given. */
  toolsets?: readonly string[];
  /** Tools named one by one (--tools), whatever their toolset. */
  tools?: readonly string[];
  /** Tools left out (--exclude-tools). */
  exclude?: readonly string[];
}

/** The tools of `manifest`, as `choice` allows: with readOnly, no tool that is not read-only is even listed. */
export function toolsOf(manifest: Manifest, choice: ToolChoice): Tool[] {
  return chooseTools(storeTools(manifest), choice);
}

/** A tool of every store command an agent may run, of every toolset. */
export function storeTools(manifest: Manifest): Tool[] {
  return manifest.commands.flatMap((command) => {
    const words = command.path.split(' ');
    if (!(STORE_TOOLSETS as readonly string[]).includes(words[0]!)) return [];
    if (words.some((word) => LEFT_OUT_VERBS.has(word))) return [];
    if (command.mutates && (command.local || !command.dryRun)) return [];
    const tool = toolOf(command);
    return tool === undefined ? [] : [tool];
  });
}

/**
 * The tools `choice` serves out of `all`: those of its toolsets and those it names, less those
 * it leaves out, and with readOnly none that writes. A name that is no tool of `all`, or a
 * write tool named under readOnly, is a UsageError naming it (exit 2 before serving).
 */
export function chooseTools<T extends ServedTool>(all: readonly T[], choice: ToolChoice): T[] {
  const names = all.map((tool) => tool.definition.name);
  for (const [flag, given] of [
    ['--tools', choice.tools ?? []],
    ['--exclude-tools', choice.exclude ?? []],
  ] as const) {
    for (const name of given) {
      if (names.includes(name)) continue;
      const near = nearest(name, names);
      throw new UsageError(
        `${flag}: '${name}' is no tool${near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : ''}; ` +
          '`store-cli commands` lists the commands, a tool is named by their words: giftcard_create.',
      );
    }
  }
  const named = new Set(choice.tools ?? []);
  if (choice.readOnly) {
    const writer = all.find((tool) => tool.write && named.has(tool.definition.name));
    if (writer) throw new UsageError(`--tools names ${writer.definition.name}, which writes: --read-only serves no write tool.`);
  }
  const sets = new Set(choice.toolsets ?? (choice.tools ? [] : DEFAULT_TOOLSETS));
  const excluded = new Set(choice.exclude ?? []);
  return all.filter(
    (tool) => (sets.has(tool.toolset) || named.has(tool.definition.name)) && !excluded.has(tool.definition.name) && !(choice.readOnly && tool.write),
  );
}

function toolOf(command: CommandEntry): Tool | undefined {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const args = command.args.map((entry) => ({ key: camel(entry.name), entry }));
  for (const { key, entry } of args) {
    properties[key] = describe(
      entry.variadic ? { type: 'array', items: valueSchema(entry.choices), minItems: entry.required ? 1 : 0 } : valueSchema(entry.choices),
      entry.summary,
    );
    if (entry.required) required.push(key);
  }
  const flags: { key: string; entry: FlagEntry }[] = [];
  for (const entry of command.flags) {
    if (SERVER_FLAGS.has(entry.name)) continue;
    if (entry.placeholder !== undefined && FILE_PLACEHOLDERS.test(entry.placeholder)) {
      if (entry.mandatory) return undefined; // the command needs a file: not a tool
      continue;
    }
    const key = camel(entry.name.replace(/^--?/, ''));
    const one = entry.value === 'none' ? { type: 'boolean' } : valueSchema(entry.choices);
    properties[key] = describe(entry.repeatable ? { type: 'array', items: one } : one, entry.summary);
    if (entry.mandatory) required.push(key);
    flags.push({ key, entry });
  }
  const write = command.mutates;
  // A write's answer is its plan (a dry run prints requests, not records): only a read selects fields.
  const fields = write ? undefined : command.json?.fields;
  if (Array.isArray(fields)) properties.fields = describe({ type: 'array', items: { type: 'string' } }, "only these fields (the output schema's)");
  const listing = command.json?.list === true;
  if (listing)
    properties.pageToken = describe({ type: 'string' }, 'the pageToken a cut answer ended with: the rest of that listing (its other arguments come with it)');
  const name = command.path.replaceAll(' ', '_').replaceAll('-', '_');
  const outputSchema = Array.isArray(fields) ? outputSchemaOf(fields, listing) : undefined;
  return {
    definition: {
      name,
      description: write
        ? `${command.summary}. Sends nothing: answers with its dry run's exact requests and a planId; apply_plan sends them once a person approves.`
        : command.summary,
      inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
      ...(outputSchema ? { outputSchema } : {}),
      annotations: {
        readOnlyHint: !write,
        destructiveHint: command.destructive,
        // A read or a change that sets a value gives the same store twice; a create makes another.
        idempotentHint: !write || command.destructive,
      },
    },
    toolset: command.path.split(' ')[0]!,
    command,
    args,
    flags,
    listing,
    write,
  };
}

/**
 * A read's structuredContent: its record's fields (any type: a field is shown as the store
 * sent it), or for a listing `records`, a page of them, and `pageToken` when it was cut.
 */
function outputSchemaOf(fields: readonly string[], listing: boolean): NonNullable<ToolDefinition['outputSchema']> {
  const record = { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, {}])) };
  if (!listing) return record as NonNullable<ToolDefinition['outputSchema']>;
  return { type: 'object', properties: { records: { type: 'array', items: record }, pageToken: { type: 'string' } }, required: ['records'] };
}

/**
 * JSON read without losing digits made plain for structuredContent, which the SDK writes with
 * JSON.stringify: a number a JavaScript number holds exactly stays one, any other (an id past
 * 2^53) becomes its exact digits as a string. The text content keeps every number as sent.
 */
export function plainJson(value: unknown): unknown {
  if (isLosslessNumber(value)) {
    const number = Number(value.value);
    if (/^-?\d+$/.test(value.value)) return Number.isSafeInteger(number) ? number : value.value;
    return Number.isFinite(number) ? number : value.value;
  }
  if (Array.isArray(value)) return value.map(plainJson);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainJson(item)]));
  return value;
}

/** The command line a call stands for (after the program's global flags), or a sentence on what is wrong with its input. */
export function commandLine(tool: Tool, input: Readonly<Record<string, unknown>>): string[] | string {
  const known = new Set([
    ...tool.args.map((a) => a.key),
    ...tool.flags.map((f) => f.key),
    ...(tool.write ? [] : ['fields']),
    ...(tool.listing ? ['pageToken'] : []),
  ]);
  const unknown = Object.keys(input).find((key) => !known.has(key));
  if (unknown !== undefined) return `${tool.definition.name} takes no argument '${unknown}'.`;
  const argv = tool.command.path.split(' ');
  for (const { key, entry } of tool.args) {
    const value = input[key];
    if (value === undefined) {
      if (entry.required) return `${tool.definition.name} needs '${key}'.`;
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      const text = scalar(one);
      if (text === undefined) return `'${key}' must be text or a number.`;
      // Never an option: a value is a value.
      if (text.startsWith('-')) return `'${key}' must not begin with '-'.`;
      argv.push(text);
    }
  }
  for (const { key, entry } of tool.flags) {
    const value = input[key];
    if (value === undefined) continue;
    if (entry.value === 'none') {
      if (typeof value !== 'boolean') return `'${key}' must be true or false.`;
      if (value) argv.push(entry.name);
      continue;
    }
    for (const one of Array.isArray(value) ? value : [value]) {
      const text = scalar(one);
      if (text === undefined) return `'${key}' must be text or a number.`;
      argv.push(`${entry.name}=${text}`);
    }
  }
  const fields = input.fields;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string' && /^[A-Za-z0-9_.]+$/.test(f))))
    return `'fields' must be a list of field names.`;
  argv.push(Array.isArray(fields) && fields.length > 0 ? `--json=${fields.join(',')}` : '--json');
  if (tool.write) argv.push('--dry-run');
  return argv;
}

/** A page of a listing's records (`encode`d, ids kept exact) that fits `cap` bytes, from `skip`, and where the next starts (undefined: the end). */
export function pageOf(records: readonly unknown[], skip: number, cap: number, encode: (record: unknown) => string): { text: string; next?: number } {
  const shown: string[] = [];
  let bytes = 2;
  let at = skip;
  for (; at < records.length; at++) {
    const one = encode(records[at]);
    const size = Buffer.byteLength(one) + (shown.length > 0 ? 1 : 0);
    // Room kept for the page token's line.
    if (bytes + size > cap - 512) break;
    shown.push(one);
    bytes += size;
  }
  const text = `[${shown.join(',')}]`;
  return at < records.length ? { text, next: at } : { text };
}

/** A page token: the call's input and how many records were shown, opaque to the model. */
export function pageToken(input: Readonly<Record<string, unknown>>, skip: number): string {
  const { pageToken: _, ...rest } = input;
  return Buffer.from(JSON.stringify({ input: rest, skip })).toString('base64url');
}

/** The input and skip a page token holds, or undefined for one this server did not give. */
export function readPageToken(token: string): { input: Record<string, unknown>; skip: number } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { input?: unknown; skip?: unknown };
    if (typeof parsed.input !== 'object' || parsed.input === null || Array.isArray(parsed.input)) return undefined;
    if (typeof parsed.skip !== 'number' || !Number.isInteger(parsed.skip) || parsed.skip < 0) return undefined;
    return { input: parsed.input as Record<string, unknown>, skip: parsed.skip };
  } catch {
    return undefined;
  }
}

/** A value is text (ids are opaque strings, amounts decimal text); a number a model sends is taken as its text. */
function valueSchema(choices: readonly string[] | undefined): JsonSchema {
  return choices ? { type: 'string', enum: choices } : { type: 'string' };
}

/** A help line, its parenthesis left out (defaults and asides --help gives): tools/list is read whole into a model's context. */
function describe(schema: JsonSchema, description: string): JsonSchema {
  const brief = description.split(' (')[0]!.trim();
  return brief ? { ...schema, description: brief } : schema;
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
