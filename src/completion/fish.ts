// The fish script: `complete` rules conditioned on the command path before the cursor,
// which __<bin>_at works out with the same walk as the bash script.
import type { CommandModel, CompletionModel, FlagModel, Values } from './model.js';

export function fishScript(model: CompletionModel): string {
  const id = `__${model.bin.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const commands = allCommands(model.root);
  const at = (path: string, args?: number) => `-n ${quote(`${id}_at ${quote(path)}${args === undefined ? '' : ` ${args}`}`)}`;

  const valueFlags = [
    ...commands.filter((c) => c.path !== '').flatMap((c) => c.flags.filter((f) => f.value !== 'none').map((f) => [c.path, f] as const)),
    ...model.globals.filter((f) => f.value !== 'none').map((f) => ['*', f] as const),
  ];
  const optionCase = (kind: 'required' | 'optional') => {
    const patterns = valueFlags
      .filter(([, flag]) => flag.value === kind)
      .flatMap(([path, flag]) => [flag.short, flag.long].filter((n): n is string => n !== undefined).map((name) => quote(`${path}|${name}`)));
    return patterns.length === 0 ? '' : `        case ${patterns.join(' ')}\n            echo ${kind === 'required' ? 'value' : 'optional'}\n`;
  };

  const valueRule = (values: Values): string => {
    switch (values.kind) {
      case 'words':
        return `-x -a ${quote(values.words.join(' '))}`;
      case 'files':
        return '-r -F';
      case 'profiles':
        return `-x -a ${quote(`(${id}_profiles)`)}`;
      case 'fields':
        return `-x -a ${quote(`(__fish_complete_list , '${id}_words ${values.fields.join(' ')}')`)}`;
      case 'none':
        return '-x';
    }
  };
  const flagRule = (flag: FlagModel, condition: string): string => {
    const names = [flag.short ? `-s ${flag.short.slice(1)}` : '', flag.long ? `-l ${flag.long.slice(2)}` : ''].filter(Boolean).join(' ');
    // An optional value is completed only when it is a list of names (--json's fields).
    const value = flag.value === 'required' || flag.values.kind === 'fields' ? ` ${valueRule(flag.values)}` : '';
    return `complete -c ${model.bin}${condition ? ` ${condition}` : ''} ${names}${value} -d ${quote(flag.summary)}`;
  };

  const rules: string[] = [];
  for (const flag of model.globals) rules.push(flagRule(flag, ''));
  for (const command of commands) {
    rules.push('', `# ${command.path ? `${model.bin} ${command.path}` : model.bin}`);
    const own = command.path === '' ? command.flags.filter((flag) => flag.final) : command.flags;
    for (const flag of own) rules.push(flagRule(flag, at(command.path)));
    for (const sub of command.commands) rules.push(`complete -c ${model.bin} ${at(command.path)} -a ${sub.name} -d ${quote(sub.summary)}`);
    command.args.forEach((argument, index) => {
      if (argument.values.kind === 'none') return;
      const rule =
        argument.values.kind === 'files'
          ? '-F'
          : argument.values.kind === 'words'
            ? `-a ${quote(argument.values.words.join(' '))}`
            : `-a ${quote(`(${id}_profiles)`)}`;
      rules.push(`complete -c ${model.bin} ${argument.variadic ? at(command.path) : at(command.path, index)} ${rule} -d ${quote(argument.name)}`);
    });
  }

  return `# fish completion for ${model.bin}
# Generated from the command tree by \`npm run generate:completions\`: do not edit.
# Install: ${model.bin} completion fish > ~/.config/fish/completions/${model.bin}.fish

# The subcommands of command path $argv[1] ('' is ${model.bin} itself), one a line.
function ${id}_subcommands
    switch "$argv[1]"
${commands
  .filter((c) => c.commands.length > 0)
  .map((c) => `        case ${quote(c.path)}\n            printf '%s\\n' ${c.commands.map((s) => s.name).join(' ')}`)
  .join('\n')}
    end
end

# What flag $argv[2] of command path $argv[1] takes: value, optional, or nothing.
function ${id}_option
    switch "$argv[1]|$argv[2]"
${optionCase('required')}${optionCase('optional')}    end
end

# True when the words before the cursor reach command path $argv[1] and, when $argv[2] is
# given, that many positional arguments follow it. A flag that takes a value swallows
# the next word, as commander does.
function ${id}_at
    set -l words (commandline -opc)
    set -e words[1]
    set -l path ''
    set -l n 0
    set -l pending ''
    for word in $words
        if test -n "$pending"
            set -l was $pending
            set pending ''
            if test $was = value; or not string match -q -- '-*' $word
                continue
            end
        end
        if string match -q -- '-*' $word
            string match -q -- '*=*' $word; and continue
            set pending (${id}_option "$path" $word)
            continue
        end
        if contains -- $word (${id}_subcommands "$path")
            set path (string trim -- "$path $word")
        else
            set n (math $n + 1)
        end
    end
    test "$path" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test $n -eq $argv[2]
end

# Its arguments, one a line: the names a comma-separated list completes from.
function ${id}_words
    printf '%s\\n' $argv
end

# Saved profile names, read by ${model.bin} itself from its config file.
function ${id}_profiles
    set -l bin (commandline -opc)[1]
    command $bin __complete profiles 2>/dev/null
end

complete -c ${model.bin} -f
${rules.join('\n')}
`;
}

/** A single-quoted fish word. */
function quote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

function allCommands(command: CommandModel): CommandModel[] {
  return [command, ...command.commands.flatMap(allCommands)];
}
