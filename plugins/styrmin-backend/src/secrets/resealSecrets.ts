import { LoggerService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { SEALED_COLUMNS } from '../sealedColumns';
import { SecretBox } from './SecretBox';
import { SecretResealer, SecretResealerResult } from './SecretResealer';

/**
 * Reseals every secret value of the database that is not under the newest key, and logs
 * how many: what the backend does at each start and `scripts/reseal-secrets` does on
 * demand (docs/secrets-at-rest.md).
 *
 * @internal
 */
export async function resealSecrets(options: {
  knex: Knex;
  box: SecretBox;
  logger: LoggerService;
}): Promise<SecretResealerResult> {
  const { knex, box, logger } = options;
  const result = await SecretResealer.create({
    knex,
    box,
    columns: SEALED_COLUMNS,
  }).reseal();
  const total = Object.values(result.resealed).reduce((n, c) => n + c, 0);
  if (total > 0 || result.skipped > 0) {
    logger.info(
      `Resealed ${total} secret values under key ${box.newestKeyId} (${result.skipped} written meanwhile)`,
      result.resealed,
    );
  }
  return result;
}
