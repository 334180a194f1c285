// The `version` noun: store-cli's version, and with --json the Node.js version and platform
// beside it (version.ts).
import type { Noun } from '../types.js';
import version from './version.js';

// `version` has no verbs: the noun itself is the command (gh, stripe and shopify have it beside --version).
export const versionNoun: Noun = {
  name: 'version',
  summary: 'Print the version, as --version does; --json adds the Node.js version and the platform',
  verbs: [],
  action: version,
};
