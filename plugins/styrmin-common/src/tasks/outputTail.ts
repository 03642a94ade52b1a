/**
 * The most lines of a failed command's output that a step keeps.
 *
 * @public
 */
export const OUTPUT_TAIL_MAX_LINES = 200;

/**
 * The most bytes (UTF-8) of a failed command's output that a step keeps: 64 KiB.
 *
 * @public
 */
export const OUTPUT_TAIL_MAX_BYTES = 64 * 1024;

/**
 * The end of a failed command's output as a step keeps it: the last
 * {@link OUTPUT_TAIL_MAX_LINES} lines, and of those at most the last
 * {@link OUTPUT_TAIL_MAX_BYTES} bytes, cut at a character boundary (so the first line may be
 * partial). A final line break ends the last line rather than starting another. Output
 * within both limits comes back unchanged, so `outputTail(output) === output` tells whether
 * a reported tail keeps the limits.
 *
 * @public
 */
export function outputTail(output: string): string {
  const finalBreak = output.endsWith('\n') ? '\n' : '';
  const lines = output.slice(0, output.length - finalBreak.length).split('\n');
  const lastLines =
    lines.length > OUTPUT_TAIL_MAX_LINES
      ? lines.slice(-OUTPUT_TAIL_MAX_LINES).join('\n') + finalBreak
      : output;

  const bytes = new TextEncoder().encode(lastLines);
  if (bytes.length <= OUTPUT_TAIL_MAX_BYTES) {
    return lastLines;
  }
  // Skip UTF-8 continuation bytes (10xxxxxx) so that the cut never splits a character.
  let cut = bytes.length - OUTPUT_TAIL_MAX_BYTES;
  while ((bytes[cut] & 0xc0) === 0x80) {
    cut++;
  }
  return new TextDecoder().decode(bytes.subarray(cut));
}
