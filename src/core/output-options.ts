// The output flags every data command shares. Kept apart from the exporter itself so that
// declaring them (for --help) loads nothing heavy.
import type { Command } from 'commander';

export interface OutputFlags {
  json?: string | boolean;
  jsonl?: boolean;
}

/** Declares --json [fields] (and --jsonl for listings) on a command. */
export function addOutputOptions(command: Command, options: { list: boolean; what?: string }): Command {
  const what = options.what ?? 'JSON exactly as the store sent it';
  command.option('--json [fields]', `print ${what}; optionally only these comma-separated fields`);
  if (options.list) command.option('--jsonl', 'print one JSON object per line (streams, for huge listings)');
  return command;
}
