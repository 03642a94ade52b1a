import { nextCronRun, parseCronExpression } from './cronExpression';

const at = (iso: string) => new Date(iso);

function next(expression: string, after: string): string | undefined {
  const parsed = parseCronExpression(expression);
  if (!parsed.success) {
    throw new Error(parsed.message);
  }
  return nextCronRun(parsed.value, at(after))?.toISOString();
}

describe('parseCronExpression', () => {
  it.each([
    ['* * * * *', 'minutes', 60],
    ['*/15 * * * *', 'minutes', 4],
    ['0,30 * * * *', 'minutes', 2],
    ['5-10/2 * * * *', 'minutes', 3],
    ['10/20 * * * *', 'minutes', 3],
    ['0 9-17 * * *', 'hours', 9],
    ['0 0 * jan,jul *', 'months', 2],
    ['0 0 * * mon-fri', 'daysOfWeek', 5],
    ['0 0 * * *', 'daysOfWeek', 7],
  ] as const)('%s has %s of size %s', (expression, field, size) => {
    const parsed = parseCronExpression(expression);
    expect(parsed.success && parsed.value[field].size).toBe(size);
  });

  it('reads 7 as Sunday, names in any case, and the macros', () => {
    const sunday = parseCronExpression('0 0 * * 7');
    expect(sunday.success && [...sunday.value.daysOfWeek]).toEqual([0]);
    const named = parseCronExpression('0 0 * DEC SUN');
    expect(named.success && [...named.value.months]).toEqual([12]);
    expect(parseCronExpression('@daily')).toEqual(
      parseCronExpression('0 0 * * *'),
    );
    expect(parseCronExpression(' @Weekly ')).toEqual(
      parseCronExpression('0 0 * * 0'),
    );
  });

  it.each([
    ['', 'five fields'],
    ['* * * *', 'not 4'],
    ['* * * * * *', 'not 6'],
    ['60 * * * *', 'The minute field has "60"'],
    ['* 24 * * *', 'The hour field has "24"'],
    ['* * 0 * *', 'The day of month field has "0"'],
    ['* * * 13 *', 'The month field has "13"'],
    ['* * * * 8', 'The day of week field has "8"'],
    ['*/0 * * * *', 'bad step'],
    ['*/x * * * *', 'bad step'],
    ['1/2/3 * * * *', 'bad step'],
    ['10-5 * * * *', 'runs backwards'],
    ['1-2-3 * * * *', 'The minute field has "1-2-3"'],
    ['a * * * *', 'The minute field has "a"'],
    ['* * * foo *', 'The month field has "foo"'],
    [',5 * * * *', 'The minute field has ""'],
  ])('refuses %j (%s)', (expression, message) => {
    const parsed = parseCronExpression(expression);
    expect(parsed.success).toBe(false);
    expect(!parsed.success && parsed.message).toContain(message);
  });
});

describe('nextCronRun', () => {
  it.each([
    [
      'every minute',
      '* * * * *',
      '2026-12-01T12:00:30Z',
      '2026-12-01T12:01:00.000Z',
    ],
    [
      'strictly after a match',
      '* * * * *',
      '2026-12-01T12:01:00Z',
      '2026-12-01T12:02:00.000Z',
    ],
    [
      'nightly, later today',
      '0 3 * * *',
      '2026-12-01T02:59:59Z',
      '2026-12-01T03:00:00.000Z',
    ],
    [
      'nightly, tomorrow',
      '0 3 * * *',
      '2026-12-01T03:00:00Z',
      '2026-12-02T03:00:00.000Z',
    ],
    [
      'every 15 minutes',
      '*/15 * * * *',
      '2026-12-01T12:07:00Z',
      '2026-12-01T12:15:00.000Z',
    ],
    [
      'across the year',
      '0 0 1 1 *',
      '2026-12-01T00:00:00Z',
      '2027-01-01T00:00:00.000Z',
    ],
    [
      'on Mondays',
      '30 6 * * mon',
      '2026-12-01T12:00:00Z',
      '2026-12-07T06:30:00.000Z',
    ],
    [
      'a leap day',
      '0 0 29 2 *',
      '2026-12-01T00:00:00Z',
      '2028-02-29T00:00:00.000Z',
    ],
    [
      'the last hour of a month',
      '0 23 31 * *',
      '2026-11-30T00:00:00Z',
      '2026-12-31T23:00:00.000Z',
    ],
    // Both day fields restricted: either matches (the 1st, or a Friday).
    [
      'day of month or weekday',
      '0 0 1 * fri',
      '2026-12-01T00:00:00Z',
      '2026-12-04T00:00:00.000Z',
    ],
    // A field that starts with * does not widen the other: the 1st that is a Sunday.
    [
      'a starred weekday',
      '0 0 1 * */7',
      '2026-12-01T12:00:00Z',
      '2027-08-01T00:00:00.000Z',
    ],
  ])('%s: %s after %s', (_what, expression, after, expected) => {
    expect(next(expression, after)).toBe(expected);
  });

  it('answers nothing for an expression that names no time', () => {
    expect(next('0 0 31 2 *', '2026-12-01T00:00:00Z')).toBeUndefined();
    expect(next('0 0 30 2 *', '2026-12-01T00:00:00Z')).toBeUndefined();
  });
});
