// One gift card import: the file checked whole before anything is sent (pre-flight, which
// also makes the codes of rows without one), the store's cards read when that is cheap,
// then the rows run through the import engine as gift cards. stdin is read once into a
// private temporary file, as the file is read twice.
import type { BulkEnv } from '../../engine/env.js';
import { AuthError, CancelledError, NetworkError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import { CardIndex, GIFT_CARD_REJECTS, giftCardKind, readIndex } from './kind.js';
import { codesOutPlace } from '../../engine/codes-out.js';
import { preflight } from './preflight.js';
import { openRejectsFile } from '../../engine/rejects.js';
import { report as reportOf, runImportJob, withJournal, type ImportReport } from '../../engine/import-job.js';
import { giftCardWatch } from '../../runs/watches.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { GaveUpError } from '../../engine/paced-api.js';
import type { ImportResult, RejectLimit, Stop } from '../../engine/run-import.js';
import type { Shard } from '../../engine/shard.js';
import { reopenableInput } from '../../engine/source.js';

export interface GiftCardImportRequest {
  /** A CSV path, or "-" for stdin. */
  file: string;
  shard?: Shard;
  dryRun: boolean;
  concurrency: number;
  rejectsPath?: string;
  /** Where the codes generated for rows without one are written (created new, 0600). */
  codesOut?: string;
  /** --give-up-after, in milliseconds. */
  giveUpAfterMs?: number;
  /** --results. */
  resultsPath?: string;
  /** --max-rejects. */
  maxRejects?: RejectLimit;
  /** --all-or-nothing. */
  allOrNothing?: boolean;
  /** The run is on a rehearsal's copy of the store (rehearsal.ts); 'check': all or nothing's check. */
  rehearsal?: boolean | 'check';
}

export async function importGiftCards(request: GiftCardImportRequest, env: BulkEnv): Promise<ImportReport> {
  // Its outputs were checked together before (commands/bulk-import.ts: none is another, or the input).
  const { rejectsPath } = request;
  // Read twice (checked whole first, then imported): stdin is kept in a private file meanwhile.
  const input = await reopenableInput(request.file, env.stdin, env.signal, true);
  try {
    const whole = await input.open();
    // Opened before the check, which writes every problem row to it, and so before the first request.
    const imported = { name: whole.name, ...(whole.identity ? { identity: whole.identity } : {}) };
    const rejects = rejectsPath === undefined ? undefined : await openRejectsFile(rejectsPath, imported, GIFT_CARD_REJECTS);
    let checked;
    try {
      checked = await preflight(whole, {
        dryRun: request.dryRun,
        ...(request.shard ? { shard: request.shard } : {}),
        ...(request.codesOut !== undefined ? { codesOut: request.codesOut } : {}),
        ...(rejects && rejectsPath !== undefined ? { rejects: { sink: rejects, path: rejectsPath } } : {}),
      });
    } catch (error) {
      await rejects?.close();
      throw error;
    }
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const store = paced.api.giftCards;
    let index: CardIndex | undefined;
    const started = performance.now();
    try {
      index = await readIndex(store, checked.rows);
    } catch (error) {
      // A dry run without a store to read validates only (the engine says so).
      const offline = request.dryRun && (error instanceof AuthError || error instanceof NetworkError);
      if (!offline) await rejects?.close();
      // Ctrl-C before the first card: the summary says that none of the rows was done.
      if (error instanceof CancelledError || env.signal.aborted)
        return reportOf(stoppedBefore(checked.rows, performance.now() - started, { kind: 'interrupted' }), imported.name, request, paced.counts(), 'card');
      // The store refused everything for --give-up-after: the summary says none was done.
      if (error instanceof GaveUpError) return reportOf(stoppedBefore(checked.rows, performance.now() - started, { kind: 'failed', error }), imported.name, request, paced.counts(), 'card');
      if (!offline) throw error;
    }
    // Every check passed and the store answered: the codes file is made (synced) before the first card.
    await checked.writeCodes();
    const report = await withJournal(env, { command: 'giftcard import', ...request }, imported.name, async (journal) =>
      runImportJob(
        await input.open(),
        giftCardKind(store, index, checked.generated, journal ? giftCardWatch(journal) : undefined),
        GIFT_CARD_REJECTS,
        request,
        env,
        paced,
        rejects ? { opened: rejects } : {},
      ),
    );
    const lines = [...report.lines];
    if (index && index.size > 0) lines.push(`Planned from the store's ${index.size} cards, read in ${plural(index.pages, 'page')} before the import.`);
    if (checked.generated.size > 0)
      lines.push(`${plural(checked.generated.size, 'code was', 'codes were')} generated for rows without one: they are ${await codesOutPlace(request.codesOut!)}, and nowhere else.`);
    return { ...report, lines };
  } finally {
    await input.close();
  }
}

/** The result of a run stopped while it read the store's cards: every row read, none done. */
function stoppedBefore(rows: number, elapsedMs: number, stop: Stop): ImportResult {
  return { rows, created: 0, updated: 0, unchanged: 0, partial: 0, failed: 0, valid: 0, objects: 0, otherShards: 0, elapsedMs: Math.round(elapsedMs), rejects: [], stop };
}
