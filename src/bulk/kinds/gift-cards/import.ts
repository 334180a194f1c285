// The gift card import, as the engine runs it (engine/import-kind.ts): the file checked whole
// before anything is sent (pre-flight, which also makes the codes of rows without one), the
// store's cards read when that is cheap, then the rows run through the import engine as gift
// cards. stdin is read once into a private temporary file, as the file is read twice. Its
// rehearsal copies the cards ending as the file's codes do (copy.ts); its undo (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import { plural } from '../../../core/words.js';
import { CardIndex, GIFT_CARD_REJECTS, giftCardKind, readIndex } from './kind.js';
import { codesOutPlace } from '../../engine/codes-out.js';
import { preflight } from './preflight.js';
import { checkedImport, readBeforeWriting, type CheckRejects } from '../../engine/checked-import.js';
import type { ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { copyGiftCards } from './copy.js';
import { giftCardUndo } from './undo.js';
import { giftCardWatch } from './watch.js';
import { openPacedApi } from '../../engine/paced-api.js';
import type { ImportSource } from '../../engine/run-import.js';
import type { GiftCardText } from './rows.js';

export type GiftCardImportRequest = ImportRequest;

async function run(request: GiftCardImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
  const check = (whole: ImportSource, rejects: CheckRejects<GiftCardText> | undefined) =>
    preflight(whole, {
      dryRun: request.dryRun,
      ...(request.shard ? { shard: request.shard } : {}),
      ...(request.codesOut !== undefined ? { codesOut: request.codesOut } : {}),
      ...(rejects ? { rejects } : {}),
    });
  return checkedImport(request, env, GIFT_CARD_REJECTS, check, async (file) => {
    const { checked } = file;
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const store = paced.api.giftCards;
    const read = await readBeforeWriting(() => readIndex(store, checked.rows), checked.rows, { request, env, paced, file, unit: 'card' });
    if ('stopped' in read) return read.stopped;
    const index: CardIndex | undefined = read.read;
    // Every check passed and the store answered: the codes file is made (synced) before the first card.
    await checked.writeCodes();
    const report = await file.runRows(journaled, paced, (journal) =>
      giftCardKind(store, index, checked.generated, journal ? giftCardWatch(journal) : undefined),
    );
    const lines = [...report.lines];
    if (index && index.size > 0) lines.push(`Planned from the store's ${index.size} cards, read in ${plural(index.pages, 'page')} before the import.`);
    if (checked.generated.size > 0)
      lines.push(
        `${plural(checked.generated.size, 'code was', 'codes were')} generated for rows without one: they are ${await codesOutPlace(request.codesOut!)}, and nowhere else.`,
      );
    return { ...report, lines };
  });
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
