import type { Noun } from '../types.js';
import * as exportState from './export.js';
import { fault } from './fault/index.js';
import * as importState from './import.js';
import * as logs from './logs.js';
import * as reset from './reset.js';
import * as serve from './serve.js';

export const sandbox: Noun = {
  name: 'sandbox',
  summary: 'Run the local emulator of the whole service; reset, export or import its state, read its request log',
  verbs: [serve, reset, exportState, importState, logs],
  nouns: [fault],
};
