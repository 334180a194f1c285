// What every `completion <shell>` verb does: render the script from the very command tree
// this process parses with, so it is what `npm run generate:completions` checked in.
import type { Context } from '../../root/context.js';
import type { Shell } from '../../completion/scripts.js';

export async function printCompletionScript(shell: Shell, ctx: Context): Promise<void> {
  const { completionScript } = await import('../../completion/scripts.js');
  ctx.io.out(completionScript(shell, ctx.commandTree()));
}
