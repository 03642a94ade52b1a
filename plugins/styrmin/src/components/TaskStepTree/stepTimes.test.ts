import { formatDuration, formatStepTime } from './stepTimes';

describe('formatDuration', () => {
  it.each([
    [0, '0.0 s'],
    [420, '0.4 s'],
    [42_000, '42 s'],
    [59_400, '59 s'],
    [185_000, '3 min 5 s'],
    [180_000, '3 min'],
    [3_720_000, '1 h 2 min'],
    [7_200_000, '2 h'],
    [-5, '0.0 s'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatStepTime', () => {
  const start = '2025-03-04T10:00:01.000Z';

  it('gives the date and the time to the second', () => {
    const text = formatStepTime(start);
    expect(text).toContain('2025');
    expect(text).toMatch(/:01\b/);
  });

  it('gives only the time of an end on the same day', () => {
    const text = formatStepTime('2025-03-04T10:00:43.000Z', start);
    expect(text).not.toContain('2025');
    expect(text).toMatch(/:43\b/);
  });
});
