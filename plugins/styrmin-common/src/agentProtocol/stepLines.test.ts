import { STEP_LINE_MAX_LENGTH, STEP_LINES_MAX, stepLines } from './stepLines';

describe('stepLines', () => {
  it('keeps lines within the limits unchanged', () => {
    const lines = ['Deleted Job styrmin-d/infrahub-job', 'Namespace x exists'];
    expect(stepLines(lines)).toEqual(lines);
  });

  it('keeps the first lines', () => {
    const lines = Array.from({ length: STEP_LINES_MAX + 5 }, (_, i) => `${i}`);
    expect(stepLines(lines)).toEqual(lines.slice(0, STEP_LINES_MAX));
  });

  it('cuts a long line to the most characters, an ellipsis last', () => {
    const [line] = stepLines(['é'.repeat(STEP_LINE_MAX_LENGTH + 1)]);
    expect(line).toHaveLength(STEP_LINE_MAX_LENGTH);
    expect(line).toBe(`${'é'.repeat(STEP_LINE_MAX_LENGTH - 1)}…`);
    expect(stepLines(['x'.repeat(STEP_LINE_MAX_LENGTH)])[0]).toHaveLength(
      STEP_LINE_MAX_LENGTH,
    );
    const [astral] = stepLines([`${'x'.repeat(STEP_LINE_MAX_LENGTH - 2)}😀😀`]);
    expect(astral).toBe(`${'x'.repeat(STEP_LINE_MAX_LENGTH - 2)}…`);
  });

  it('makes one line of a line with breaks, and leaves out empty lines', () => {
    expect(stepLines(['one\r\n  two', '  ', '', 'three\n'])).toEqual([
      'one two',
      'three',
    ]);
  });
});
