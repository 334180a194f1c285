// What the rehearsal tests compare between a rehearsal and the real run that follows: the
// writes a request log shows, the plan of a --json summary, a rejects file's rows.
import { readFileSync } from 'node:fs';
import { methodAndPath } from './store-request.js';

export interface Summary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  requests: number;
}

/** The requests of a log that are not reads. */
export const writes = (requests: string[]) => requests.map(methodAndPath).filter((line) => !line.startsWith('GET '));

/** What a summary says would happen, without its costs. */
export const plan = (s: Summary) => ({ rows: s.rows, created: s.created, updated: s.updated, unchanged: s.unchanged, failed: s.failed });

/** A rejects file's header, then its rows in line order: rejects are written as they fail, so in any order. */
export function rowsOf(path: string): string[] {
  const [header = '', ...rows] = readFileSync(path, 'utf8').trimEnd().split('\n');
  return [header, ...rows.sort((a, b) => Number(a.split(',')[0]) - Number(b.split(',')[0]))];
}
