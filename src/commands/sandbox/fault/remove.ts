// `sandbox fault remove`: one rule of a running sandbox by its id, or every rule with --all,
// printing those removed. The id goes into the URL path, so `.` and `..` are refused before
// anything is sent.
import { SANDBOX_FAULT_FIELDS } from '../../../api/sandbox-control/fields.js';
import { DOT_SEGMENT_RULE, isDotSegment } from '../../../api/path-segment.js';
import { UsageError } from '../../../core/errors.js';
import { SANDBOX_FAULT_COLUMNS } from './columns.js';
import { boolean, defineVerb, optionalArg } from '../../verb.js';
import { requireServedSandbox } from '../running.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  name: 'remove',
  summary: 'Remove a fault rule of a running sandbox by its id, or every rule with --all; prints the rules removed',
  args: { id: optionalArg("the rule's id, as sandbox fault list shows it") },
  flags: { all: boolean('remove every rule instead of one') },
  json: { fields: SANDBOX_FAULT_FIELDS, list: true, columns: SANDBOX_FAULT_COLUMNS },
  examples: ['store-cli sandbox fault remove 2', 'store-cli sandbox fault remove --all'],
  async run(options, ctx) {
    requireServedSandbox(ctx, 'Fault rules');
    if (options.all && options.id !== undefined) throw new UsageError('Give a rule id or --all, not both.');
    if (!options.all && options.id === undefined) throw new UsageError('Give the id of the rule to remove (sandbox fault list shows them), or --all.');
    // The id goes into the URL path, where '..' would name another endpoint: the rule of every id argument.
    if (options.id !== undefined && isDotSegment(options.id))
      throw new UsageError(`<id> ${DOT_SEGMENT_RULE}: give a rule id as sandbox fault list shows it. Nothing was sent.`);
    const { faultListView } = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const removed = options.all ? await api.sandboxFaults.clear() : [await api.sandboxFaults.remove(options.id as string)];
    const { targetName } = await import('../running.js');
    ctx.say(`${removed.length === 1 ? `Fault rule ${removed[0]?.id} removed` : `${removed.length} fault rules removed`} from ${await targetName(ctx)}.`);
    await out.list([removed], faultListView(SANDBOX_FAULT_COLUMNS), 'No fault rules to remove.');
  },
});
