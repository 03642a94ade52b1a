import {
  BackupSchedule,
  effectiveBackupSchedule,
  nextScheduledBackup,
  parseBackupSchedule,
} from './BackupSchedule';

const nightly: BackupSchedule = {
  cron: '0 3 * * *',
  ttlSeconds: 86400,
  paused: false,
};
const hourly: BackupSchedule = {
  cron: '0 * * * *',
  ttlSeconds: 3600,
  paused: false,
};

describe('parseBackupSchedule', () => {
  it('answers the schedule, not paused unless asked', () => {
    expect(parseBackupSchedule({ cron: ' 0 3 * * * ', ttl: '1d' })).toEqual({
      success: true,
      value: nightly,
    });
    expect(
      parseBackupSchedule({ cron: '@hourly', ttl: '1h', paused: true }),
    ).toEqual({
      success: true,
      value: { cron: '@hourly', ttlSeconds: 3600, paused: true },
    });
  });

  it('names every problem under its field', () => {
    const result = parseBackupSchedule(
      { cron: '0 3 * *', ttl: 'forever' },
      'schedule',
    );
    expect(result.success).toBe(false);
    expect(!result.success && result.problems).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'schedule.cron',
        message: expect.stringContaining('five fields'),
      },
      {
        code: 'VALIDATION_FAILED',
        field: 'schedule.ttl',
        message: expect.stringContaining('"forever" is not a TTL'),
      },
    ]);
  });
});

describe('effectiveBackupSchedule', () => {
  it.each([
    [
      'the deployment’s own',
      { deployment: hourly, environment: nightly },
      { schedule: hourly, source: 'DEPLOYMENT' },
    ],
    [
      'its own even when paused',
      { deployment: { ...hourly, paused: true }, environment: nightly },
      { schedule: { ...hourly, paused: true }, source: 'DEPLOYMENT' },
    ],
    [
      'else the environment’s',
      { environment: nightly },
      { schedule: nightly, source: 'ENVIRONMENT' },
    ],
    ['else none', {}, undefined],
  ] as const)('%s', (_what, schedules, expected) => {
    expect(effectiveBackupSchedule(schedules)).toEqual(expected);
  });
});

describe('nextScheduledBackup', () => {
  const after = new Date('2026-12-01T12:00:00Z');

  it.each([
    ['the next slot', nightly, '2026-12-02T03:00:00.000Z'],
    ['none while paused', { ...nightly, paused: true }, undefined],
    ['none for a bad expression', { ...nightly, cron: 'never' }, undefined],
  ] as const)('%s', (_what, schedule, expected) => {
    expect(nextScheduledBackup(schedule, after)?.toISOString()).toBe(expected);
  });
});
