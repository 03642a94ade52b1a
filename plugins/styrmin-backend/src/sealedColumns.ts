import { DEPLOYMENTS_TABLE } from './deployments/tables';
import { ENVIRONMENT_BACKUPS_TABLE } from './environmentOperations/tables';
import { INSTANCES_TABLE } from './instances/tables';
import { SealedColumn } from './secrets/SecretResealer';
import { PLANS_TABLE } from './plans/DatabasePlanStore';
import { TASKS_TABLE } from './tasks/tables';

/**
 * Every column that holds secret values, which its store seals (`sealJson`): what the
 * backend reseals at its start (docs/secrets-at-rest.md). A store that starts sealing a
 * column adds it here.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: DEPLOYMENTS_TABLE, column: 'configuration' },
  { table: INSTANCES_TABLE, column: 'context' },
  { table: INSTANCES_TABLE, column: 'configuration' },
  { table: ENVIRONMENT_BACKUPS_TABLE, column: 'deployments' },
  { table: TASKS_TABLE, column: 'prompts' },
  { table: PLANS_TABLE, column: 'change' },
];
