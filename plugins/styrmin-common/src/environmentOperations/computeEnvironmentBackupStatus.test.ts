import { EnvironmentBackupStatus } from './EnvironmentBackupStatus';
import {
  computeEnvironmentBackupStatus,
  EnvironmentBackupConstituentState,
} from './computeEnvironmentBackupStatus';

const completed = { phase: 'Completed', deleting: false } as const;
const failed = { phase: 'Failed', deleting: false } as const;
const partlyFailed = { phase: 'PartiallyFailed', deleting: false } as const;
const refused = { phase: 'FailedValidation', deleting: false } as const;
const inProgress = { phase: 'InProgress', deleting: false } as const;
const notReported = { deleting: false } as const;
const deleting = { phase: 'Completed', deleting: true } as const;
const gone = undefined;

describe('computeEnvironmentBackupStatus', () => {
  it.each<
    [string, EnvironmentBackupConstituentState[], EnvironmentBackupStatus]
  >([
    ['no deployment captured', [], 'GONE'],
    ['every constituent gone', [gone, gone], 'GONE'],
    ['every constituent gone or being deleted', [gone, deleting], 'GONE'],
    ['a constituent not reported yet', [completed, notReported], 'IN_PROGRESS'],
    ['a constituent in progress', [inProgress, completed], 'IN_PROGRESS'],
    ['in progress before failed', [failed, inProgress], 'IN_PROGRESS'],
    ['in progress beside a gone one', [gone, inProgress], 'IN_PROGRESS'],
    ['a constituent failed', [completed, failed], 'FAILED'],
    ['a constituent partly failed', [partlyFailed, completed], 'FAILED'],
    ['a constituent refused by Velero', [refused], 'FAILED'],
    ['failed before partial', [gone, failed, completed], 'FAILED'],
    ['a constituent deleted', [completed, gone], 'PARTIAL'],
    ['a constituent being deleted', [deleting, completed], 'PARTIAL'],
    ['every constituent completed', [completed, completed], 'COMPLETED'],
    ['one constituent completed', [completed], 'COMPLETED'],
  ])('%s', (_, constituents, expected) => {
    expect(computeEnvironmentBackupStatus(constituents)).toBe(expected);
  });
});
