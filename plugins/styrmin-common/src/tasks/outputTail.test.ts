import {
  OUTPUT_TAIL_MAX_BYTES,
  OUTPUT_TAIL_MAX_LINES,
  outputTail,
} from './outputTail';

function numberedLines(count: number, from = 1): string {
  return Array.from({ length: count }, (_, i) => `line ${from + i}`).join('\n');
}

describe('outputTail', () => {
  it('keeps the last 200 lines and at most 64 KiB', () => {
    expect(OUTPUT_TAIL_MAX_LINES).toBe(200);
    expect(OUTPUT_TAIL_MAX_BYTES).toBe(65536);
  });

  it.each([
    ['empty output', ''],
    ['one line', 'done'],
    ['200 lines', numberedLines(200)],
    ['200 lines and a final line break', `${numberedLines(200)}\n`],
    ['exactly 64 KiB', 'x'.repeat(65536)],
  ])('returns %s unchanged', (_case, output) => {
    expect(outputTail(output)).toBe(output);
  });

  it('keeps the last 200 lines of longer output', () => {
    expect(outputTail(numberedLines(1000))).toBe(numberedLines(200, 801));
    expect(outputTail(`${numberedLines(201)}\n`)).toBe(
      `${numberedLines(200, 2)}\n`,
    );
    // Empty lines are lines.
    expect(outputTail('\n'.repeat(300))).toBe('\n'.repeat(200));
  });

  it('keeps the last 64 KiB of fewer, longer lines', () => {
    const output = `${'a'.repeat(70_000)}\n${'b'.repeat(1000)}`;

    const tail = outputTail(output);

    expect(tail).toBe(`${'a'.repeat(65536 - 1001)}\n${'b'.repeat(1000)}`);
  });

  it('never splits a character at the cut', () => {
    // '€' is three bytes in UTF-8; 65536 is not a multiple of three.
    const output = '€'.repeat(30_000);

    const tail = outputTail(output);

    expect(tail).toBe('€'.repeat(21845));
    expect(new TextEncoder().encode(tail).length).toBeLessThanOrEqual(65536);
  });

  it('applies both limits: 64 KiB of the last 200 lines', () => {
    const line = 'x'.repeat(999);
    const output = Array.from({ length: 300 }, () => line).join('\n');

    const tail = outputTail(output);

    expect(new TextEncoder().encode(tail).length).toBe(65536);
    expect(output.endsWith(tail)).toBe(true);
    expect(outputTail(tail)).toBe(tail);
  });
});
