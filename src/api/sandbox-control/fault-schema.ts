// A running store-cli sandbox's targeted fault rule, as its `/_sandbox/faults` endpoints send
// it. Numbers stay as the sandbox wrote them (lossless).
import * as z from 'zod/mini';
import { LosslessNumber } from '../../core/json.js';
import type { Assert, ExactFields } from '../schema.js';
import type { SandboxFaultField } from './fields.js';

const wireNumber = z.union([z.string(), z.instanceof(LosslessNumber)]);

export const sandboxFaultSchema = z.looseObject({
  id: z.string(),
  /** The rule in its canonical form, e.g. `POST /api/202412/metafields/** 503@0.3`. */
  rule: z.string(),
  method: z.string(),
  path: z.string(),
  /** An HTTP status, or `reset`. */
  status: wireNumber,
  probability: wireNumber,
  latencyMs: wireNumber,
});
export type SandboxFault = z.infer<typeof sandboxFaultSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type SandboxFaultFieldsCheck = Assert<ExactFields<typeof sandboxFaultSchema.shape, SandboxFaultField>>;
