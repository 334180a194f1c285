import type { Noun } from '../types.js';
import { fault } from './fault/index.js';
import * as logs from './logs.js';
import * as reset from './reset.js';
import * as serve from './serve.js';

export const sandbox: Noun = {
  name: 'sandbox',
  summary: 'run the local emulator of the whole service, or clear the embedded one',
  verbs: [serve, reset, logs],
  nouns: [fault],
};
