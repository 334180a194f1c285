// The `sandbox` noun: the local emulator of the whole service (src/sandbox), run by `serve` or
// embedded by --sandbox, and the verbs that reset it, export or import its state and read its
// request log; its fault rules are the sub-noun `sandbox fault`.
import type { Noun } from '../types.js';
import exportState from './export.js';
import { fault } from './fault/index.js';
import importState from './import.js';
import logs from './logs.js';
import reset from './reset.js';
import serve from './serve.js';

export const sandbox: Noun = {
  name: 'sandbox',
  summary: 'Run the local emulator of the whole service; reset, export or import its state, read its request log',
  verbs: [serve, reset, exportState, importState, logs],
  nouns: [fault],
};
