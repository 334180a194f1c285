import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';
import { BIZ_ID_HELP, DOMAIN_HELP, NAME_RULE, checkName, checkObject } from './args.js';

export interface CountOptions extends OutputFlags {
  domain: string;
  bizId: string;
  namespace?: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('count')
    .description('Count the metafield values of a business object')
    .argument('<domain>', DOMAIN_HELP)
    .argument('<bizId>', BIZ_ID_HELP)
    .option('--namespace <namespace>', `only values in this namespace, ${NAME_RULE}`)
    .addHelpText('after', examples(
      'store-cli metafield count products 4000000000000000011',
      'store-cli metafield count shop 1 --namespace custom --json',
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: CountOptions, ctx: Context): Promise<void> {
  const { domain, bizId } = checkObject(options.domain, options.bizId);
  const namespace = options.namespace === undefined ? undefined : checkName('--namespace', options.namespace);
  const out = await ctx.output(options, ['count']);
  const api = await ctx.api();
  const count = await ctx.spin('Counting metafield values…', () => api.metafields.count(domain, bizId, namespace === undefined ? {} : { namespace }));
  await out.count(String(count));
}
