// The entries of a running sandbox's request log, as `GET /_sandbox/logs` answers them, and
// what a reader may ask for. log-requests.ts reads them.
import * as z from 'zod/mini';
import { LosslessNumber } from '../../core/json.js';
import type { Assert, ExactFields } from '../schema.js';
import type { SandboxLogField } from './fields.js';

/** A small whole number (seq, status, ms), as a JSON number however the JSON parser kept it. */
const count = z.pipe(
  z.union([z.number(), z.instanceof(LosslessNumber)]),
  z.transform((value) => Number(value.toString())),
);

export const sandboxLogEntrySchema = z.object({
  seq: count,
  time: z.string(),
  kind: z.enum(['request', 'webhook']),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  status: count,
  ms: count,
  tokenLast4: z.string(),
  topic: z.optional(z.string()),
  webhookId: z.optional(z.string()),
  attempt: z.optional(count),
  outcome: z.optional(z.string()),
  error: z.optional(z.string()),
});

export type SandboxLogEntry = z.infer<typeof sandboxLogEntrySchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type SandboxLogFieldsCheck = Assert<ExactFields<typeof sandboxLogEntrySchema.shape, SandboxLogField>>;

export const sandboxLogPageSchema = z.object({
  /** One run of the sandbox: another value means it restarted, and seq began again at 1. */
  instance: z.string(),
  /** The oldest seq the log still keeps, and the newest written. */
  first: count,
  last: count,
  size: count,
  entries: z.array(sandboxLogEntrySchema),
});

export type SandboxLogPage = z.infer<typeof sandboxLogPageSchema>;

export interface SandboxLogQuery {
  /** Statuses and classes, comma-separated: `4xx,429,0`. */
  status?: string;
  /** Methods, comma-separated. */
  method?: string;
  /** A path prefix (a webhook delivery's path is its URL). */
  path?: string;
  /** Only entries after this seq. */
  after?: number;
  /** Only the newest this many of the matching entries. */
  limit?: number;
  /** When none match yet, the sandbox holds the request up to this long for one to come. */
  waitMs?: number;
  /** The run of the sandbox `after` counts in: a restarted sandbox answers its whole log at once. */
  instance?: string;
}
