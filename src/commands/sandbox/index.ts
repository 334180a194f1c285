import type { Noun } from '../types.js';
import * as exportState from './export.js';
import * as importState from './import.js';
import * as reset from './reset.js';
import * as serve from './serve.js';

export const sandbox: Noun = {
  name: 'sandbox',
  summary: 'run the local emulator of the whole service; reset, export or import its state',
  verbs: [serve, reset, exportState, importState],
};
