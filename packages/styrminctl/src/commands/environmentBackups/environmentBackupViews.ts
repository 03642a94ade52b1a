import { EnvironmentBackup } from '@styrmin/sdk';

/*
 * What the table format shows of environment backups: the record, then one row per
 * constituent. JSON and YAML print the records whole.
 */

/** How many constituents are left of how many the environment backup captured. */
function constituentsLeft(environmentBackup: EnvironmentBackup): string {
  const { constituents } = environmentBackup;
  const left = constituents.filter(c => c.backup && !c.backup.deletion);
  return `${left.length}/${constituents.length}`;
}

/** One environment backup as a row of `environment-backups list`. */
export function environmentBackupRow(environmentBackup: EnvironmentBackup) {
  return {
    id: environmentBackup.id,
    status: environmentBackup.status,
    constituents: constituentsLeft(environmentBackup),
    by: environmentBackup.createdBy,
    created: environmentBackup.createdAt,
  };
}

/**
 * One environment backup as `environment-backups show` and `environments backup` print
 * it: the record, then its constituents, one row each (a gone one: `gone`).
 */
export function environmentBackupTables(
  environmentBackup: EnvironmentBackup,
): unknown[] {
  return [
    {
      id: environmentBackup.id,
      environment: environmentBackup.environmentName,
      storageLocation: environmentBackup.backupStorageLocation ?? undefined,
      status: environmentBackup.status,
      constituents: constituentsLeft(environmentBackup),
      by: environmentBackup.createdBy,
      created: environmentBackup.createdAt,
    },
    environmentBackup.constituents.map(constituent => ({
      deployment: constituent.deploymentName,
      driver: `${constituent.driverName} ${constituent.driverVersion}`,
      appVersion: constituent.appVersion,
      backup: constituent.backup?.id ?? 'gone',
      phase: constituent.backup
        ? (constituent.backup.deletion
            ? 'Deleting'
            : constituent.backup.phase) ?? 'New'
        : undefined,
    })),
  ];
}
