// `auth list`: every saved profile from the config file alone (no request), its token only as
// its last four characters, with the default and the profile this command line uses marked.
import type { Column } from '../../core/output.js';
import { defineVerb } from '../verb.js';

interface ProfileRow {
  profile: string;
  baseUrl: string | null;
  /** `****` and the last four characters, never the token itself. */
  token: string | null;
  /** The profile used without --profile or STORE_CLI_PROFILE (`auth switch`). */
  default: boolean;
  /** The profile this command line uses (--profile, STORE_CLI_PROFILE or the default). */
  active: boolean;
}

const FIELDS = ['profile', 'baseUrl', 'token', 'default', 'active'] as const;

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: "List the saved profiles: base URL, the token's last 4 characters, which is the default and which is in use",
  json: {
    fields: FIELDS,
    list: true,
    columns: FIELDS,
    what: `an array of {${FIELDS.map((f) => `"${f}"`).join(', ')}} from the saved profiles (the token as **** and its last 4 characters)`,
  },
  examples: ['store-cli auth list', 'store-cli auth list --json profile,active'],
  notes: "\nDefault: the profile used without --profile or STORE_CLI_PROFILE ('auth switch' sets it). Active: the one this command line uses.\n",
  async run(options, ctx) {
    const [out, config, active, { redactToken }, { DEFAULT_PROFILE }] = await Promise.all([
      ctx.output(),
      ctx.config(),
      ctx.profile(),
      import('../../core/secrets.js'),
      import('../../core/target.js'),
    ]);
    const defaultName = config.defaultProfile() ?? DEFAULT_PROFILE;
    const rows: ProfileRow[] = config.profileNames().map((name) => {
      const record = config.profile(name);
      return {
        profile: name,
        baseUrl: record?.baseUrl ?? null,
        token: record?.token ? redactToken(record.token) : null,
        default: name === defaultName,
        active: name === active.value,
      };
    });
    const { listView } = await import('../../core/output.js');
    await out.list([rows], listView(COLUMNS, FIELDS), "No profiles saved: run 'store-cli auth login --base-url URL'.");
  },
});

const mark = (yes: boolean) => (yes ? 'yes' : 'no');

const COLUMNS: Record<(typeof FIELDS)[number], Column<ProfileRow>> = {
  profile: { header: 'PROFILE', value: (r) => r.profile, style: (text, colors, r) => (r.active ? colors.bold(text) : text) },
  baseUrl: { header: 'BASE URL', value: (r) => r.baseUrl ?? '' },
  token: { header: 'TOKEN', value: (r) => r.token ?? '' },
  default: { header: 'DEFAULT', value: (r) => mark(r.default) },
  active: { header: 'ACTIVE', value: (r) => mark(r.active), style: (text, colors, r) => (r.active ? colors.green(text) : text) },
};
