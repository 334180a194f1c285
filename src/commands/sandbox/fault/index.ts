// The `sandbox fault` noun, below `sandbox`: a running sandbox's targeted fault rules, changed
// while it runs (its --fault flags set them at start).
import type { Noun } from '../../types.js';
import add from './add.js';
import list from './list.js';
import remove from './remove.js';

export const fault: Noun = {
  name: 'fault',
  summary: "Change a running sandbox's targeted fault rules while it runs",
  verbs: [add, list, remove],
};
