import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { EnvironmentBackup, StyrminClient } from '@styrmin/sdk';

/** The environment backup of an id; NOT_FOUND when there is none. */
export async function findEnvironmentBackup(
  client: StyrminClient,
  id: string,
): Promise<EnvironmentBackup> {
  const found = await client.environmentBackups.get(id);
  if (!found) {
    throw new StyrminError(
      'NOT_FOUND',
      `No environment backup ${id}: give its whole id, as environment-backups list shows it`,
    );
  }
  return found;
}
