// `sandbox import FILE`: a running sandbox's whole state replaced from a seed-format file (PUT
// /_sandbox/state), checked here first so that a bad file names its JSON path and sends nothing.
import { confirmOrRequireYes } from '../../core/prompts.js';
import { arg, defineVerb, yesFlag } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  asks: true,
  name: 'import',
  summary: "Replace a running sandbox's whole state with a file in the seed format (what sandbox export writes); asks first unless --yes",
  args: { file: arg('the state or seed file to load, or - for stdin') },
  flags: { yes: yesFlag() },
  examples: ['store-cli --base-url http://127.0.0.1:12412 sandbox import state.json --yes', 'store-cli --profile other sandbox import - --yes < state.json'],
  notes:
    '\nThe sandbox is chosen as for every sandbox verb (see sandbox reset --help) and named on stderr. ' +
    'The file is checked first: a problem is named by its JSON path (exit 2) and nothing is sent. The change is all or nothing.\n',
  async run(options, ctx) {
    const [{ readInputBytes, utf8Text, checkJsonDepth }, { parseJson }, { UsageError }, { MAX_STATE_BYTES, seedProblem }, { describeCounts, targetName }] =
      await Promise.all([
        import('../../core/input-text.js'),
        import('../../core/json.js'),
        import('../../core/errors.js'),
        import('../../sandbox/index.js'),
        import('./running.js'),
      ]);
    const name = options.file === '-' ? 'stdin' : options.file;
    const text = utf8Text(await readInputBytes(options.file, ctx.io.stdin, name, MAX_STATE_BYTES), name);
    checkJsonDepth(text, name);
    let state: unknown;
    try {
      state = parseJson(text);
    } catch (error) {
      throw new UsageError(`${name} is not valid JSON (${(error as Error).message}); nothing was sent.`, false);
    }
    const problem = await seedProblem(state, name);
    if (problem !== undefined) throw new UsageError(`${problem} Nothing was sent.`, false);
    const where = await targetName(ctx);
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `replace the state of ${where}`,
      question: `Replace the whole state of ${where} with ${name}? Every change made to it is lost.`,
    });
    const api = await ctx.api();
    const answer = await ctx.spin('Replacing the sandbox state…', () => api.sandboxControl.request('PUT', '/state', { body: state }));
    ctx.say(`State of ${where} replaced from ${name}: ${describeCounts(answer)}.`);
  },
});
