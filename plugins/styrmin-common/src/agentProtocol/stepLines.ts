/**
 * The most lines a step keeps: the first 20 that the agent wrote during its attempt.
 *
 * @public
 */
export const STEP_LINES_MAX = 20;

/**
 * The most characters (UTF-16 code units, JavaScript's `length`) of one line of a step.
 *
 * @public
 */
export const STEP_LINE_MAX_LENGTH = 500;

/**
 * Lines as a step keeps them: each on one line (a line break and the spaces around it
 * become one space), cut to {@link STEP_LINE_MAX_LENGTH} characters (the last one an
 * ellipsis), empty lines left out, and of those the first {@link STEP_LINES_MAX}: what a
 * step did first says most about it, and a step that writes more is writing a log, which
 * the agent's log holds. Lines within the limits come back unchanged, so
 * `stepLines(lines)` equal to `lines` tells whether reported lines keep them.
 *
 * @public
 */
export function stepLines(lines: readonly string[]): string[] {
  return lines
    .map(line => line.replace(/\s*[\r\n]+\s*/g, ' ').trim())
    .filter(line => line.length > 0)
    .slice(0, STEP_LINES_MAX)
    .map(line =>
      line.length > STEP_LINE_MAX_LENGTH ? `${cutLine(line)}…` : line,
    );
}

/** The start of a line that leaves room for the ellipsis, never half a character. */
function cutLine(line: string): string {
  const end = STEP_LINE_MAX_LENGTH - 1;
  const splitsPair = /[\uDC00-\uDFFF]/.test(line.charAt(end));
  return line.slice(0, splitsPair ? end - 1 : end);
}
