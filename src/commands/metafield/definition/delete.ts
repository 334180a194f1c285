// `metafield definition delete DOMAIN`: one definition, named by --namespace and --code, deleted
// and printed; asks first in a terminal and wants --yes without one (its values stay).
import { metafieldDefinitions } from '../../../api/metafield-definitions/declaration.js';
import { confirmOrRequireYes } from '../../../core/prompts.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { arg, defineVerb, yesFlag } from '../../verb.js';
import { DEFINITION_DOMAIN_HELP, checkDomain, nameFlags } from './args.js';
import { checkNames } from '../args.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'delete',
  summary: 'Delete a metafield definition and print it; asks first unless --yes',
  args: { domain: arg(DEFINITION_DOMAIN_HELP) },
  flags: { ...nameFlags(), yes: yesFlag(), dryRun: dryRunFlag() },
  json: { fields: Object.keys(metafieldDefinitions.fields) },
  examples: [
    'store-cli metafield definition delete products --namespace custom --code fabric',
    'store-cli metafield definition delete products --namespace custom --code fabric --yes --json',
  ],
  notes:
    `\nThe values of the field are not deleted (on the sandbox they stay, read as values without a definition).\n` +
    `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const domain = checkDomain(options.domain);
    const { namespace, code } = checkNames(options);
    if (options.dryRun) {
      const { runDry } = await import('../../dry-run.js');
      return runDry(ctx, options, (api) => api.metafieldDefinitions.delete(domain, namespace, code));
    }
    const view = await import('./view.js');
    const out = await ctx.output();
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `delete the definition ${namespace}.${code} of ${domain}`,
      question: `Delete the metafield definition ${namespace}.${code} of ${domain}?`,
    });
    const api = await ctx.api();
    const removed = await ctx.spin('Deleting the metafield definition…', () => api.metafieldDefinitions.delete(domain, namespace, code));
    await out.item(removed, view.definitionDetailView);
  },
});
