import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';
import { BIZ_ID_HELP, DOMAIN_HELP, NAME_RULE, checkName, checkObject } from './args.js';

export interface ListOptions extends OutputFlags {
  domain: string;
  bizId: string;
  namespace?: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('list')
    .description('List the metafield values of a business object, sorted by namespace and code')
    .argument('<domain>', DOMAIN_HELP)
    .argument('<bizId>', BIZ_ID_HELP)
    .option('--namespace <namespace>', `only values in this namespace, ${NAME_RULE}`)
    .addHelpText('after', examples(
      'store-cli metafield list products 4000000000000000011',
      'store-cli metafield list products 4000000000000000011 --namespace specs --json code,value',
    ) + '\nPiped without --json, rows are tab-separated in this column order:\n  namespace, code, fieldType, value\n');
  return addOutputOptions(command, { list: true });
}

export async function run(options: ListOptions, ctx: Context): Promise<void> {
  const { domain, bizId } = checkObject(options.domain, options.bizId);
  const namespace = options.namespace === undefined ? undefined : checkName('--namespace', options.namespace);
  const [{ metafieldFields }, view] = await Promise.all([import('../../api/metafields.js'), import('./view.js')]);
  const out = await ctx.output(options, metafieldFields);
  const api = await ctx.api();
  const values = await ctx.spin('Listing metafield values…', () => api.metafields.list(domain, bizId, namespace === undefined ? {} : { namespace }));
  const where = namespace === undefined ? '' : ` in namespace ${namespace}`;
  await out.list([values], view.metafieldListView, `No metafield values on ${domain} ${bizId}${where}.`);
}
