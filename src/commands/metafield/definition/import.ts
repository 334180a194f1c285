import type { Api } from '../../../api/index.js';
import type { FileDefinition, ReadDefinition } from '../../../api/metafield-definition-wire.js';
import type { Context } from '../../../core/context.js';
import { ApiError, PartialFailureError, RequestError, UsageError } from '../../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { arg, defineVerb, type OptionsOf } from '../../verb.js';

const SUMMARY_FIELDS = ['created', 'updated', 'unchanged', 'failed'] as const;

const verb = defineVerb({
  name: 'import',
  summary: 'Copy metafield definitions from a JSON file (as `definition export` writes) into the store: creates what is missing, updates what differs, skips what is equal',
  args: { file: arg('the definitions file, or - for stdin') },
  flags: { dryRun: dryRunFlag() },
  json: { fields: SUMMARY_FIELDS, what: 'the summary {created, updated, unchanged, failed} as JSON on stdout' },
  examples: [
    'store-cli metafield definition import definitions.json',
    'store-cli metafield definition import definitions.json --dry-run',
    'cat definitions.json | store-cli --profile production metafield definition import - --json',
  ],
  notes: `
The file is {"definitions": [...]}: domain, namespace, code, definitionName, fieldType and
optionally description, multi, schemaRule, optionMap, pinned. It is checked whole first: a
problem names the JSON path, exits 2 and sends nothing. Then each domain's definitions are
read once, and each entry is created, updated (sent whole) or left alone. A re-run changes nothing.
Exit codes: 0 every definition applied; 3 some failed (each named on stderr, the rest applied).
${DRY_RUN_NOTE}`,
});

export type ImportOptions = OptionsOf<typeof verb>;
export const register = verb.register;

type Summary = Record<(typeof SUMMARY_FIELDS)[number], number>;

export async function run(options: ImportOptions, ctx: Context): Promise<void> {
  // --json's fields are checked first, before the file is read.
  const out = options.dryRun ? undefined : await ctx.output(options, verb.json.fields);
  const definitions = await readFile(options.file, ctx);
  const { sameDefinition } = await import('../../../api/metafield-definition-wire.js');
  const summary: Summary = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const told = () => `Definitions: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed.`;
  const apply = async (api: Api, dry: boolean): Promise<Summary> => {
    const stored = new Map<string, Map<string, ReadDefinition>>();
    for (const domain of new Set(definitions.map((definition) => definition.domain))) {
      stored.set(domain, new Map((await api.metafieldDefinitions.list(domain)).map((definition) => [`${definition.namespace}.${definition.code}`, definition])));
    }
    for (const { domain, ...definition } of definitions) {
      const name = `${domain} ${definition.namespace}.${definition.code}`;
      const current = stored.get(domain)?.get(`${definition.namespace}.${definition.code}`);
      if (current !== undefined && sameDefinition(current, definition)) {
        summary.unchanged += 1;
        continue;
      }
      try {
        if (current === undefined) await api.metafieldDefinitions.create(domain, definition);
        else await api.metafieldDefinitions.update(domain, definition);
        summary[current === undefined ? 'created' : 'updated'] += 1;
        if (dry) ctx.say(`would ${current === undefined ? 'create' : 'update'} ${name}`);
      } catch (error) {
        // A refusal or a lost answer fails this definition only; a refused token fails them all.
        if (!(error instanceof RequestError) || (error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
        summary.failed += 1;
        ctx.say(`error: ${name}: ${error.message}`);
      }
    }
    return summary;
  };
  if (options.dryRun) {
    const { runDry } = await import('../../dry-run.js');
    return runDry(ctx, options, (api) => apply(api, true), 'every definition is equal already, so nothing would be sent', true);
  }
  const api = await ctx.api();
  try {
    await ctx.spin('Importing metafield definitions…', () => apply(api, false));
  } catch (error) {
    // Interrupted or stopped: what was done so far is said before the error.
    if (summary.created + summary.updated + summary.failed > 0) ctx.say(`${told()} (stopped before the end)`);
    throw error;
  }
  if (out?.isJson === true) await out.item(summary, { columns: [] });
  ctx.say(told());
  if (summary.failed > 0) throw new PartialFailureError(`${summary.failed} of ${definitions.length} definitions failed; the others were applied. Fix them and run the import again.`);
}

/** The whole file, checked before anything is sent (exit 2 naming the JSON path). */
async function readFile(path: string, ctx: Context): Promise<FileDefinition[]> {
  const source = path === '-' ? 'stdin' : path;
  const [{ checkJsonDepth, readInputText }, { parseJson }, { checkDefinitionsFile }] = await Promise.all([
    import('../../../core/input-text.js'),
    import('../../../core/json.js'),
    import('../../../api/metafield-definition-wire.js'),
  ]);
  const text = await readInputText(path, ctx.io.stdin, source);
  checkJsonDepth(text, source);
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${error instanceof Error ? error.message : String(error)}. Nothing was sent.`, false);
  }
  return checkDefinitionsFile(value, source);
}
