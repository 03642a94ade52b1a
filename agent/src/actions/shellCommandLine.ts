/**
 * A program and its arguments as one line of `/bin/sh` that runs exactly them, each
 * argument in single quotes (a quote inside one as `'\''`), the program in place of the
 * shell (`exec`), so that its exit code and signals are the Job's: what executeCommands
 * takes, for a command given as an argument list rather than shell text.
 *
 * @public
 */
export function shellCommandLine(command: readonly string[]): string {
  if (command.length === 0) {
    throw new Error('A command needs at least its program');
  }
  return `exec ${command
    .map(argument => `'${argument.replaceAll("'", `'\\''`)}'`)
    .join(' ')}`;
}
