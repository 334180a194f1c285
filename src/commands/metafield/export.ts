// `metafield export`: the values of the objects named (bizIds, an --objects file, or --all) as the
// CSV or JSON lines metafield import reads, sorted so that two stores with the same values give
// the same bytes.
import { METAFIELD_DOMAINS, isMetafieldDomain } from '../../api/metafields/types.js';
import { EXPORT_SUMMARY_FIELDS } from '../../bulk/engine/summary-fields.js';
import { IMPORT_CONCURRENCY } from '../../core/defaults.js';
import { UsageError } from '../../core/errors.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, optionalVariadicArg, text, whole } from '../verb.js';
import { checkNamespaceFilter, namespaceFilter } from './args.js';

const { builtIn: DEFAULT_CONCURRENCY, max: MAX_CONCURRENCY } = IMPORT_CONCURRENCY;
/** The objects the API can enumerate: collections, and the products they collect. */
const ALL_DOMAINS = ['collections', 'products'] as const;

export default defineVerb({
  mutates: false,
  bulk: true,
  name: 'export',
  summary: 'Write metafield values as the CSV (or JSON lines) metafield import reads, sorted, for editing, backups and copying stores',
  args: { bizId: optionalVariadicArg('ids of the business objects to export, with --domain (instead of --objects or --all)') },
  flags: {
    domain: text(
      '<domain>',
      `the domain of the bizIds given (${METAFIELD_DOMAINS.join(', ')}); ` +
        `with --objects, of a file without a domain column (else only its objects of this domain); with --all, collections or products only`,
    ),
    objects: text(
      '<file>',
      'the objects to export: a CSV file (or JSON lines) with domain and bizId columns, ' +
        'such as an earlier export or an import file, or - for stdin; other columns are ignored',
    ),
    all: boolean('every collection, and every product some collection holds (a product in no collection cannot be found)'),
    namespace: namespaceFilter(),
    output: text('<file>', 'write to this file, which appears only once complete (default: stdout; - is stdout; a device or FIFO is written in place)'),
    jsonl: boolean('write JSON lines (one object per value, keys as the CSV columns) instead of CSV'),
    rejects: text('<file>', 'write the objects that failed to this CSV file (domain,bizId,reason), which --objects reads for a retry; not the --output file'),
    shard: text('<i/n>', 'take only share i of n of the objects, e.g. 2/3 (the split import makes), for n parallel jobs'),
    concurrency: whole(
      '<n>',
      `listings in flight, 1..${MAX_CONCURRENCY} (default: the profile's import-concurrency, ` +
        `else ${DEFAULT_CONCURRENCY}); the store's rate limit paces the run`,
      {
        min: 1,
        max: MAX_CONCURRENCY,
      },
    ),
    report: reportFlag(),
  },
  json: {
    fields: EXPORT_SUMMARY_FIELDS,
    what:
      'the summary {objects, rows, failed, unfinished, otherShards, requests, refused, elapsedMs} as JSON on stdout ' +
      '(with --output only: without it, stdout holds the values)',
  },
  examples: [
    'store-cli metafield export --all --output values.csv',
    'store-cli metafield export --objects values.csv --namespace custom --output custom.csv --json',
    'store-cli metafield export 4000000000000000011 4000000000000000037 --domain products --jsonl',
  ],
  notes: `
Rows: domain,bizId,namespace,code,value,type: values as the store holds them (wire text),
  sorted by domain, bizId (numerically), namespace and code, so that two stores holding
  the same values export the same bytes. metafield import reads the file as it is.
Exit codes: 0 every object exported; 3 some objects failed (named; the rest exported);
  2 invalid flags or --objects file (nothing was sent); 130 interrupted (after a summary;
  an --output file is then not written).
`,
  async run(options, ctx) {
    const ids = options.bizId;
    const named = [options.objects !== undefined ? '--objects' : undefined, ids.length > 0 ? 'bizIds' : undefined, options.all ? '--all' : undefined].filter(
      (x) => x !== undefined,
    );
    if (named.length === 0) throw new UsageError('Say which objects to export: --objects FILE (or - for stdin), bizIds with --domain, or --all.');
    if (named.length > 1) throw new UsageError(`${named.join(' and ')} are ${named.length === 2 ? 'two' : 'three'} ways to name the objects; give one.`);
    const domain = options.domain;
    if (domain !== undefined && !isMetafieldDomain(domain)) throw new UsageError(`--domain must be one of ${METAFIELD_DOMAINS.join(', ')} (got '${domain}').`);
    if (ids.length > 0 && domain === undefined) throw new UsageError(`bizIds need --domain to say what they are (${METAFIELD_DOMAINS.join(', ')}).`);
    const allDomain = options.all && domain !== undefined ? domain : undefined;
    if (allDomain !== undefined && !(ALL_DOMAINS as readonly string[]).includes(allDomain)) {
      throw new UsageError(`--all finds ${ALL_DOMAINS.join(' and ')} only (the API lists no other objects), not ${allDomain}; name those with --objects.`);
    }
    const namespace = checkNamespaceFilter(options.namespace);
    if (options.objects === '-' && ctx.io.isStdinTTY)
      throw new UsageError('--objects - reads the objects from stdin, which is a terminal: pipe or redirect a file into it.');
    const rejects = options.rejects === undefined ? undefined : ({ field: 'rejects', path: options.rejects, contract: 'whole' } as const);
    const { runExportVerb } = await import('../bulk-env.js');
    // Its own progress line (objects, rows, failures), in a terminal and in logs.
    await runExportVerb(
      ctx,
      options,
      {
        spec: {
          command: 'metafield export',
          output: options.output,
          rows: 'the values',
          outputs: rejects ? [rejects] : [],
          inputs: options.objects === undefined ? [] : [{ path: options.objects, what: 'the --objects file' }],
        },
        async write(run, open) {
          const concurrency = options.concurrency ?? (await ctx.setting('import-concurrency')).value;
          const bulk = await import('../../bulk/index.js');
          const shard = options.shard === undefined ? undefined : bulk.parseShard(options.shard);
          const source =
            options.objects !== undefined
              ? { kind: 'file' as const, path: options.objects, ...(domain !== undefined ? { domain } : {}) }
              : options.all
                ? { kind: 'all' as const, ...(allDomain !== undefined ? { domain: allDomain as (typeof ALL_DOMAINS)[number] } : {}) }
                : { kind: 'ids' as const, domain: domain!, ids };
          const report = await bulk.exportMetafields(
            {
              source,
              ...(namespace !== undefined ? { namespace } : {}),
              ...(shard ? { shard } : {}),
              concurrency,
              format: options.jsonl ? 'jsonl' : 'csv',
              ...(rejects ? { rejects } : {}),
            },
            run,
            open,
          );
          return { report, shard };
        },
        rows: ({ report }) => report.summary.rows,
        ended: ({ report, shard }) => ({
          rejected: report.summary.failed,
          unfinished: report.summary.unfinished,
          stopped: report.stopped,
          failure: report.failure,
          facts: { shard, rejectsPath: options.rejects },
        }),
        told: ({ report }) => report.lines,
        tellsAlways: true,
        summary: ({ report }) => report.summary,
      },
      () => ctx.output(),
    );
  },
});
