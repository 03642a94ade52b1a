import { StyrminOperation } from '../StyrminOperation';
import { BackupQuery } from '../generated/operationTypes';
import { taskDetailFragment, TaskTree } from '../taskFields';
import { Backup, backupFragment } from './backupFields';

/**
 * A backup with its task as a tree of steps, as `StyrminClient.backups.get()` returns it.
 *
 * @public
 */
export interface BackupDetail extends Omit<Backup, 'task'> {
  task: TaskTree | null;
}

/** A backup with its task's steps in detail: what {@link backupOperation} reads. */
export type BackupWithTask = NonNullable<BackupQuery['backup']>;

/** Reads one `backup` with its task's steps. */
export const backupOperation: StyrminOperation<
  { backup: BackupWithTask | null },
  BackupWithTask | undefined
> = {
  operationName: 'Backup',
  document: /* GraphQL */ `
    query Backup($id: ID!) {
      backup(id: $id) {
        ...BackupFields
        task {
          ...TaskDetailFields
        }
      }
    }
    ${backupFragment}
    ${taskDetailFragment}
  `,
  result: data => data.backup ?? undefined,
};
