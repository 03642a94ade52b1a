import { Command } from 'commander';

/** The shells `styrminctl completion` writes a script for. */
export const completionShells = ['bash', 'zsh'] as const;
export type CompletionShell = (typeof completionShells)[number];

/** A command's words: its subcommands and its options, and the options that take a value. */
interface CompletionNode {
  path: string;
  words: string[];
  valued: string[];
  /** The values an option allows, by its flags (`-o` and `--output`). */
  choices: [string, string[]][];
}

function nodesOf(command: Command, path: string[] = []): CompletionNode[] {
  const flags = (valued: boolean) =>
    command.options
      .filter(option => !option.hidden)
      .filter(option => (option.required || option.optional) === valued)
      .flatMap(option => [option.long, option.short])
      .filter((flag): flag is string => Boolean(flag));
  const subcommands = command.commands;
  return [
    {
      path: path.join(' '),
      words: [
        ...subcommands.map(sub => sub.name()),
        ...(command.registeredArguments[0]?.argChoices ?? []),
        ...flags(true),
        ...flags(false),
        '--help',
      ],
      valued: flags(true),
      choices: command.options
        .filter(option => option.argChoices)
        .flatMap(option =>
          [option.long, option.short]
            .filter((flag): flag is string => Boolean(flag))
            .map((flag): [string, string[]] => [flag, option.argChoices!]),
        ),
    },
    ...subcommands.flatMap(sub => nodesOf(sub, [...path, sub.name()])),
  ];
}

/**
 * A bash completion function for the program: the words (commands, then options) that
 * may follow the commands typed so far. Arguments are not commands, and the value of an
 * option that takes one is skipped.
 */
function bashScript(program: Command): string {
  const nodes = nodesOf(program);
  const name = program.name();
  const fn = `_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const quoted = (text: string) => `'${text}'`;
  const valued = [...new Set(nodes.flatMap(node => node.valued))];
  const choices = new Map(nodes.flatMap(node => node.choices));
  const commands = nodes.filter(node => node.path).map(node => node.path);
  const cases = nodes
    .map(
      node =>
        `    ${quoted(node.path)}) words=${quoted(node.words.join(' '))} ;;`,
    )
    .join('\n');
  return `# ${name} completion for bash: source <(${name} completion bash)
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD - 1]}" path="" word words="" i
  # The value of an option: one of its choices, or (none) the shell's default, files.
  case "$prev" in
${[...choices]
  .map(([flag, values]) => `    ${flag}) words=${quoted(values.join(' '))} ;;`)
  .join('\n')}
    ${valued.join('|')}) return ;;
  esac
  if [ -n "$words" ]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
    return
  fi
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in
      ${valued.join('|')}) i=$((i + 1)) ;;
      -*) ;;
      *)
        case "\${path:+$path }$word" in
          ${commands.map(quoted).join('|')}) path="\${path:+$path }$word" ;;
        esac
        ;;
    esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F ${fn} ${name}
`;
}

/** The completion script of the program for a shell. */
export function completionScript(
  program: Command,
  shell: CompletionShell,
): string {
  const bash = bashScript(program);
  if (shell === 'bash') {
    return bash;
  }
  // zsh runs the bash function through its bash completion layer, which every zsh has.
  return `#compdef ${program.name()}
# ${program.name()} completion for zsh: source <(${program.name()} completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash}`;
}
