// `store-cli __complete <what>`: the dynamic answers the completion scripts ask for while
// the user presses Tab. Hidden, and answered by the launcher before the command tree loads (quick-answers.ts).
import { readProfileNames } from '../core/config.js';
import { configDir, type Env } from '../core/paths.js';

export async function complete(args: readonly string[], env: Env, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  if (args.length === 1 && args[0] === 'profiles') {
    const names = await readProfileNames(configDir(env));
    if (names.length > 0) out(`${names.join('\n')}\n`);
    return 0;
  }
  err(`usage: store-cli __complete profiles (called by the shell completion scripts)\n`);
  return 2;
}
