/** An argument that reads the same in a shell without quotes. */
const PLAIN = /^[\w@%+=:,./-]+$/;

/**
 * A command (a program and its arguments, as a run_job task records it) on one line for
 * people, as the portal and styrminctl show what a job ran: each argument that a shell
 * would split or expand in single quotes, so that the line can be pasted back:
 * `sh -c 'echo "$HOME"'`.
 *
 * @public
 */
export function formatCommand(command: readonly string[]): string {
  return command
    .map(argument =>
      PLAIN.test(argument)
        ? argument
        : `'${argument.replaceAll("'", `'\\''`)}'`,
    )
    .join(' ');
}
