import {
  AGENT_VELERO_MAX_MESSAGE_LENGTH,
  AGENT_VELERO_MAX_MESSAGES,
} from '@styrmin/plugin-styrmin-common';
import { VeleroBackup, VeleroPodVolumeBackup, VeleroRestore } from './velero';
import { backupStatus, restoreStatus, veleroOutcome } from './veleroStatus';

const backup = (status: VeleroBackup['status']): VeleroBackup => ({
  apiVersion: 'velero.io/v1',
  kind: 'Backup',
  metadata: { name: 'shop-b1', namespace: 'velero' },
  spec: {},
  status,
});

const pvb = (
  phase: string,
  totalBytes?: number,
  message?: string,
): VeleroPodVolumeBackup => ({
  metadata: { name: `shop-b1-${phase}` },
  spec: {
    pod: { namespace: 'styrmin-d1', name: 'db-0' },
    volume: 'data',
  },
  status: {
    phase,
    message,
    progress: totalBytes === undefined ? undefined : { totalBytes },
  },
});

describe('backupStatus', () => {
  it('is New before Velero has looked at the backup', () => {
    expect(backupStatus(backup(undefined), [])).toEqual({
      phase: 'New',
      itemsBackedUp: null,
      totalItems: null,
      sizeBytes: null,
      errors: [],
      warnings: [],
      failureReason: null,
      startedAt: null,
      completedAt: null,
      expiresAt: null,
    });
  });

  it("gives the progress, the times in ISO 8601, and the size of the volumes' copies", () => {
    expect(
      backupStatus(
        backup({
          phase: 'Completed',
          progress: { totalItems: 12, itemsBackedUp: 12 },
          startTimestamp: '2026-12-01T21:00:00Z',
          completionTimestamp: '2026-12-01T21:00:04Z',
          expiration: '2026-12-31T21:00:00Z',
        }),
        [pvb('Completed', 1000), pvb('Completed', 24), pvb('New')],
      ),
    ).toMatchObject({
      phase: 'Completed',
      itemsBackedUp: 12,
      totalItems: 12,
      sizeBytes: 1024,
      startedAt: '2026-12-01T21:00:00.000Z',
      completedAt: '2026-12-01T21:00:04.000Z',
      expiresAt: '2026-12-31T21:00:00.000Z',
    });
  });

  it("says the failed volumes' errors in words, and Velero's count of the rest with where they are", () => {
    expect(
      backupStatus(
        backup({ phase: 'PartiallyFailed', errors: 3, warnings: 1 }),
        [pvb('Failed', 10, 'error running kopia backup: access denied')],
      ),
    ).toMatchObject({
      errors: [
        'The backup of volume data of pod styrmin-d1/db-0 failed: error running kopia backup: access denied',
        'Velero counted 3 errors in all; `velero backup logs shop-b1` shows the rest',
      ],
      warnings: [
        'Velero counted 1 warning; `velero backup logs shop-b1` shows them',
      ],
    });
  });

  it("gives Failed's reason, and FailedValidation's errors with the location's message", () => {
    expect(
      backupStatus(
        backup({ phase: 'Failed', failureReason: 'store refused' }),
        [],
      ).failureReason,
    ).toBe('store refused');
    expect(
      backupStatus(
        backup({
          phase: 'FailedValidation',
          validationErrors: [
            "backup can't be created because BackupStorageLocation minio is in Unavailable status.",
          ],
        }),
        [],
        {
          apiVersion: 'velero.io/v1',
          kind: 'BackupStorageLocation',
          metadata: { name: 'minio' },
          spec: { provider: 'aws', objectStorage: { bucket: 'b' } },
          status: {
            phase: 'Unavailable',
            message:
              'BackupStorageLocation "minio" is unavailable: api error SignatureDoesNotMatch',
          },
        },
      ).failureReason,
    ).toBe(
      'backup can\'t be created because BackupStorageLocation minio is in Unavailable status. BackupStorageLocation "minio" is unavailable: api error SignatureDoesNotMatch',
    );
  });

  it("keeps within the protocol's bounds", () => {
    const long = 'x'.repeat(AGENT_VELERO_MAX_MESSAGE_LENGTH + 10);
    const status = backupStatus(
      backup({ phase: 'Failed', failureReason: long, errors: 500 }),
      Array.from({ length: 150 }, () => pvb('Failed', 1, long)),
    );
    expect(status.failureReason).toHaveLength(AGENT_VELERO_MAX_MESSAGE_LENGTH);
    expect(status.errors).toHaveLength(AGENT_VELERO_MAX_MESSAGES);
    expect(status.errors![0]).toHaveLength(AGENT_VELERO_MAX_MESSAGE_LENGTH);
  });
});

describe('restoreStatus', () => {
  const restore = (status: VeleroRestore['status']): VeleroRestore => ({
    apiVersion: 'velero.io/v1',
    kind: 'Restore',
    metadata: { name: 'shop-r1' },
    spec: { backupName: 'shop-b1' },
    status,
  });

  it('gives the progress, times, counts in words and the validation errors', () => {
    expect(
      restoreStatus(
        restore({
          phase: 'Completed',
          progress: { totalItems: 9, itemsRestored: 9 },
          warnings: 2,
          startTimestamp: '2026-12-01T22:00:00Z',
          completionTimestamp: '2026-12-01T22:00:02Z',
        }),
      ),
    ).toEqual({
      phase: 'Completed',
      itemsRestored: 9,
      totalItems: 9,
      errors: [],
      warnings: [
        'Velero counted 2 warnings; `velero restore logs shop-r1` shows them',
      ],
      failureReason: null,
      startedAt: '2026-12-01T22:00:00.000Z',
      completedAt: '2026-12-01T22:00:02.000Z',
    });
    expect(
      restoreStatus(
        restore({
          phase: 'FailedValidation',
          validationErrors: [
            'The BackupStorageLocation minio is not available',
          ],
        }),
      ).failureReason,
    ).toBe('The BackupStorageLocation minio is not available');
  });
});

describe('veleroOutcome', () => {
  const of = (
    status: VeleroBackup['status'],
    pvbs: VeleroPodVolumeBackup[] = [],
  ) =>
    veleroOutcome('Velero backup shop-b1', backupStatus(backup(status), pvbs));

  it.each(['New', 'Queued', 'InProgress', 'Finalizing', 'Deleting'])(
    'goes on while %s',
    phase => {
      expect(of({ phase })).toEqual({ ended: false });
    },
  );

  it('succeeds on Completed only', () => {
    expect(of({ phase: 'Completed' })).toEqual({
      ended: true,
      succeeded: true,
    });
  });

  it("fails with Velero's words otherwise", () => {
    expect(of({ phase: 'Failed', failureReason: 'store refused' })).toEqual({
      ended: true,
      succeeded: false,
      error: 'Velero backup shop-b1 failed: store refused',
    });
    expect(
      of({ phase: 'PartiallyFailed', errors: 1 }, [pvb('Failed', 1, 'denied')]),
    ).toEqual({
      ended: true,
      succeeded: false,
      error:
        'Velero backup shop-b1 partially failed: The backup of volume data of pod styrmin-d1/db-0 failed: denied',
    });
    expect(
      of({ phase: 'FailedValidation', validationErrors: ['no location'] }),
    ).toEqual({
      ended: true,
      succeeded: false,
      error: 'Velero backup shop-b1 failed validation: no location',
    });
  });
});
