// A seed: the state a sandbox starts from and returns to on reset, and the form of a state
// snapshot (GET/PUT /_sandbox/state). One JSON document, one zod schema composed of the
// sections the resources declare (each resource's seed.ts, listed in resources/index.ts),
// whose errors name the JSON path at fault. The demo set (`--seed demo`) is the resources'
// demo data, one section each.
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { isLosslessNumber } from 'lossless-json';
import { formatTimestamp } from '../resources/dates.js';
import { SEED_SECTIONS } from '../resources/index.js';
import { READ_ONCE, type SeedFill } from '../resources/resource.js';
import { SandboxUsageError, type FieldError } from '../http/sandbox-errors.js';
import { jsonPath, jsonProblem } from '../http/json-position.js';

type Section = (typeof SEED_SECTIONS)[number];

/** The name of a section (a resource's key): giftCards, metafieldDefinitions, products... */
export type SeedSection = Section['key'];

const sectionNames = SEED_SECTIONS.map((section) => section.key).join(', ');

/** Every section is optional: a seed holds what it needs. */
export const seedSchema = z
  .strictObject(Object.fromEntries(SEED_SECTIONS.map((section) => [section.key, section.schema])) as { [S in Section as S['key']]: S['schema'] }, {
    error: `must be a JSON object with the sections ${sectionNames}`,
  })
  .superRefine((seed, ctx) => {
    const report = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    for (const section of SEED_SECTIONS) section.check?.(seed as never, report);
  });

/** A seed as its author writes it (every section and many fields optional). */
export type SandboxSeed = z.input<typeof seedSchema>;

/** A checked seed with every default filled in: what the store loads. */
export type StoreSeed = { [S in Section as S['key']]: ReturnType<S['fill']> };

/** Numbers of a body parsed losslessly become plain numbers (the seed's only numbers are schemaRule measures). */
function plainJson(value: unknown): unknown {
  if (isLosslessNumber(value)) return value.valueOf();
  if (Array.isArray(value)) return value.map(plainJson);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, plainJson(member)]));
  return value;
}

/** Every problem of a seed, each named by its JSON path (`products[3].variants[0].price`). */
export function seedProblems(error: z.ZodError): FieldError[] {
  return error.issues.map((problem) => {
    const field = jsonPath(problem.path) || '(top level)';
    if (problem.code === 'unrecognized_keys') return { field, message: `has the unknown field ${problem.keys.map((key) => `"${key}"`).join(', ')}` };
    // zod's own wording ("Invalid input: expected string, received undefined") said as the rest is.
    if (problem.code === 'invalid_type' && problem.message.startsWith('Invalid input')) {
      return { field, message: problem.message.endsWith('received undefined') ? 'is required' : `must be a JSON ${problem.expected}` };
    }
    return { field, message: problem.message };
  });
}

export type SeedCheck = { ok: true; seed: StoreSeed } | { ok: false; problems: FieldError[] };

/**
 * Checks a parsed JSON document (numbers plain or lossless) and fills in the defaults; `now`
 * stamps entries without times. Sections in `instead` (the definitions of `--definitions`)
 * replace the document's own, for the sections filled in after them too (the values).
 */
export function checkSeed(raw: unknown, now: Date, instead: Partial<StoreSeed> = {}): SeedCheck {
  const parsed = seedSchema.safeParse(plainJson(raw), READ_ONCE);
  if (!parsed.success) return { ok: false, problems: seedProblems(parsed.error) };
  const filled: Record<string, unknown> = {};
  const context: SeedFill = { stamp: formatTimestamp(now), earlier: filled, problems: [] };
  for (const section of SEED_SECTIONS) {
    const given = (instead as Record<string, unknown>)[section.key];
    filled[section.key] =
      given ?? (section.fill as (value: unknown, context: SeedFill) => unknown)((parsed.data as Record<string, unknown>)[section.key], context);
  }
  if (context.problems.length > 0) return { ok: false, problems: context.problems };
  return { ok: true, seed: filled as StoreSeed };
}

/** One sentence for a seed that does not fit: `seed.json: products[3].variants[0].price: must be ... (and 2 more problems).` */
export function describeSeedProblems(source: string, problems: readonly FieldError[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'})` : '';
  return `${source}: ${first?.field ?? '(top level)'}: ${first?.message ?? 'does not fit'}${more}.`;
}

/** A parsed seed document, or SandboxUsageError naming `source` and the JSON path at fault. */
export function parseSeed(raw: unknown, source: string, now: Date, instead?: Partial<StoreSeed>): StoreSeed {
  const checked = checkSeed(raw, now, instead);
  if (!checked.ok) throw new SandboxUsageError(describeSeedProblems(source, checked.problems));
  return checked.seed;
}

/** `--seed FILE`: read, parsed and checked; every failure a SandboxUsageError naming the file. */
export async function readSeedFile(file: string, now: Date, instead?: Partial<StoreSeed>): Promise<StoreSeed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new SandboxUsageError(`The seed file ${file} ${reason}.`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the file's first characters: the file and the position only.
    throw new SandboxUsageError(`The seed file ${file} is not valid JSON: ${jsonProblem(text)}.`, { cause: error });
  }
  return parseSeed(raw, file, now, instead);
}

/** A store with nothing in it. */
export function emptySeed(): StoreSeed {
  return parseSeed({}, 'the empty seed', new Date(0));
}

/** The demo set as one seed document: each resource's demo data, in the sections' order. */
export function demoDocument(): Record<string, unknown> {
  return structuredClone(Object.fromEntries(SEED_SECTIONS.flatMap((section) => (section.demo === undefined ? [] : [[section.key, section.demo]]))));
}

let demoSeed: StoreSeed | undefined;

/** The demo data set, checked against the seed schema on first use (a broken file fails loudly, once). */
export function demoData(): StoreSeed {
  demoSeed ??= parseSeed(demoDocument(), 'the demo data (src/sandbox/resources/<resource>/demo.json)', new Date(0));
  return demoSeed;
}
