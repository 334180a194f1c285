// `discount disable ID`: the status verb (status-verb.ts) that sets a discount disabled.
import { statusVerb } from './status-verb.js';

export default statusVerb('disable');
