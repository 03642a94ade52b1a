import {
  createBackupReason,
  deleteBackupReason,
  restoreBackupReason,
} from './backupActionReasons';

const allowed = { loading: false, allowed: true };
const denied = { loading: false, allowed: false };
const loading = { loading: true, allowed: false };
const permissionName = 'styrmin.backup.x';

describe('createBackupReason', () => {
  const running = { state: 'RUNNING' as const, deletedAt: null };
  it.each([
    ['allowed on a running deployment', allowed, running, undefined],
    [
      'the permission is being checked',
      loading,
      running,
      'Checking your permissions',
    ],
    [
      'the permission first',
      denied,
      { state: 'DELETED' as const, deletedAt: 'x' },
      'You lack the permission styrmin.backup.x',
    ],
    [
      'a tombstone',
      allowed,
      { state: 'DELETED' as const, deletedAt: 'x' },
      'The deployment is deleted: its backup history stays, no backup can be taken',
    ],
    [
      'a deployment being deleted',
      allowed,
      { state: 'DELETING' as const, deletedAt: null },
      'The deployment is being deleted',
    ],
    [
      'a failed deployment, which has data to keep',
      allowed,
      { state: 'FAILED' as const, deletedAt: null },
      undefined,
    ],
  ])('%s', (_, permission, deployment, reason) => {
    expect(createBackupReason({ deployment, permission, permissionName })).toBe(
      reason,
    );
  });
});

describe('restoreBackupReason', () => {
  it('gives the permission first, then the server’s refusal', () => {
    const refused = { restorable: false, refusal: 'The backup is Failed' };
    expect(
      restoreBackupReason({
        backup: refused,
        permission: denied,
        permissionName,
      }),
    ).toBe('You lack the permission styrmin.backup.x');
    expect(
      restoreBackupReason({
        backup: refused,
        permission: allowed,
        permissionName,
      }),
    ).toBe('The backup is Failed');
    expect(
      restoreBackupReason({
        backup: { restorable: true, refusal: null },
        permission: allowed,
        permissionName,
      }),
    ).toBeUndefined();
  });
});

describe('deleteBackupReason', () => {
  it.each([
    [
      'an ended backup',
      { phase: 'Completed' as const, deletion: null },
      undefined,
    ],
    [
      'a failed one',
      { phase: 'PartiallyFailed' as const, deletion: null },
      undefined,
    ],
    [
      'one Velero has not started',
      { phase: null, deletion: null },
      'A backup is deleted once it has ended; it is New',
    ],
    [
      'one that runs',
      { phase: 'InProgress' as const, deletion: null },
      'A backup is deleted once it has ended; it is InProgress',
    ],
    [
      'one whose deletion runs',
      {
        phase: 'Completed' as const,
        deletion: {
          id: 't',
          type: 'delete_backup' as const,
          status: 'RUNNING' as const,
          result: 'RUNNING' as const,
        },
      },
      'Its deletion is running',
    ],
    [
      'one whose deletion failed, to try again',
      {
        phase: 'Completed' as const,
        deletion: {
          id: 't',
          type: 'delete_backup' as const,
          status: 'FAILED' as const,
          result: 'FAILED' as const,
        },
      },
      undefined,
    ],
  ])('%s', (_, backup, reason) => {
    expect(
      deleteBackupReason({ backup, permission: allowed, permissionName }),
    ).toBe(reason);
  });
});
