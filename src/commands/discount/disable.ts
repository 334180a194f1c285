import { statusVerb } from './status-verb.js';

export default statusVerb('disable');
