import { BackupSchedule } from '@styrmin/plugin-styrmin-common';
import { dueSlot } from './runBackupSchedules';

describe('dueSlot', () => {
  const hourly: BackupSchedule = {
    cron: '0 * * * *',
    ttlSeconds: 3600,
    paused: false,
  };
  const at = (iso: string) => new Date(iso);

  it.each([
    [
      'none before the first slot',
      '2026-12-01T12:10:00Z',
      '2026-12-01T12:59:59Z',
      undefined,
    ],
    [
      'the slot that has come',
      '2026-12-01T12:10:00Z',
      '2026-12-01T13:00:00Z',
      '2026-12-01T13:00:00.000Z',
    ],
    [
      'only the newest of the missed slots',
      '2026-12-01T12:10:00Z',
      '2026-12-01T17:30:00Z',
      '2026-12-01T17:00:00.000Z',
    ],
    [
      'none for the slot already filled',
      '2026-12-01T13:00:00Z',
      '2026-12-01T13:30:00Z',
      undefined,
    ],
  ])('answers %s', (_what, after, now, expected) => {
    expect(dueSlot(hourly, at(after), at(now))?.toISOString()).toBe(expected);
  });

  it('answers none while paused', () => {
    expect(
      dueSlot(
        { ...hourly, paused: true },
        at('2026-12-01T12:10:00Z'),
        at('2026-12-02T12:00:00Z'),
      ),
    ).toBeUndefined();
  });
});
