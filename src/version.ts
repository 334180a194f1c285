// store-cli's version, read from package.json so that it is written in one place: --version,
// `version` and the User-Agent of every request and webhook store-cli sends report it.
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
