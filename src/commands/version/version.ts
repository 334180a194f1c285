// `version`: the version as --version prints it (src/version.ts, from package.json); --json adds
// the Node.js version and the platform, as the context's runtime reports them.
import { VERSION } from '../../version.js';
import { defineVerb } from '../verb.js';

const VERSION_FIELDS = ['version', 'node', 'platform'] as const;

export default defineVerb({
  mutates: false,
  summary: 'Print the version, as --version does; --json adds the Node.js version and the platform',
  json: { fields: VERSION_FIELDS, what: '{"version", "node", "platform"}: store-cli\'s version, the Node.js version and the platform it runs on' },
  examples: ['store-cli version', 'store-cli version --json'],
  async run(_options, ctx) {
    const out = await ctx.output();
    await out.value({ version: VERSION, node: ctx.runtime.node, platform: ctx.runtime.platform }, VERSION);
  },
});
