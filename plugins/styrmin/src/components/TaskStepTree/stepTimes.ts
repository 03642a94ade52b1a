const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long something took, to the second, in the units that matter: `0.4 s` under a
 * second (a step that reports at once), `42 s`, `3 min 5 s`, `1 h 2 min`.
 */
export function formatDuration(milliseconds: number): string {
  const ms = Math.max(0, milliseconds);
  if (ms < SECOND) {
    return `${(ms / SECOND).toFixed(1)} s`;
  }
  if (ms < MINUTE) {
    return `${Math.round(ms / SECOND)} s`;
  }
  if (ms < HOUR) {
    const minutes = Math.floor(ms / MINUTE);
    const seconds = Math.round((ms % MINUTE) / SECOND);
    return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
  }
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.round((ms % HOUR) / MINUTE);
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

/**
 * A step's time for people, to the second: the date and time of its start, and of its
 * end only the time when it ends the same day.
 */
export function formatStepTime(iso: string, sameDayAs?: string): string {
  const date = new Date(iso);
  if (sameDayAs && new Date(sameDayAs).toDateString() === date.toDateString()) {
    return date.toLocaleTimeString(undefined, { timeStyle: 'medium' });
  }
  return date.toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
}
