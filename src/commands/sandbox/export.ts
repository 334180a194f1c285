import type { Context } from '../../core/context.js';
import { arg, boolean, defineVerb, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'export',
  summary: "Write a running sandbox's whole state to a file (or - for stdout) in the seed format: sandbox import and serve --seed take it back",
  args: { file: arg('the file to write (mode 0600: it holds full gift card codes), or - for stdout') },
  flags: { force: boolean('replace the file if it exists') },
  examples: ['store-cli --base-url http://127.0.0.1:12412 sandbox export state.json', 'store-cli --profile sandbox sandbox export - | jq .giftCards'],
  notes: '\nThe sandbox is chosen as for every sandbox verb (see sandbox reset --help: --sandbox, else --base-url or the profile) and named on stderr. The file is written whole or not at all.\n',
});

export type ExportOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ExportOptions, ctx: Context): Promise<void> {
  const [{ exists, fileExists, writeFileAtomically }, { toJson }] = await Promise.all([import('../../core/atomic-file.js'), import('../../core/json.js')]);
  const toStdout = options.file === '-';
  // Refused before anything is asked of the sandbox.
  if (!toStdout && !options.force && (await exists(options.file))) throw fileExists(options.file, '--force');
  const api = await ctx.api();
  const state = await ctx.spin('Reading the sandbox state…', () => api.sandboxControl.request('GET', '/state'));
  const text = `${toJson(state, 2)}\n`;
  const { describeCounts, targetName } = await import('./running.js');
  const where = await targetName(ctx);
  if (!toStdout) await writeFileAtomically(options.file, text, { overwrite: options.force === true, flag: '--force' });
  else ctx.io.out(text);
  const counts = Object.fromEntries(Object.entries(state as Record<string, unknown[]>).map(([key, list]) => [key, key === 'metafields' ? valuesIn(list) : list.length]));
  ctx.say(`State of ${where} written to ${toStdout ? 'stdout' : options.file}: ${describeCounts({ counts })}.`);
}

function valuesIn(objects: unknown[]): number {
  return objects.reduce<number>((sum, object) => sum + ((object as { values?: unknown[] }).values?.length ?? 0), 0);
}
