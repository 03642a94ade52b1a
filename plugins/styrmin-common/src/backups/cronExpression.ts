/**
 * A parsed five-field cron expression (minute, hour, day of month, month, day of week),
 * read in UTC.
 *
 * @public
 */
export type CronExpression = {
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly daysOfMonth: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  /** 0 is Sunday; 7 is read as 0. */
  readonly daysOfWeek: ReadonlySet<number>;
  /** Whether the day-of-month field was `*` (for the rule of the two day fields). */
  readonly anyDayOfMonth: boolean;
  readonly anyDayOfWeek: boolean;
};

type Field = {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
};

const FIELDS: readonly Field[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' '),
  },
  {
    name: 'day of week',
    min: 0,
    max: 7,
    names: 'sun mon tue wed thu fri sat'.split(' '),
  },
];

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/**
 * Parses a cron expression as Kubernetes CronJobs and Velero Schedules take it: five
 * fields separated by spaces, each `*`, a number, a range `a-b`, a step `*\/n` or `a-b/n`,
 * or a list of these separated by commas; month and weekday names (`jan`, `mon`); 7 for
 * Sunday; and the macros `@hourly`, `@daily` (`@midnight`), `@weekly`, `@monthly` and
 * `@yearly` (`@annually`). Answers the expression, or a message saying what is wrong.
 *
 * @public
 */
export function parseCronExpression(
  text: string,
):
  | { success: true; value: CronExpression }
  | { success: false; message: string } {
  const source = MACROS[text.trim().toLowerCase()] ?? text.trim();
  const parts = source.split(/\s+/);
  if (parts.length !== FIELDS.length) {
    return {
      success: false,
      message: `A cron expression has five fields (minute hour day-of-month month day-of-week), not ${
        source === '' ? 0 : parts.length
      }`,
    };
  }
  const sets: Set<number>[] = [];
  for (const [i, field] of FIELDS.entries()) {
    const parsed = parseField(parts[i].toLowerCase(), field);
    if (typeof parsed === 'string') {
      return { success: false, message: `The ${field.name} field ${parsed}` };
    }
    sets.push(parsed);
  }
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = sets;
  if (daysOfWeek.delete(7)) {
    daysOfWeek.add(0);
  }
  return {
    success: true,
    value: {
      minutes,
      hours,
      daysOfMonth,
      months,
      daysOfWeek,
      // As in Vixie cron: a field that starts with * does not restrict the day.
      anyDayOfMonth: parts[2].startsWith('*'),
      anyDayOfWeek: parts[4].startsWith('*'),
    },
  };
}

function parseField(text: string, field: Field): Set<number> | string {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range, stepText, ...rest] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (rest.length > 0 || !Number.isInteger(step) || step < 1) {
      return `has a bad step in "${item}"`;
    }
    let from: number;
    let to: number;
    if (range === '*') {
      from = field.min;
      to = field.max === 7 ? 6 : field.max;
    } else {
      const bounds = range.split('-');
      const low = fieldValue(bounds[0], field);
      const high = bounds.length === 2 ? fieldValue(bounds[1], field) : low;
      if (bounds.length > 2 || low === undefined || high === undefined) {
        return `has "${item}", which is not a value from ${field.min} to ${field.max}`;
      }
      from = low;
      // A single value with a step runs to the end of the field, as in Vixie cron.
      to = bounds.length === 1 && stepText !== undefined ? field.max : high;
      if (from > to) {
        return `has the range "${range}", which runs backwards`;
      }
    }
    for (let v = from; v <= to; v += step) {
      values.add(v);
    }
  }
  return values;
}

/** A number or name of a field; undefined when it is neither, or out of range. */
function fieldValue(text: string, field: Field): number | undefined {
  const named = field.names?.indexOf(text) ?? -1;
  let number = NaN;
  if (named >= 0) {
    number = named + field.min;
  } else if (/^\d+$/.test(text)) {
    number = Number(text);
  }
  return number >= field.min && number <= field.max ? number : undefined;
}

/** How far a search looks: an expression that names no time (`0 0 31 2 *`) stops there. */
const SEARCH_LIMIT_DAYS = 366 * 5;

/**
 * The first time after `after` (strictly) that a cron expression names, in UTC, to the
 * minute; undefined when it names none in the next five years (February 31st). When both
 * day fields are restricted, a day matches either of them, as in every cron.
 *
 * @public
 */
export function nextCronRun(
  expression: CronExpression,
  after: Date,
): Date | undefined {
  const time = new Date(after.getTime());
  time.setUTCSeconds(0, 0);
  time.setUTCMinutes(time.getUTCMinutes() + 1);
  const limit = after.getTime() + SEARCH_LIMIT_DAYS * 86_400_000;
  while (time.getTime() <= limit) {
    if (!expression.months.has(time.getUTCMonth() + 1)) {
      time.setUTCMonth(time.getUTCMonth() + 1, 1);
      time.setUTCHours(0, 0);
      continue;
    }
    if (!dayMatches(expression, time)) {
      time.setUTCDate(time.getUTCDate() + 1);
      time.setUTCHours(0, 0);
      continue;
    }
    if (!expression.hours.has(time.getUTCHours())) {
      time.setUTCHours(time.getUTCHours() + 1, 0);
      continue;
    }
    if (!expression.minutes.has(time.getUTCMinutes())) {
      time.setUTCMinutes(time.getUTCMinutes() + 1);
      continue;
    }
    return time;
  }
  return undefined;
}

function dayMatches(expression: CronExpression, time: Date): boolean {
  const byMonth = expression.daysOfMonth.has(time.getUTCDate());
  const byWeek = expression.daysOfWeek.has(time.getUTCDay());
  if (expression.anyDayOfMonth || expression.anyDayOfWeek) {
    return byMonth && byWeek;
  }
  return byMonth || byWeek;
}
