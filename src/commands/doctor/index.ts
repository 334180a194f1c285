// The `doctor` noun: the read-only check of the current profile's store (doctor.ts runs the
// checks, checks.ts words each line).
import type { Noun } from '../types.js';
import doctor from './doctor.js';

// `doctor` has no verbs: the noun itself is the command.
export const doctorNoun: Noun = {
  name: 'doctor',
  summary: "Check the current profile's store, read-only: reachable, TLS, header family, token, scopes, API version, rate limit, paging, forms",
  verbs: [],
  action: doctor,
};
