// The state controls: a snapshot of the whole state in the seed format (GET), replacing it
// with one (PUT), and a reset to the seed the sandbox started from (POST /reset).
import { MAX_STATE_BYTES, type ControlRoute } from './control.js';
import { mayReadProtected, PROTECTED_DATA_SCOPE } from './protected-fields.js';
import { ErrorAnswer, invalid, malformedBody } from './sandbox-errors.js';
import { checkSeed, type StoreSeed } from '../state/seed.js';
import type { SandboxStore } from '../state/store.js';

/** At most this many problems are listed in a 400 (the message counts them all). */
const LISTED_PROBLEMS = 100;

/** `baseline`: the seed with the definitions in force at start (`--definitions` replaces the seed's), made when first asked for. */
export function stateControlRoutes(store: SandboxStore, baseline: () => StoreSeed): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/state',
      summary: 'the whole state, in the seed format (sandbox export)',
      handle(request) {
        // The snapshot holds customers' names, emails, phones and addresses as they are: a token
        // the API withholds them from is refused the whole, rather than given a copy without
        // them that `sandbox import` would then load as customers who have none.
        if (!mayReadProtected(request)) {
          throw new ErrorAnswer(403, 'forbidden', `The state holds protected customer data: it needs a token approved for it (${PROTECTED_DATA_SCOPE}).`);
        }
        return { body: store.snapshot() };
      },
    },
    {
      method: 'PUT',
      path: '/state',
      summary: 'replace the whole state with a snapshot in the seed format (sandbox import)',
      maxBodyBytes: MAX_STATE_BYTES,
      async handle(request) {
        if (request.body === undefined)
          throw malformedBody('PUT /_sandbox/state needs the new state as its JSON body, in the seed format (what GET /_sandbox/state answers).');
        const checked = checkSeed(request.body, request.now);
        if (!checked.ok) throw new ErrorAnswer(400, 'invalid', invalid(checked.problems).message, checked.problems.slice(0, LISTED_PROBLEMS));
        await store.replace(checked.seed);
        return { body: { counts: store.counts() } };
      },
    },
    {
      method: 'POST',
      path: '/reset',
      summary: 'go back to the seed the sandbox started from (empty without one)',
      async handle() {
        await store.replace(baseline());
        return { body: { counts: store.counts() } };
      },
    },
  ];
}
