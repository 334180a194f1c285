// The bash script: plain `complete -F`, no dependency on the bash-completion package, and
// no subshell per Tab except for profile names (which ask `store-cli __complete profiles`).
import type { CommandModel, CompletionModel, FlagModel, Values } from './model.js';

export function bashScript(model: CompletionModel): string {
  const commands = allCommands(model.root);
  const fn = `_${model.bin.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const sq = (text: string) => `'${text}'`;
  const flagNames = (flags: readonly FlagModel[]) => flags.flatMap((f) => [f.short, f.long]).filter((name): name is string => name !== undefined);
  const globals = new Set(flagNames(model.globals));

  const subcommandCases = commands
    .filter((c) => c.commands.length > 0)
    .map((c) => `    ${sq(c.path)}) REPLY=${sq(c.commands.map((s) => s.name).join(' '))} ;;`);
  // Each command's own flags; below the program, the global ones are added.
  const flagCases = commands.map((c) => `    ${sq(c.path)}) REPLY=${sq(flagNames(c.flags).join(' '))} ;;`);
  const optionCases = [
    ...commands.filter((c) => c.path !== '').flatMap((c) => c.flags.flatMap((f) => optionCase((name) => sq(`${c.path}|${name}`), f))),
    ...model.globals.flatMap((f) => optionCase((name) => `*${sq(`|${name}`)}`, f)),
  ];
  // Arguments that take anything are left to the default (nothing to offer).
  const argumentCases = commands.flatMap((c) =>
    c.args.flatMap((a, index) =>
      a.values.kind === 'none' ? [] : [`    ${a.variadic ? `${sq(`${c.path}|`)}*` : sq(`${c.path}|${index + 1}`)}) REPLY=${sq(valueCode(a.values))} ;;`],
    ),
  );

  return `# bash completion for ${model.bin}
# Generated from the command tree by \`npm run generate:completions\`: do not edit.
# Install: ${model.bin} completion bash > ~/.local/share/bash-completion/completions/${model.bin}

# REPLY: the subcommands of command path $1 ('' is ${model.bin} itself).
${fn}_subcommands() {
  case $1 in
${subcommandCases.join('\n')}
    *) REPLY= ;;
  esac
}

# REPLY: the flags of command path $1, without the global ones.
${fn}_flags() {
  case $1 in
${flagCases.join('\n')}
    *) REPLY= ;;
  esac
}

# REPLY: what flag $2 of command path $1 takes: empty (no value), v (a value),
# o (an optional value), f (a file), p (a profile name), w and the words, or
# l and the names of an optional comma-separated list (--json's fields).
${fn}_option() {
  case "$1|$2" in
${optionCases.join('\n')}
    *) REPLY= ;;
  esac
}

# REPLY: what positional argument $2 (from 1) of command path $1 takes, coded as above.
${fn}_argument() {
  case "$1|$2" in
${argumentCases.join('\n')}
    *) REPLY=v ;;
  esac
}

${fn}() {
  local cur=\${COMP_WORDS[COMP_CWORD]} path= pending= word i n=0 REPLY IFS=$' \\t\\n'
  local globals=${sq([...globals].join(' '))}
  COMPREPLY=()
  # Walk the words before the cursor: command words extend the path, a flag that takes a
  # value swallows the next word (bash splits --flag=value at '='), the rest are arguments.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if [[ -n $pending ]]; then
      [[ $word == = ]] && continue
      if [[ $pending == v || $word != -* ]]; then
        pending=
        continue
      fi
      pending=
    fi
    if [[ $word == -* ]]; then
      ${fn}_option "$path" "$word"
      case $REPLY in '') ;; o | l\\ *) pending=o ;; *) pending=v ;; esac
      continue
    fi
    ${fn}_subcommands "$path"
    if [[ " $REPLY " == *" $word "* ]]; then
      path=\${path:+$path }$word
    else
      ((n++))
    fi
  done
  [[ $cur == = ]] && cur=

  if [[ $pending == v ]]; then
    word=\${COMP_WORDS[COMP_CWORD-1]}
    [[ $word == = ]] && word=\${COMP_WORDS[COMP_CWORD-2]}
    ${fn}_option "$path" "$word"
  elif [[ $cur == -* ]]; then
    ${fn}_flags "$path"
    [[ -n $path ]] && REPLY="$REPLY $globals"
    COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    return 0
  elif [[ $pending == o ]]; then
    # commander takes the next word as the optional value: complete it when it is a list.
    word=\${COMP_WORDS[COMP_CWORD-1]}
    [[ $word == = ]] && word=\${COMP_WORDS[COMP_CWORD-2]}
    ${fn}_option "$path" "$word"
    [[ $REPLY == l\\ * ]] || return 0
  else
    ${fn}_subcommands "$path"
    if [[ -n $REPLY ]]; then
      COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
      return 0
    fi
    ${fn}_argument "$path" $((n + 1))
  fi

  case $REPLY in
    w\\ *) COMPREPLY=($(compgen -W "\${REPLY#w }" -- "$cur")) ;;
    l\\ *)
      # The names after the last comma; the ones before it stay as typed.
      compopt -o nospace 2>/dev/null
      COMPREPLY=($(compgen -P "\${cur%"\${cur##*,}"}" -W "\${REPLY#l }" -- "\${cur##*,}"))
      ;;
    f)
      compopt -o filenames 2>/dev/null
      IFS=$'\\n'
      COMPREPLY=($(compgen -f -- "$cur"))
      ;;
    p)
      IFS=$'\\n'
      COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" __complete profiles 2>/dev/null)" -- "$cur"))
      ;;
  esac
  return 0
}

complete -F ${fn} ${model.bin}
`;

  function optionCase(pattern: (name: string) => string, flag: FlagModel): string[] {
    if (flag.value === 'none') return [];
    const names = [flag.short, flag.long].filter((name): name is string => name !== undefined);
    const code = flag.value === 'optional' ? (flag.values.kind === 'fields' ? valueCode(flag.values) : 'o') : valueCode(flag.values);
    return [`    ${names.map(pattern).join(' | ')}) REPLY=${sq(code)} ;;`];
  }
}

function valueCode(values: Values): string {
  switch (values.kind) {
    case 'words':
      return `w ${values.words.join(' ')}`;
    case 'fields':
      return `l ${values.fields.join(' ')}`;
    case 'files':
      return 'f';
    case 'profiles':
      return 'p';
    case 'none':
      return 'v';
  }
}

function allCommands(command: CommandModel): CommandModel[] {
  return [command, ...command.commands.flatMap(allCommands)];
}
