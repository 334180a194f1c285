// The zsh script: one function per command built on _arguments, so zsh shows each flag's
// and command's summary, accepts --flag=value, and hides a switch once it was given.
import type { ArgumentModel, CommandModel, CompletionModel, FlagModel, Values } from './model.js';

export function zshScript(model: CompletionModel): string {
  const prefix = `_${model.bin}`;
  const fnName = (path: string) => `${prefix}_cmd${path ? `_${path.replace(/ /g, '_')}` : ''}`;
  const globalsVar = `_${model.bin.replace(/[^A-Za-z0-9_]/g, '_')}_globals`;
  const binVar = `_${model.bin.replace(/[^A-Za-z0-9_]/g, '_')}_bin`;
  const profilesFn = `${prefix}_profiles`;

  const action = (values: Values): string => {
    switch (values.kind) {
      case 'words':
        return `(${values.words.join(' ')})`;
      case 'files':
        return '_files';
      case 'profiles':
        return profilesFn;
      case 'fields':
        // Each name once, after the commas already typed.
        return `_values -s , field ${values.fields.join(' ')}`;
      case 'none':
        return ' ';
    }
  };

  const flagSpecs = (flag: FlagModel): string[] => {
    const names = [flag.short, flag.long].filter((name): name is string => name !== undefined);
    const exclusion = flag.final ? '(- *)' : names.length > 1 && flag.value === 'none' ? `(${names.join(' ')})` : '';
    // A flag with a value may be given again (commander keeps the last or collects them).
    const repeat = flag.value !== 'none' && !flag.final ? '*' : '';
    const argument =
      flag.value === 'none'
        ? ''
        : `${flag.value === 'optional' ? '::' : ':'}${message((flag.long ?? flag.short ?? '').replace(/^-+/, ''))}:${action(flag.values)}`;
    return names.map((name) => {
      const form = flag.value === 'none' ? '' : name.startsWith('--') ? '=' : '+';
      return quote(`${exclusion}${repeat}${name}${form}[${bracketed(flag.summary)}]${argument}`);
    });
  };

  const argumentSpec = (argument: ArgumentModel): string =>
    quote(`${argument.variadic ? '*' : ''}${argument.required || argument.variadic ? ':' : '::'}${message(argument.name)}:${action(argument.values)}`);

  const commandFunction = (command: CommandModel): string => {
    const own = command.path === '' ? command.flags.filter((flag) => flag.final) : command.flags;
    const specs = [`"\${${globalsVar}[@]}"`, ...own.flatMap(flagSpecs)];
    if (command.commands.length === 0) {
      specs.push(...command.args.map(argumentSpec));
      return `${fnName(command.path)}() {\n  _arguments : \\\n    ${specs.join(' \\\n    ')}\n}\n`;
    }
    specs.push(quote('1: :->command'), quote('*:: :->argument'));
    const label = command.path ? `${model.bin} ${command.path}` : model.bin;
    return `${fnName(command.path)}() {
  local curcontext=$curcontext state state_descr line ret=1
  local -A opt_args
  _arguments -C : \\
    ${specs.join(' \\\n    ')} && ret=0
  case $state in
    command)
      local -a commands=(
${command.commands.map((sub) => `        ${quote(`${sub.name}:${sub.summary}`)}`).join('\n')}
      )
      _describe -t commands ${quote(`${label} command`)} commands && ret=0
      ;;
    argument)
      curcontext=\${curcontext%:*:*}:${[model.bin, ...(command.path ? command.path.split(' ') : [])].join('-')}-$words[1]:
      case $words[1] in
${command.commands.map((sub) => `        ${sub.name}) ${fnName(command.path ? `${command.path} ${sub.name}` : sub.name)} && ret=0 ;;`).join('\n')}
      esac
      ;;
  esac
  return ret
}
`;
  };

  return `#compdef ${model.bin}
# zsh completion for ${model.bin}
# Generated from the command tree by \`npm run generate:completions\`: do not edit.
# Install: ${model.bin} completion zsh > "\${fpath[1]}/_${model.bin}" (any directory on $fpath), then compinit.

${prefix}() {
  local ${binVar}=$words[1]
  local -a ${globalsVar}
  ${globalsVar}=(
${model.globals
  .flatMap(flagSpecs)
  .map((spec) => `    ${spec}`)
  .join('\n')}
  )
  ${fnName('')} "$@"
}

# Saved profile names, read by ${model.bin} itself from its config file.
${profilesFn}() {
  local -a profiles
  profiles=(\${(f)"$(_call_program profiles \${(q)${binVar}} __complete profiles 2>/dev/null)"})
  _wanted profiles expl 'profile' compadd -a profiles
}

${allCommands(model.root).map(commandFunction).join('\n')}
if [[ $funcstack[1] == ${prefix} ]]; then
  ${prefix} "$@"
else
  compdef ${prefix} ${model.bin}
fi
`;
}

/** A single-quoted zsh word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Text inside an _arguments [description]. */
function bracketed(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/** An _arguments message, which ends at a colon. */
function message(text: string): string {
  return text.replace(/[\\:]/g, (c) => `\\${c}`);
}

function allCommands(command: CommandModel): CommandModel[] {
  return [command, ...command.commands.flatMap(allCommands)];
}
