import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';
import { BIZ_ID_HELP, DOMAIN_HELP, NAME_RULE, checkName, checkObject } from './args.js';

export interface GetOptions extends OutputFlags {
  domain: string;
  bizId: string;
  namespace: string;
  code: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('get')
    .description('Show one metafield value of a business object, with its field type and definition')
    .argument('<domain>', DOMAIN_HELP)
    .argument('<bizId>', BIZ_ID_HELP)
    .requiredOption('--namespace <namespace>', `the value's namespace, ${NAME_RULE}`)
    .requiredOption('--code <code>', `the value's code, ${NAME_RULE}`)
    .addHelpText('after', examples(
      'store-cli metafield get products 4000000000000000011 --namespace specs --code weight',
      'store-cli metafield get customers 7000000000000000001 --namespace custom --code vip --json value',
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: GetOptions, ctx: Context): Promise<void> {
  const { domain, bizId } = checkObject(options.domain, options.bizId);
  const namespace = checkName('--namespace', options.namespace);
  const code = checkName('--code', options.code);
  const [{ metafieldFields }, view] = await Promise.all([import('../../api/metafields.js'), import('./view.js')]);
  const out = await ctx.output(options, metafieldFields);
  const api = await ctx.api();
  const value = await ctx.spin('Fetching the metafield value…', () => api.metafields.get(domain, bizId, namespace, code));
  await out.item(value, view.metafieldDetailView);
}
