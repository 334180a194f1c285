// `metafield delete`: removes one value (namespace and code) from a business object and prints
// what it held; asks first in a terminal and wants --yes without one; a dry run asks nothing.
import { METAFIELD_INPUT_FIELDS } from '../../api/metafields/fields.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { defineVerb, yesFlag } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { checkNames, checkObject, objectArgs, valueNameFlags } from './args.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'delete',
  summary: 'Delete one metafield value of a business object and print it; asks first unless --yes',
  args: objectArgs(),
  flags: {
    ...valueNameFlags(),
    yes: yesFlag(),
    dryRun: dryRunFlag(),
  },
  json: { fields: METAFIELD_INPUT_FIELDS },
  examples: [
    'store-cli metafield delete products 4000000000000000401 --namespace custom --code color',
    'store-cli metafield delete customers 7000000000000000001 --namespace custom --code vip --yes --json',
    'store-cli metafield delete products 4000000000000000401 --namespace custom --code color --dry-run',
  ],
  notes: `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const { domain, bizId } = checkObject(options.domain, options.bizId);
    const { namespace, code } = checkNames(options);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.metafields.delete(domain, bizId, namespace, code));
    }
    const view = await import('./view.js');
    const out = await ctx.output();
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `delete ${namespace}.${code} of ${domain} ${bizId}`,
      question: `Delete the value ${namespace}.${code} of ${domain} ${bizId}?`,
    });
    const api = await ctx.api();
    const removed = await ctx.spin('Deleting the metafield value…', () => api.metafields.delete(domain, bizId, namespace, code));
    await out.item(removed, view.metafieldWrittenView);
  },
});
