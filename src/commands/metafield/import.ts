// `metafield import FILE`: metafield values from CSV or JSON lines, created, updated or left alone
// by the bulk engine's metafields kind (bulk/kinds/metafields); --domain for a file without one.
import { METAFIELD_DOMAINS, isMetafieldDomain } from '../../api/metafields/types.js';
import { UsageError } from '../../core/errors.js';
import { definedOnly } from '../../core/defined-only.js';
import { IMPORT_EXIT_CODES, IMPORT_JSON, IMPORT_VERB, importFlags, runImportVerb } from '../bulk-import.js';
import { arg, defineVerb, text } from '../verb.js';

export default defineVerb({
  ...IMPORT_VERB,
  summary: 'Bulk-load metafield values from CSV: creates what is missing, updates what differs, skips what is equal; safe to re-run',
  args: { file: arg('CSV file with the header domain,bizId,namespace,code,value (and optionally type), JSON lines (a .jsonl file), or - for stdin') },
  flags: {
    domain: text('<domain>', `the domain of every row, for a file without a domain column (${METAFIELD_DOMAINS.join(', ')})`),
    ...importFlags('current values', 'business objects'),
  },
  json: IMPORT_JSON,
  examples: [
    'store-cli metafield import values.csv --rehearse --rejects would-reject.csv',
    'store-cli metafield import values.csv --rejects rejects.csv',
    'generate-values | store-cli metafield import - --domain products --shard 2/3 --json',
  ],
  notes: `
CSV: a header line, then one value per row. Columns (any order, any case):
  domain, bizId, namespace, code, value, and optionally type (a field type such as
  Integer or Weight: the value is then checked and converted locally, "1.5 kg" included).
  The type column gives no field a type: a namespace.code without a definition on the
  store is stored as text, and the summary warns once for each (one definitions listing
  per domain).
JSON lines (a .jsonl file, or stdin starting with {): one object a line with those names
  as keys, as metafield export --jsonl writes them.
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    if (options.domain !== undefined && !isMetafieldDomain(options.domain)) {
      throw new UsageError(`--domain must be one of ${METAFIELD_DOMAINS.join(', ')} (got '${options.domain}').`);
    }
    const { domain } = options;
    // The summary goes to stdout only as JSON (--json, --jsonl or an output default of json/jsonl).
    await runImportVerb(
      options,
      ctx,
      (bulk) => bulk.metafieldImport,
      (request) => ({ ...request, ...definedOnly({ domain }) }),
    );
  },
});
