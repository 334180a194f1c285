import type { Noun } from '../../types.js';
import * as add from './add.js';
import * as list from './list.js';
import * as remove from './remove.js';

export const fault: Noun = {
  name: 'fault',
  summary: "Change a running sandbox's targeted fault rules while it runs",
  verbs: [add, list, remove],
};
