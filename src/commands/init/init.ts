// store-cli init: a store.toml for this folder, written from the saved profiles (one
// environment each, the default profile as the folder's env), with the guards shown
// commented out for the user to choose. Never over an existing file without --force, and
// atomically: a reader sees the old file or the new one.
import { UsageError } from '../../core/errors.js';
import { boolean, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  summary: "Write this folder's store.toml from the saved profiles: one environment each, no tokens",
  flags: {
    force: boolean('replace an existing store.toml in this folder'),
  },
  notes:
    "\nThe file names this folder's stores: its [store] env is the target of every command run here or below " +
    "(after --profile/--env and STORE_CLI_PROFILE/STORE_CLI_ENV); each environment can pin the shop's domain (expect_domain), " +
    'ask before writes (protected) or refuse them (read_only). It holds no token: commit it. See docs/fleet.md.\n',
  examples: ['store-cli init', 'store-cli init --force'],
  async run(options, ctx) {
    const [config, { join }, { writeFileAtomically }, { storeFileText }, { shownPath, STORE_FILE_NAME }] = await Promise.all([
      ctx.config(),
      import('node:path'),
      import('../../core/atomic-file.js'),
      import('./store-file-text.js'),
      import('../../core/store-file.js'),
    ]);
    const names = config.profileNames();
    if (names.length === 0)
      throw new UsageError(
        "No saved profiles to write a store.toml from: run 'store-cli auth login' first (or --profile NAME auth login for each store).",
        false,
      );
    const profiles = names.map((name) => ({ name, baseUrl: config.profile(name)?.baseUrl }));
    const saved = config.defaultProfile();
    const env = saved !== undefined && names.includes(saved) ? saved : names.includes('default') ? 'default' : names[0]!;
    const path = join(ctx.cwd, STORE_FILE_NAME);
    await writeFileAtomically(path, storeFileText(profiles, env), { overwrite: options.force === true, flag: '--force' });
    ctx.say(
      `Wrote ${shownPath(path, ctx.cwd)}: ${names.length} environment${names.length === 1 ? '' : 's'} (${names.join(', ')}), '${env}' the default; no tokens.`,
    );
  },
});
