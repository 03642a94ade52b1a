import {
  backUpEnvironmentReason,
  deleteEnvironmentBackupReason,
  restoreEnvironmentReason,
} from './environmentBackupActionReasons';

const allowed = { loading: false, allowed: true };
const denied = { loading: false, allowed: false };
const loading = { loading: true, allowed: false };

const running = { state: 'RUNNING' as const };
const tombstone = { state: 'DELETED' as const };

describe('backUpEnvironmentReason', () => {
  it.each([
    ['allowed', allowed, 'minio', [running], undefined],
    ['checking', loading, 'minio', [running], 'Checking your permissions'],
    [
      'the permission first',
      denied,
      null,
      [],
      'Backing up an environment needs styrmin.environmentbackup.create, which operators and administrators have.',
    ],
    [
      'no location',
      allowed,
      null,
      [running],
      'The environment has no backup storage location: its settings set one',
    ],
    [
      'only tombstones',
      allowed,
      'minio',
      [tombstone],
      'The environment has no deployment to back up',
    ],
    [
      'no deployment at all',
      allowed,
      'minio',
      [],
      'The environment has no deployment to back up',
    ],
  ])('%s', (_, permission, backupStorageLocation, deployments, reason) => {
    expect(
      backUpEnvironmentReason({
        environment: {
          backupStorageLocation,
          deployments: deployments as never,
        },
        permission,
      }),
    ).toBe(reason);
  });
});

describe('restoreEnvironmentReason', () => {
  it.each([
    ['a completed backup', allowed, 'COMPLETED' as const, undefined],
    [
      'a partial one: the plan says what is left',
      allowed,
      'PARTIAL' as const,
      undefined,
    ],
    [
      'a failed one: others may be usable',
      allowed,
      'FAILED' as const,
      undefined,
    ],
    [
      'an operator',
      denied,
      'COMPLETED' as const,
      'Restoring an environment needs styrmin.environment.restore, which administrators have.',
    ],
    [
      'nothing left',
      allowed,
      'GONE' as const,
      'Every constituent was deleted or expired: nothing is left to restore',
    ],
    [
      'one that runs',
      allowed,
      'IN_PROGRESS' as const,
      'It is restored once every constituent has ended',
    ],
  ])('%s', (_, permission, status, reason) => {
    expect(restoreEnvironmentReason({ backup: { status }, permission })).toBe(
      reason,
    );
  });
});

describe('deleteEnvironmentBackupReason', () => {
  it.each([
    ['an ended one', allowed, 'FAILED' as const, undefined],
    ['a gone one, to drop the record', allowed, 'GONE' as const, undefined],
    [
      'one that runs',
      allowed,
      'IN_PROGRESS' as const,
      'It is deleted once every constituent has ended',
    ],
    [
      'a read-only user',
      denied,
      'COMPLETED' as const,
      'Deleting an environment backup needs styrmin.environmentbackup.delete, which operators and administrators have.',
    ],
  ])('%s', (_, permission, status, reason) => {
    expect(
      deleteEnvironmentBackupReason({ backup: { status }, permission }),
    ).toBe(reason);
  });
});
