// Progress of an import on stderr: a line rewritten in place in a terminal, or a plain
// line every few seconds in a CI log. Never on stdout.

export interface ProgressSnapshot {
  /** Rows read so far (of this shard). */
  read: number;
  /** Rows settled: applied, unchanged or failed. */
  done: number;
  failed: number;
  /** Bytes of the file read, and its size (undefined for stdin: no total, no ETA). */
  bytes: number;
  totalBytes: number | undefined;
  finishedReading: boolean;
  elapsedMs: number;
}

const number = new Intl.NumberFormat('en-US');

/** The total, exact once the file is read, before that estimated from the bytes read. */
function total(s: ProgressSnapshot): { rows: number; estimate: boolean } | undefined {
  if (s.finishedReading) return { rows: s.read, estimate: false };
  if (s.totalBytes === undefined || s.bytes <= 0 || s.read === 0) return undefined;
  return { rows: Math.max(s.read, Math.round((s.read * s.totalBytes) / s.bytes)), estimate: true };
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function formatProgress(s: ProgressSnapshot): string {
  const all = total(s);
  const seconds = s.elapsedMs / 1000;
  const rate = seconds > 0 ? s.done / seconds : 0;
  const parts = [
    all
      ? `${number.format(s.done)} / ${all.estimate ? '~' : ''}${number.format(all.rows)} rows ` +
        `(${Math.min(100, Math.floor((100 * s.done) / Math.max(1, all.rows)))}%)`
      : `${number.format(s.done)} rows`,
    `${number.format(Math.round(rate))} rows/s`,
    `${number.format(s.failed)} failed`,
  ];
  if (all && rate > 0 && s.done > 0) parts.push(`ETA ${formatDuration((1000 * Math.max(0, all.rows - s.done)) / rate)}`);
  return `import: ${parts.join(' · ')}`;
}

export interface ProgressReporter {
  stop(): void;
}

/**
 * `live`: the line is redrawn in place (\r) every quarter second and wiped at the end,
 * for a terminal. `lines`: a plain line every `intervalMs`, for logs.
 */
export function startProgress(write: (text: string) => void, mode: 'live' | 'lines', snapshot: () => ProgressSnapshot, intervalMs?: number): ProgressReporter {
  return startProgressLine(write, mode, () => formatProgress(snapshot()), intervalMs);
}

/** startProgress for any line: the export's, or another bulk run's. */
export function startProgressLine(
  write: (text: string) => void,
  mode: 'live' | 'lines',
  line: () => string,
  intervalMs = mode === 'live' ? 250 : 5000,
): ProgressReporter {
  const tick = () => {
    const text = line();
    write(mode === 'live' ? `\r${text}\u001b[K` : `${text}\n`);
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (mode === 'live') write('\r\u001b[K');
    },
  };
}
