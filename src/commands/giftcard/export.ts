// `giftcard export`: every card as the CSV (or JSON lines) giftcard import reads, sorted by code
// (so that an export imported elsewhere exports again as the same bytes); codes masked unless
// --reveal-codes.
import { GIFT_CARD_STATUSES } from '../../api/gift-cards/status.js';
import { RuntimeError, UsageError } from '../../core/errors.js';
import { plural } from '../../core/words.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: "Write the store's gift cards as the CSV that giftcard import reads (codes masked unless --reveal-codes)",
  flags: {
    status: oneOf('<status>', 'only cards in this status', GIFT_CARD_STATUSES),
    sinceId: text('<id>', 'only cards with an id greater than this'),
    lastCharacters: text('<xxxx>', 'only cards whose code ends with these four characters'),
    output: text('<file>', 'write to this file, which appears only once complete, instead of stdout (- is stdout; a device or FIFO is written in place)'),
    jsonl: boolean('write JSON lines (one object per card, keys as the CSV columns) instead of CSV; giftcard import reads CSV only'),
    revealCodes: boolean(
      'write whole codes (where the store shows them), so that the file imports into another store; the file is then created with mode 0600',
    ),
    sort: oneOf(
      '<order>',
      'row order: code (then id; the rows are held until the last page is read) or none (as the store lists them, written page by page)',
      ['code', 'none'],
      { default: 'code' },
    ),
    report: reportFlag(),
  },
  examples: [
    'store-cli giftcard export > cards.csv',
    'store-cli giftcard export --status enabled --reveal-codes --output cards.csv',
    'store-cli --profile old giftcard export --reveal-codes | store-cli --profile new giftcard import -',
  ],
  notes: `
CSV: code,initialValue,balance,currency,note,expireTime,customerId,status, one card a row,
  every page of the search read in turn, sorted by code (ignoring case), so that export,
  import elsewhere, export again gives the same bytes. Codes are secrets: without
  --reveal-codes they are written masked (****7KQ2), which giftcard import refuses.
  With --reveal-codes, --output files are created with mode 0600, stdout must not be a
  terminal (pipe it, or give --output), and a warning counts the whole codes written. A
  store that masks codes in its reads cannot reveal them: those cards are written masked
  and a warning counts them; when no code at all could be revealed the export fails
  (exit 1, an --output file is not written).
An --output that is no regular file (/dev/stdout, a terminal, a device, a FIFO) is
  written in place, never replaced; - is stdout.
`,
  async run(options, ctx) {
    const reveal = options.revealCodes === true;
    const { runExportVerb } = await import('../bulk-env.js');
    let file: string | undefined;
    const counts = await runExportVerb(ctx, options, {
      spec: { command: 'giftcard export', output: options.output, unit: { one: 'gift card', many: 'gift cards' } },
      async write(run, open) {
        const { target } = run;
        file = target.kind === 'file' ? options.output : undefined;
        if (reveal && target.kind === 'stdout' && ctx.io.isStdoutTTY) {
          throw new UsageError(
            '--reveal-codes writes whole gift card codes, which must not stay on a screen or in its scrollback: ' +
              'give --output FILE, or pipe stdout to a file or a program.',
          );
        }
        const [{ checkGiftCardSearch }, { exportGiftCards }, { countedPages }] = await Promise.all([
          import('../../api/gift-cards/schema.js'),
          import('../../bulk/kinds/gift-cards/export.js'),
          import('../../bulk/engine/export-progress.js'),
        ]);
        const filters = checkGiftCardSearch({ sinceId: options.sinceId, status: options.status, lastCharacters: options.lastCharacters });
        const api = await run.api();
        // A file is written whole or not at all: an older export there stays until this one is
        // complete. A device or FIFO (/dev/stdout, a pipe's name) is written in place. With
        // --reveal-codes the file holds secrets: private from its first byte.
        const sink = await open({ private: reveal });
        const written = await exportGiftCards(
          countedPages(api.giftCards.everyCard(filters), run.progress),
          sink,
          reveal,
          options.sort,
          options.jsonl ? 'jsonl' : 'csv',
        );
        // Asked to reveal, revealed nothing: not the file that was asked for.
        if (reveal && written.cards > 0 && written.revealed === 0) throw nothingRevealed(written.cards, file);
        return written;
      },
      rows: (written) => written.cards,
      told: (written, named) => `Exported ${plural(written.cards, 'gift card')}${named ? ` to ${named}` : ''}.`,
    });
    if (counts.revealed > 0) {
      const whole = counts.revealed === counts.cards ? `whole gift card codes` : plural(counts.revealed, 'whole gift card code');
      ctx.warn(`the export holds ${whole}${file ? ` (${file}, mode 0600)` : ''}: anyone who reads it can spend the cards.`);
    }
    if (reveal && counts.masked > 0)
      ctx.warn(`the store showed ${counts.masked} of the ${counts.cards} codes masked: those rows cannot be imported elsewhere.`);
  },
});

function nothingRevealed(cards: number, output: string | undefined): RuntimeError {
  const all = cards === 1 ? 'its one code' : `all ${cards} codes`;
  const kept = output === undefined ? '' : ` ${output} was not written.`;
  return new RuntimeError(
    `--reveal-codes: no code could be revealed: the store showed ${all} masked ` +
      `(it does not show whole codes in its reads), so the export cannot be imported elsewhere.${kept}`,
  );
}
