// --rehearse: the import run whole on a copy of the store, to see what the real run would
// do. The live store is only read (rehearsal-copy.ts: what the file touches, GETs only); the
// copy is a store of our own, in memory, speaking the store's dialect at its rate (the
// caller opens it: the client's layers know no emulator); the very import the real run
// makes then runs against it, with the same flags, and says its plan, every row the store
// would reject (--rejects and --report as usual) and the requests it took, to which the
// summary adds how long they would take at the store's rate (rehearsal-estimate.ts).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Api } from '../api/index.js';
import type { ApiTuning, Transport } from '../core/transport.js';
import { readBucketHeader, type BucketReading } from '../core/store-bucket.js';
import { preflight } from './gift-card-preflight.js';
import { importGiftCards, type GiftCardImportRequest } from './import-gift-cards.js';
import type { ImportEnv, ImportReport } from './import-job.js';
import { importMetafields, type ImportRequest } from './import-metafields.js';
import { openPacedApi, type PacedApi } from './paced-api.js';
import { importDiscountCodes, preflight as checkPreflight, type DiscountCodeImportRequest } from './import-discount-codes.js';
import { importProducts, type ProductImportRequest } from './import-products.js';
import { copyProducts } from './rehearsal-copy-products.js';
import { copyDiscountCodes, copyGiftCards, copyMetafields, type CopyPlan, type StoreCopy } from './rehearsal-copy.js';
import { estimateLine, storeRate } from './rehearsal-estimate.js';
import type { ImportSource } from './run-import.js';
import { openSource, spoolStdin } from './source.js';

export type { StoreCopy };

/** The copy, started: an API on it, and its end. */
export interface RehearsalStore {
  api(tuning: ApiTuning): Promise<Api>;
  stop(): Promise<void>;
}

/** Starts a store holding `copy`, in the live store's dialect and at its rate. */
export type OpenRehearsalStore = (copy: StoreCopy) => Promise<RehearsalStore>;

/** What both imports' rehearsals share: the file (stdin kept in a private file, as it is read more than once), the reads, the copy, the run on it. */
async function rehearse(
  file: string,
  settings: { concurrency: number; giveUpAfterMs?: number; shard?: CopyPlan['shard'] },
  env: ImportEnv,
  open: OpenRehearsalStore,
  steps: {
    /** Checks before any request (the gift cards' pre-flight). */
    check?: (source: ImportSource) => Promise<void>;
    copy: (plan: CopyPlan, paced: PacedApi) => Promise<StoreCopy>;
    run: (file: string, env: ImportEnv) => Promise<ImportReport>;
  },
): Promise<ImportReport> {
  const spool = file === '-' ? await spoolStdin(env.stdin, env.signal) : undefined;
  try {
    const source = async (): Promise<ImportSource> => (spool ? { ...(await openSource(spool.path, env.stdin)), name: 'stdin' } : openSource(file, env.stdin, env.signal));
    if (steps.check) await steps.check(await source());
    let bucket: BucketReading | undefined;
    // The store's bucket, as its answers to the reads announce it.
    const observed = (transport: Transport): Transport => ({
      ...transport,
      request: async (spec, view) => {
        const answer = await transport.request(spec, view);
        bucket = readBucketHeader(answer.headers) ?? bucket;
        return answer;
      },
    });
    const paced = await openPacedApi({ signal: env.signal, api: (tuning) => env.api({ ...tuning, wrap: observed }), clock: env.clock }, settings.concurrency, settings.giveUpAfterMs);
    const copy = await steps.copy({ source: await source(), ...(settings.shard ? { shard: settings.shard } : {}), concurrency: settings.concurrency, signal: env.signal }, paced);
    if (bucket) copy.bucket = bucket;
    const reads = paced.counts()?.sent ?? 0;
    const store = await open(copy);
    let report: ImportReport;
    try {
      report = await steps.run(spool ? '-' : file, { ...env, ...(spool ? { stdin: createReadStream(spool.path) } : {}), api: (tuning) => store.api(tuning) });
    } finally {
      await store.stop();
    }
    const rate = copy.bucket ? storeRate(copy.bucket) : undefined;
    return {
      ...report,
      lines: [
        ...report.lines,
        `Copied from the store with ${reads} ${reads === 1 ? 'read' : 'reads'} (GET only; nothing was written to it): ${copy.described}.`,
        estimateLine(report.summary.requests, rate),
      ],
    };
  } finally {
    if (spool) await rm(spool.dir, { recursive: true, force: true });
  }
}

export async function rehearseMetafields(request: ImportRequest, env: ImportEnv, open: OpenRehearsalStore): Promise<ImportReport> {
  return rehearse(request.file, request, env, open, {
    copy: (plan, paced) => copyMetafields(plan, paced.api, request.domain),
    run: (file, copyEnv) => importMetafields({ ...request, file, rehearsal: true }, copyEnv),
  });
}

/**
 * The codes generated for rows without one are the rehearsal's only: they go to a file in a
 * private directory (0700) removed at the end, while --codes-out is checked as the real run
 * checks it, and left alone.
 */
export async function rehearseGiftCards(request: GiftCardImportRequest, env: ImportEnv, open: OpenRehearsalStore): Promise<ImportReport> {
  const codesDir = request.codesOut === undefined ? undefined : await mkdtemp(join(tmpdir(), 'store-cli-rehearsal-'));
  try {
    return await rehearse(request.file, request, env, open, {
      check: async (source) => {
        await preflight(source, { dryRun: true, ...(request.shard ? { shard: request.shard } : {}), ...(request.codesOut !== undefined ? { codesOut: request.codesOut } : {}) });
      },
      copy: (plan, paced) => copyGiftCards(plan, paced.api),
      run: (file, copyEnv) => importGiftCards({ ...request, file, rehearsal: true, ...(codesDir ? { codesOut: join(codesDir, 'codes.csv') } : {}) }, copyEnv),
    });
  } finally {
    if (codesDir) await rm(codesDir, { recursive: true, force: true });
  }
}

/**
 * As for gift cards, codes generated for rows without one are the rehearsal's only (a private
 * file removed at the end); --codes-out is checked as the real run checks it, and left alone.
 */
export async function rehearseDiscountCodes(request: DiscountCodeImportRequest, env: ImportEnv, open: OpenRehearsalStore): Promise<ImportReport> {
  const codesDir = request.codesOut === undefined ? undefined : await mkdtemp(join(tmpdir(), 'store-cli-rehearsal-'));
  try {
    return await rehearse(request.file, request, env, open, {
      // The file checked whole, and --codes-out, as the real run checks them: a bad file sends nothing.
      check: async (source) => {
        await checkPreflight(source, { ...request, dryRun: true });
      },
      copy: (plan, paced) => copyDiscountCodes(plan, paced.api, request.discountId),
      run: (file, copyEnv) => importDiscountCodes({ ...request, file, rehearsal: true, ...(codesDir ? { codesOut: join(codesDir, 'codes.csv') } : {}) }, copyEnv),
    });
  } finally {
    if (codesDir) await rm(codesDir, { recursive: true, force: true });
  }
}

export async function rehearseProducts(request: ProductImportRequest, env: ImportEnv, open: OpenRehearsalStore): Promise<ImportReport> {
  return rehearse(request.file, request, env, open, {
    copy: (plan, paced) => copyProducts(plan, paced.api, { key: request.key, emptyClears: request.emptyClears }),
    run: (file, copyEnv) => importProducts({ ...request, file, rehearsal: true }, copyEnv),
  });
}
