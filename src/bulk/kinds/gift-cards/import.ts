// The gift card import, as the engine runs it (engine/import-kind.ts): the file checked whole
// before anything is sent (pre-flight, which also makes the codes of rows without one), the
// store's cards read when that is cheap, then the rows run through the import engine as gift
// cards. stdin is read once into a private temporary file, as the file is read twice. Its
// rehearsal copies the cards ending as the file's codes do (copy.ts); its undo (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import { AuthError, NetworkError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import { CardIndex, GIFT_CARD_REJECTS, giftCardKind, readIndex } from './kind.js';
import { codesOutPlace } from '../../engine/codes-out.js';
import { preflight } from './preflight.js';
import { openRejectsFile } from '../../engine/rejects.js';
import { report as reportOf, runImportJob, type ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { copyGiftCards } from './copy.js';
import { giftCardUndo } from './undo.js';
import { giftCardWatch } from './watch.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { stoppedBeforeWriting } from '../../engine/run-import.js';
import { reopenableInput } from '../../engine/source.js';

export type GiftCardImportRequest = ImportRequest;

async function run(request: GiftCardImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
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
      // Ctrl-C, or a store that refused everything, before the first card: none of the rows was done.
      const stopped = stoppedBeforeWriting(checked.rows, performance.now() - started, error, env.signal);
      if (stopped) return reportOf(stopped, imported.name, request, paced.counts(), 'card');
      if (!offline) throw error;
    }
    // Every check passed and the store answered: the codes file is made (synced) before the first card.
    await checked.writeCodes();
    const report = await journaled(imported.name, async (journal) =>
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
      lines.push(
        `${plural(checked.generated.size, 'code was', 'codes were')} generated for rows without one: they are ${await codesOutPlace(request.codesOut!)}, and nowhere else.`,
      );
    return { ...report, lines };
  } finally {
    await input.close();
  }
}

export const giftCardImport: ImportKind<GiftCardImportRequest> = {
  command: 'giftcard import',
  run,
  rehearsal: {
    check: async (source, request) => {
      await preflight(source, {
        dryRun: true,
        ...(request.shard ? { shard: request.shard } : {}),
        ...(request.codesOut !== undefined ? { codesOut: request.codesOut } : {}),
      });
    },
    copy: (plan, api) => copyGiftCards(plan, api),
  },
  undo: [giftCardUndo],
};
