// `discount enable ID`: the status verb (status-verb.ts) that sets a discount enabled.
import { statusVerb } from './status-verb.js';

export default statusVerb('enable');
