/**
 * The longest TTL a backup can have: ten years, far below what a timestamp holds and what
 * Velero's Go duration (about 292 years) holds.
 *
 * @public
 */
export const MAX_BACKUP_TTL_SECONDS = 10 * 366 * 24 * 3600;

const UNIT_SECONDS: Record<string, number> = { d: 86400, h: 3600, m: 60, s: 1 };
const TTL = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/**
 * Parses the TTL of a backup or a schedule as users write it: days, hours, minutes and
 * seconds in that order, each optional (`30d`, `720h`, `1h30m`, Velero's own `720h0m0s`).
 * Answers the seconds, or undefined for anything else, zero, or more than
 * {@link MAX_BACKUP_TTL_SECONDS}.
 *
 * @public
 */
export function parseBackupTtl(text: string): number | undefined {
  const match = TTL.exec(text.trim());
  if (!match || match.slice(1).every(part => part === undefined)) {
    return undefined;
  }
  const seconds = ['d', 'h', 'm', 's'].reduce(
    (sum, unit, i) => sum + Number(match[i + 1] ?? 0) * UNIT_SECONDS[unit],
    0,
  );
  return seconds > 0 && seconds <= MAX_BACKUP_TTL_SECONDS ? seconds : undefined;
}

/**
 * A TTL as Velero's Backup spec takes it, a Go duration: `720h0m0s`.
 *
 * @public
 */
export function veleroTtl(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 3600)}h${Math.floor((whole % 3600) / 60)}m${
    whole % 60
  }s`;
}

/**
 * When a backup expires: its creation plus its TTL, as Velero computes
 * `status.expiration`. An expired backup is removed, record and Velero objects.
 *
 * @public
 */
export function backupExpiresAt(options: {
  createdAt: Date;
  ttlSeconds: number;
}): Date {
  return new Date(options.createdAt.getTime() + options.ttlSeconds * 1000);
}
