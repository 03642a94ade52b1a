/**
 * A job's command as the user typed it: one argument per line, the program on the first.
 *
 * No shell runs the command, so a shell's quoting would be a promise the Job does not keep
 * (`$HOME`, globs and pipes would reach the program as they are); one line per argument
 * says exactly what runs, spaces and quotes included, with nothing to escape. Each line is
 * kept as it is, an empty one as an empty argument, except the empty lines at the end,
 * which a pasted command usually brings along.
 */
export function commandOfLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') {
    lines.pop();
  }
  return lines;
}
