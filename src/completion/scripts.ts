// The three completion scripts of a command tree, under the names they are installed as.
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionModel } from './model.js';
import { zshScript } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The file name each shell looks for (completions/ holds them under these names). */
export const SCRIPT_FILES: Readonly<Record<Shell, string>> = { bash: 'store-cli.bash', zsh: '_store-cli', fish: 'store-cli.fish' };

const renderers: Readonly<Record<Shell, typeof bashScript>> = { bash: bashScript, zsh: zshScript, fish: fishScript };

export function completionScript(shell: Shell, program: Command): string {
  return renderers[shell](completionModel(program));
}
