// `sandbox export FILE`: a running sandbox's whole state (GET /_sandbox/state) in the seed format,
// written whole or not at all; never over the state files of a sandbox that is running.
import { arg, boolean, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: "Write a running sandbox's whole state to a file (or - for stdout) in the seed format: sandbox import and serve --seed take it back",
  args: { file: arg('the file to write (mode 0600: it holds full gift card codes), or - for stdout; a device or FIFO is written in place') },
  flags: { force: boolean('replace the file if it exists') },
  examples: ['store-cli --base-url http://127.0.0.1:12412 sandbox export state.json', 'store-cli --profile sandbox sandbox export - | jq .giftCards'],
  notes: `
The sandbox is chosen as for every sandbox verb (see sandbox reset --help: --sandbox, else
--base-url or the profile) and named on stderr. The file is written whole or not at all;
one that is no regular file (/dev/stdout, a device, a FIFO) is written in place and needs
no --force. The data file, journal or lock of a running sandbox is refused (exit 2),
--force or not: it would destroy that sandbox's state.
`,
  async run(options, ctx) {
    const [{ exists, fileExists, writeOutputFile }, { toJson }, { outputTarget }, { UsageError }] = await Promise.all([
      import('../../core/atomic-file.js'),
      import('../../core/json.js'),
      import('../../core/output-target.js'),
      import('../../core/errors.js'),
    ]);
    const target = await outputTarget(options.file);
    // Refused before anything is asked of the sandbox.
    if (target.kind === 'file') {
      const { liveSandboxOwning } = await import('../../sandbox/index.js');
      const owner = await liveSandboxOwning(target.path);
      if (owner !== undefined) {
        throw new UsageError(
          `${options.file} is the state of the sandbox running as pid ${owner} (its data file, journal or lock): ` +
            `writing it would destroy that sandbox's state; give another file. Nothing was written.`,
          false,
        );
      }
      if (!options.force && (await exists(target.path))) throw fileExists(options.file, '--force');
    }
    const api = await ctx.api();
    const state = await ctx.spin('Reading the sandbox state…', () => api.sandboxControl.request('GET', '/state'));
    const text = `${toJson(state, 2)}\n`;
    const { describeCounts, targetName } = await import('./running.js');
    const where = await targetName(ctx);
    const toStdout = target.kind === 'stdout';
    if (toStdout) ctx.io.out(text);
    else await writeOutputFile(target, text, { overwrite: options.force === true, flag: '--force' });
    const counts = Object.fromEntries(
      Object.entries(state as Record<string, unknown[]>).map(([key, list]) => [key, key === 'metafields' ? valuesIn(list) : list.length]),
    );
    ctx.say(`State of ${where} written to ${toStdout ? 'stdout' : options.file}: ${describeCounts({ counts })}.`);
  },
});

function valuesIn(objects: unknown[]): number {
  return objects.reduce<number>((sum, object) => sum + ((object as { values?: unknown[] }).values?.length ?? 0), 0);
}
