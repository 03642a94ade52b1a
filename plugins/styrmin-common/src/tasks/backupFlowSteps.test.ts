import { BACKUP_FLOW_STEPS, isBackupFlow } from './backupFlowSteps';

describe('the backup flows', () => {
  it('name their steps as the contract does', () => {
    expect(BACKUP_FLOW_STEPS).toEqual({
      CREATE_BACKUP: ['Back up the namespace'],
      RESTORE_BACKUP: [
        'Stop the components',
        'Remove the volume claims of the backup',
        'Restore the namespace',
        'Start the components',
      ],
      DELETE_BACKUP: ['Delete the backup from its storage location'],
    });
  });

  it.each([
    ['CREATE_BACKUP', true],
    ['RESTORE_BACKUP', true],
    ['DELETE_BACKUP', true],
    ['STOP_COMPONENTS', false],
    ['toString', false],
  ])('knows whether %s is one', (flow, expected) => {
    expect(isBackupFlow(flow)).toBe(expected);
  });
});
