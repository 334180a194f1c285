// --rehearse: the import run whole on a copy of the store, to see what the real run would
// do. The live store is only read (the kind's copy, kinds/<kind>/copy.ts: what the file touches, GETs only); the
// copy is a store of our own, in memory, speaking the store's dialect at its rate (the
// caller opens it: the client's layers know no emulator); the very import the real run
// makes then runs against it, with the same flags, and says its plan, every row the store
// would reject (--rejects and --report as usual) and the requests it took, to which the
// summary adds how long they would take at the store's rate (rehearsal-estimate.ts). A read
// the store refuses (an object it does not take) is refused again on the copy, for every
// request to it, as the store would refuse the real run's. The same run is all or nothing's
// check before its real run (mode 'check', all-or-nothing.ts).
import type { BulkEnv } from './env.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../../api/index.js';
import type { ApiTuning, Transport } from '../../core/transport.js';
import type { RequestSpec } from '../../core/http.js';
import { readBucketHeader, type BucketReading } from '../../core/store-bucket.js';
import type { ImportReport } from './import-job.js';
import { runImport, type ImportKind, type ImportRequest } from './import-kind.js';
import { openPacedApi } from './paced-api.js';
import { unreadable, type StoreCopy } from './store-copy.js';
import { estimateLine, storeRate } from './rehearsal-estimate.js';
import type { ImportSource } from './run-import.js';
import { openSource, spoolStdin, stdinAgain } from './source.js';

export type { StoreCopy };

/** The copy, started: an API on it, and its end. */
export interface RehearsalStore {
  api(tuning: ApiTuning): Promise<Api>;
  stop(): Promise<void>;
}

/** Starts a store holding `copy`, in the live store's dialect and at its rate. */
export type OpenRehearsalStore = (copy: StoreCopy) => Promise<RehearsalStore>;

/** 'rehearse': --rehearse, what the real run would do; 'check': all or nothing's check, which lets its real run go on or refuses it. */
export type RehearsalMode = 'rehearse' | 'check';

/** A GET of one object (no query): the store's refusal of it is the object's, whatever the request. */
const objectRead = (spec: RequestSpec) => spec.method === 'GET' && Object.values(spec.query ?? {}).every((value) => value === undefined);

/**
 * The import of `kind` rehearsed: the file (stdin kept in a private file, as it is read more
 * than once), the kind's checks, its reads, the copy, the run on it. The codes generated for
 * rows without one (gift cards, discounts) are the rehearsal's only: they go to a file in a
 * private directory (0700) removed at the end, while --codes-out is checked as the real run
 * checks it, and left alone.
 */
export async function rehearse<Q extends ImportRequest>(
  kind: ImportKind<Q>,
  request: Q,
  env: BulkEnv,
  open: OpenRehearsalStore,
  mode: RehearsalMode = 'rehearse',
): Promise<ImportReport> {
  const { file } = request;
  const codesDir = request.codesOut === undefined ? undefined : await mkdtemp(join(tmpdir(), 'store-cli-rehearsal-'));
  let spool: Awaited<ReturnType<typeof spoolStdin>> | undefined;
  try {
    spool = file === '-' ? await spoolStdin(env.stdin, env.signal) : undefined;
    const source = async (): Promise<ImportSource> =>
      spool
        ? { ...(await openSource(spool.path, env.stdin)), name: 'stdin', ...(spool.identity ? { identity: spool.identity } : {}) }
        : openSource(file, env.stdin, env.signal);
    if (kind.rehearsal.check) await kind.rehearsal.check(await source(), request);
    let bucket: BucketReading | undefined;
    /** The store's refusals of reads of one object, by path. */
    const refused = new Map<string, unknown>();
    // The store's bucket, as its answers to the reads announce it; and what it refused to be read.
    const observed = (transport: Transport): Transport => ({
      ...transport,
      request: async (spec, view) => {
        try {
          const answer = await transport.request(spec, view);
          bucket = readBucketHeader(answer.headers) ?? bucket;
          return answer;
        } catch (error) {
          if (objectRead(spec) && unreadable(error)) refused.set(spec.path, error);
          throw error;
        }
      },
    });
    // On the copy, every request to an object the store refused to be read meets that refusal again.
    const refusing = (transport: Transport): Transport => ({
      ...transport,
      request: (spec, view) => (refused.has(spec.path) ? Promise.reject(refused.get(spec.path)) : transport.request(spec, view)),
    });
    const paced = await openPacedApi(
      { signal: env.signal, api: (tuning) => env.api({ ...tuning, wrap: observed }), clock: env.clock },
      request.concurrency,
      request.giveUpAfterMs,
    );
    const plan = { source: await source(), ...(request.shard ? { shard: request.shard } : {}), concurrency: request.concurrency, signal: env.signal };
    const copy = await kind.rehearsal.copy(plan, paced.api, request);
    if (bucket) copy.bucket = bucket;
    const reads = paced.counts()?.sent ?? 0;
    const store = await open(copy);
    let report: ImportReport;
    try {
      const onCopy = (tuning: ApiTuning) => store.api({ ...tuning, wrap: (transport) => refusing(tuning.wrap ? tuning.wrap(transport) : transport) });
      const onCopyRequest = {
        ...request,
        file: spool ? '-' : file,
        rehearsal: mode === 'check' ? ('check' as const) : true,
        ...(codesDir ? { codesOut: join(codesDir, 'codes.csv') } : {}),
      };
      report = await runImport(kind, onCopyRequest, { ...env, ...(spool ? { stdin: stdinAgain(spool) } : {}), api: onCopy });
    } finally {
      await store.stop();
    }
    const copied = `Copied from the store with ${reads} ${reads === 1 ? 'read' : 'reads'} (GET only; nothing was written to it): ${copy.described}.`;
    if (mode === 'check') {
      // What the check sent the store is its reads: the run on the copy sent the store nothing.
      const summary = { ...report.summary, requests: reads, refused: paced.counts()?.rateLimited ?? 0 };
      return { ...report, summary, lines: report.failure === undefined ? report.lines : [...report.lines, copied] };
    }
    const rate = copy.bucket ? storeRate(copy.bucket) : undefined;
    return { ...report, lines: [...report.lines, copied, estimateLine(report.summary.requests, rate)] };
  } finally {
    if (spool) await rm(spool.dir, { recursive: true, force: true });
    if (codesDir) await rm(codesDir, { recursive: true, force: true });
  }
}
