import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { examples } from '../types.js';
import { BIZ_ID_HELP, DOMAIN_HELP, NAME_RULE, checkName, checkObject } from './args.js';

export interface DeleteOptions extends OutputFlags {
  domain: string;
  bizId: string;
  namespace: string;
  code: string;
  yes?: boolean;
}

export function register(noun: Command): Command {
  const command = noun
    .command('delete')
    .description('Delete one metafield value of a business object and print it; asks first unless --yes')
    .argument('<domain>', DOMAIN_HELP)
    .argument('<bizId>', BIZ_ID_HELP)
    .requiredOption('--namespace <namespace>', `the value's namespace, ${NAME_RULE}`)
    .requiredOption('--code <code>', `the value's code, ${NAME_RULE}`)
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText('after', examples(
      'store-cli metafield delete products 4000000000000000011 --namespace custom --code color',
      'store-cli metafield delete customers 7000000000000000001 --namespace custom --code vip --yes --json',
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: DeleteOptions, ctx: Context): Promise<void> {
  const { domain, bizId } = checkObject(options.domain, options.bizId);
  const namespace = checkName('--namespace', options.namespace);
  const code = checkName('--code', options.code);
  const [{ metafieldInputFields }, view] = await Promise.all([import('../../api/metafields.js'), import('./view.js')]);
  const out = await ctx.output(options, metafieldInputFields);
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `delete ${namespace}.${code} of ${domain} ${bizId}`,
    question: `Delete the value ${namespace}.${code} of ${domain} ${bizId}?`,
  });
  const api = await ctx.api();
  const removed = await ctx.spin('Deleting the metafield value…', () => api.metafields.delete(domain, bizId, namespace, code));
  await out.item(removed, view.metafieldWrittenView);
}
