// Progress of an export in a terminal: what it has read from the store so far, on a stderr
// line redrawn in place (import-progress.ts draws it) and wiped at the end, so that an export
// to a file never sits silent for its whole run. Never on stdout.
import { formatDuration, startProgressLine } from './import-progress.js';

const number = new Intl.NumberFormat('en-US');

/** What an export counts: "gift card", "gift cards". */
export interface ExportUnit {
  one: string;
  many: string;
}

export interface ExportProgress {
  /** `count` more records read. */
  add(count: number): void;
  /** Wipes the line for a message of its own (a warning); the next tick draws it again below. */
  clear(): void;
  stop(): void;
}

/** `export: 1,250 gift cards · 310/s · 4s`. */
function exportProgressLine(read: number, unit: ExportUnit, elapsedMs: number): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? read / seconds : 0;
  return `export: ${number.format(read)} ${read === 1 ? unit.one : unit.many} · ${number.format(Math.round(rate))}/s · ${formatDuration(elapsedMs)}`;
}

/** The line redrawn by `write` (the terminal's stderr) until stop(); `clock` in milliseconds. */
export function startExportProgress(write: (text: string) => void, unit: ExportUnit, clock: () => number = () => performance.now()): ExportProgress {
  const started = clock();
  let read = 0;
  const reporter = startProgressLine(write, 'live', () => exportProgressLine(read, unit, clock() - started));
  return {
    add(count) {
      read += count;
    },
    clear: () => write('\r\u001b[K'),
    stop: () => reporter.stop(),
  };
}

/** No progress: an export whose stderr is no terminal, or whose rows are on the screen already. */
export const NO_PROGRESS: ExportProgress = { add() {}, clear() {}, stop() {} };

/** `pages` as they come, each counted. */
export async function* countedPages<T>(pages: AsyncIterable<T[]>, progress: ExportProgress): AsyncGenerator<T[]> {
  for await (const page of pages) {
    progress.add(page.length);
    yield page;
  }
}
