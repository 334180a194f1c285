// What a rehearsal copies from the live store, and how it reads it: only what the file
// touches. Each kind's copy (kinds/<kind>/copy.ts) first reads the file through the import's
// own row kind (eachGroup: the same header, checks and shard as the real run, so a bad file
// stops here, before any request), noting what it touches; then reads the store, GETs only,
// and gives what it read as the seed of the rehearsal's store (src/root/rehearsal-store.ts
// starts the emulator with it). The copy is held in memory only: it may hold whole codes.
import { ApiError, CancelledError } from '../../core/errors.js';
import type { BucketReading } from '../../core/store-bucket.js';
import type { Group, Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { Import, type ImportSource } from './run-import.js';
import type { Shard } from './shard.js';

export interface StoreCopy {
  /**
   * What was copied, as the rehearsal store's seed document holds it (docs/sandbox.md, "Seeds
   * and snapshots"): its sections by name (metafieldDefinitions, metafields, giftCards,
   * discounts, products...), each a list of records. A kind's copy fills the sections it touches.
   */
  seed: Record<string, readonly object[]>;
  /** How the store shows codes in reads, once a card was read. */
  codesInReads?: 'masked' | 'shown';
  /** The currency of the store's cards, once one was read. */
  currency?: string;
  /** The store withheld protected customer fields from the token: the copy withholds them from its own. */
  withholdsProtected?: boolean;
  /** The last rate-limit bucket the store announced in its answers. */
  bucket?: BucketReading;
  /** What was copied, for the summary: "3 objects' values and 2 definitions". */
  described: string;
}

export interface CopyPlan {
  source: ImportSource;
  shard?: Shard;
  /** Reads in flight. */
  concurrency: number;
  signal: AbortSignal;
}

/** Runs the file through `kind` as the import would, handing each group to `seen` instead of the store. */
export async function eachGroup<T extends TextOf, R extends RowOf<T>, L extends Layout>(
  plan: CopyPlan,
  kind: RowKind<T, R, L>,
  seen: (group: Group<R>) => void,
): Promise<void> {
  const scan = new Import({
    source: plan.source,
    kind: {
      ...kind,
      apply: async (group, _dryRun, settle) => {
        seen(group);
        for (const row of group.rows) settle(row, { kind: 'unchanged' });
      },
    },
    ...(plan.shard ? { shard: plan.shard } : {}),
    dryRun: true,
    concurrency: 1,
    signal: plan.signal,
  });
  const result = await scan.run();
  if (result.stop?.kind === 'interrupted' || plan.signal.aborted) throw new CancelledError();
}

/** `work` on every item, at most `limit` at once. */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A read the store refuses: definitions it does not let be read (the copy gets none, as the
 * import then claims none: kinds/metafields/undefined-fields.ts), or an object it does not
 * take (a bizId it refuses: the copy holds nothing of it, and rehearsal.ts refuses it again on the copy).
 */
export function unreadable(error: unknown): boolean {
  return error instanceof ApiError && error.status !== 401 && error.status !== 429 && error.status < 500;
}

/** A store's time (zone-less in the real dialect: taken as UTC) as a seed writes one: 2026-11-21T10:00:00Z. */
export function seedTime(time: string): string {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(time) ? time : `${time}Z`;
  const at = Date.parse(zoned);
  return Number.isNaN(at) ? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') : new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
