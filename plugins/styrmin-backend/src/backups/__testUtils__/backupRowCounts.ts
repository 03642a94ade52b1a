import { Knex } from 'knex';
import { rowCounts } from '../../__testUtils__/reconciliation';
import {
  BACKUP_STORAGE_LOCATION_STATUSES_TABLE,
  BACKUP_STORAGE_LOCATIONS_TABLE,
} from '../../backupStorageLocations/tables';
import {
  BACKUP_SCHEDULES_TABLE,
  BACKUPS_TABLE,
  RESTORES_TABLE,
} from '../tables';

/**
 * Every row a backup operation may write, by table: the core records', the backups', their
 * restores' and schedules', and the locations' with their observed states.
 * A refusal leaves them as they were.
 */
export async function backupRowCounts(
  knex: Knex,
): Promise<Record<string, number>> {
  const counts = await rowCounts(knex);
  for (const table of [
    BACKUPS_TABLE,
    RESTORES_TABLE,
    BACKUP_SCHEDULES_TABLE,
    BACKUP_STORAGE_LOCATIONS_TABLE,
    BACKUP_STORAGE_LOCATION_STATUSES_TABLE,
  ]) {
    const [{ n }] = await knex(table).count({ n: '*' });
    counts[table] = Number(n);
  }
  return counts;
}
