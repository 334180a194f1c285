// `metafield definition export`: the definitions of the domains named (or every domain) as the
// JSON file, or JSON lines, that definition import reads, written whole or not at all.
import { Argument } from 'commander';
import { METAFIELD_DOMAINS } from '../../../api/metafields/types.js';
import { UsageError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import { reportFlag } from '../../run-reports.js';
import { Arg, boolean, defineVerb, text } from '../../verb.js';
import { checkDomain } from './args.js';

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: 'Write the metafield definitions of some domains (or --all) as a JSON file that `definition import` reads',
  args: { domains: new Arg<string[]>((name) => new Argument(`[${name}...]`, `the domains to export: ${METAFIELD_DOMAINS.join(', ')}`)) },
  flags: {
    all: boolean('every domain'),
    output: text('<file>', 'write to this file, which appears only once complete, instead of stdout (- is stdout; a device or FIFO is written in place)'),
    jsonl: boolean(
      'write JSON lines (one definition a line, fields as in the file) instead of the {"definitions": [...]} file; definition import reads the file only',
    ),
    report: reportFlag(),
  },
  examples: [
    'store-cli metafield definition export --all > definitions.json',
    'store-cli metafield definition export products variants --output definitions.json',
    'store-cli --profile staging metafield definition export --all | store-cli --profile production metafield definition import -',
  ],
  notes: `
The file is {"definitions": [...]}, each entry the definition's fields as the API writes them
(flags "true"/"false", schemaRule and optionMap as JSON text) plus its domain, sorted by
domain, namespace and code, with nothing store-specific: two stores holding the same
definitions export the same bytes. \`sandbox serve --definitions\` reads it too.
`,
  async run(options, ctx) {
    const given = options.domains ?? [];
    const { runExportVerb } = await import('../../bulk-env.js');
    let domains: string[] = [];
    await runExportVerb(ctx, options, {
      spec: { command: 'metafield definition export', output: options.output },
      async write(run, open) {
        if (options.all === true && given.length > 0) throw new UsageError('Give domains or --all, not both.');
        if (options.all !== true && given.length === 0) throw new UsageError(`Name the domains to export (${METAFIELD_DOMAINS.join(', ')}), or give --all.`);
        domains = options.all === true ? [...METAFIELD_DOMAINS] : [...new Set(given.map(checkDomain))];
        const { definitionsFileText, definitionsJsonLines } = await import('../../../api/metafield-definitions/schema.js');
        const api = await run.api();
        const definitions = await ctx.spin('Reading metafield definitions…', async () => {
          const found = [];
          for (const domain of domains)
            for (const definition of await api.metafieldDefinitions.list(domain))
              found.push({ ...definition, domain: domain as (typeof METAFIELD_DOMAINS)[number] });
          return found;
        });
        // Whole or not at all: a crash never leaves half a definitions file under the name (a device or FIFO is written in place).
        await (await open()).write(options.jsonl === true ? definitionsJsonLines(definitions) : definitionsFileText(definitions));
        return definitions.length;
      },
      rows: (written) => written,
      told: (written, named) => `Exported ${plural(written, 'metafield definition')} of ${domains.join(', ')}${named === undefined ? '' : ` to ${named}`}.`,
      tellsAlways: true,
    });
  },
});
